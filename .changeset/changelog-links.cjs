// Changelog lines with links, made offline: each line links the commit that added its
// changeset (changesets finds it with git), and the dependency lines link theirs too.
// The GitHub generator (@changesets/changelog-github) asks GitHub's API for pull
// requests and authors at release time, which needs a token and the network; this
// one needs neither. Options: { "repo": "owner/name" }.

/** @param {string} repo @param {string | undefined} commit */
function commitLink(repo, commit) {
  if (!commit) return '';
  return `[\`${commit.slice(0, 7)}\`](https://github.com/${repo}/commit/${commit})`;
}

function repoOf(options) {
  if (!options || typeof options.repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(options.repo))
    throw new Error('changelog-links.cjs needs the option { "repo": "owner/name" }');
  return options.repo;
}

/** @type {import('@changesets/types').ChangelogFunctions} */
const functions = {
  async getReleaseLine(changeset, _type, options) {
    const repo = repoOf(options);
    const [first, ...rest] = changeset.summary.trim().split('\n');
    const link = commitLink(repo, changeset.commit);
    const body = rest.map((line) => `  ${line}`.trimEnd()).join('\n');
    return `\n- ${link ? `${link} ` : ''}${first}${body ? `\n${body}` : ''}`;
  },
  async getDependencyReleaseLine(changesets, dependenciesUpdated, options) {
    if (dependenciesUpdated.length === 0) return '';
    const repo = repoOf(options);
    const links = changesets.map((c) => commitLink(repo, c.commit)).filter(Boolean);
    const updated = dependenciesUpdated.map((d) => `  - ${d.name}@${d.newVersion}`);
    return [
      `- Updated dependencies${links.length ? ` ${links.join(', ')}` : ''}:`,
      ...updated,
    ].join('\n');
  },
};

module.exports = { default: functions };

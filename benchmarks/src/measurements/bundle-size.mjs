// Bundle size: what each entry costs an app, minified and gzipped, bundled the
// way an app bundles it (esbuild, ESM, browser) from the files in entries/.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from '../../../scripts/measure-bundle.mjs';
import { kB, times } from '../lib/format.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';

export const title = 'Bundle size';

const entries = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'entries');
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react/jsx-dev-runtime'];
/** Our core packages, by name: a glob would leave out @site-identity/react itself. */
const OUR_CORE = ['tokens', 'http', 'pkce', 'redirects', 'member-auth'].map(
  (name) => `@site-identity/${name}`,
);

/**
 * Every row: a label, the entry file, what is left out of the bundle, and for
 * our own entries the package and names that must exist before it can be built.
 */
const ROWS = [
  {
    group: 'core',
    label: 'Site Identity: visitor tokens',
    entry: 'tokens.js',
    ours: { '@site-identity/tokens': ['createTokenManager'] },
  },
  {
    group: 'core',
    label: 'Site Identity: hosted login',
    entry: 'hosted-login.js',
    ours: {
      '@site-identity/tokens': ['createTokenManager'],
      '@site-identity/redirects': ['createRedirects'],
    },
  },
  {
    group: 'core',
    label: 'Site Identity: full member auth',
    entry: 'member-auth.js',
    ours: {
      '@site-identity/tokens': ['createTokenManager'],
      '@site-identity/redirects': ['createRedirects'],
      '@site-identity/member-auth': ['createMemberAuth'],
    },
  },
  { group: 'core', label: '@wix/sdk', entry: 'wix-sdk.js' },
  { group: 'core', label: '@auth0/auth0-spa-js', entry: 'auth0-spa-js.js' },
  { group: 'core', label: 'oidc-client-ts', entry: 'oidc-client-ts.js' },
  { group: 'core', label: '@supabase/auth-js', entry: 'supabase-auth-js.js' },
  { group: 'core', label: '@okta/okta-auth-js', entry: 'okta-auth-js.js' },
  {
    group: 'bindings',
    label: 'Site Identity: React bindings',
    entry: 'react.js',
    external: [...REACT, ...OUR_CORE],
    leftOut: 'react, our core packages',
    ours: { '@site-identity/react': ['IdentityProvider', 'useSession', 'RequireMember'] },
  },
  {
    group: 'react',
    label: 'Site Identity: React bindings + core',
    entry: 'react-app.js',
    external: REACT,
    leftOut: 'react',
    ours: {
      '@site-identity/react': ['IdentityProvider', 'useSession', 'RequireMember'],
      '@site-identity/tokens': ['createTokenManager'],
      '@site-identity/redirects': ['createRedirects'],
      '@site-identity/member-auth': ['createMemberAuth'],
    },
  },
  {
    group: 'react',
    label: 'Site Identity: React bindings + core + server session (browser side)',
    entry: 'react-app-server-session.js',
    external: REACT,
    leftOut: 'react',
    ours: {
      '@site-identity/react': ['IdentityProvider', 'useSession', 'RequireMember'],
      '@site-identity/tokens': ['createTokenManager'],
      '@site-identity/server/browser': ['serverSessionSource'],
    },
  },
  {
    group: 'core',
    label: 'Site Identity: server session (its own code)',
    entry: 'server.js',
    external: OUR_CORE,
    leftOut: 'our core packages',
    ours: { '@site-identity/server': ['createServerIdentity', 'redisCoordinator'] },
  },
  {
    group: 'bindings',
    label: 'react-oidc-context',
    entry: 'react-oidc-context.js',
    external: [...REACT, 'oidc-client-ts'],
    leftOut: 'react, oidc-client-ts',
  },
  {
    group: 'react',
    label: 'react-oidc-context + oidc-client-ts',
    entry: 'react-oidc-context.js',
    external: REACT,
    leftOut: 'react',
  },
  {
    group: 'bindings',
    label: '@auth0/auth0-react',
    entry: 'auth0-react.js',
    external: [...REACT, '@auth0/auth0-spa-js'],
    leftOut: 'react, @auth0/auth0-spa-js',
  },
  {
    group: 'react',
    label: '@auth0/auth0-react + auth0-spa-js',
    entry: 'auth0-react.js',
    external: REACT,
    leftOut: 'react',
  },
];

/** The row each group of rows is compared with. */
const BASELINES = {
  core: 'Site Identity: full member auth',
  bindings: 'Site Identity: React bindings',
  react: 'Site Identity: React bindings + core',
};

/** Bundles one entry file of entries/ and returns its minified and min+gzip sizes in bytes. */
const bundle = (entry, external = []) => measureBundle(join(entries, entry), external);

async function measureRow(row) {
  for (const [specifier, names] of Object.entries(row.ours ?? {})) await loadOurs(specifier, names);
  return bundle(row.entry, row.external);
}

export async function measure() {
  const sizes = new Map();
  for (const row of ROWS) {
    try {
      sizes.set(row, await measureRow(row));
    } catch (error) {
      sizes.set(row, { error: failure(error) });
    }
  }
  // Each peer is compared with our entry of the same kind: clients with our full
  // member auth (our largest client entry), React packages with ours, alone or with the core.
  const baseline = Object.fromEntries(
    Object.entries(BASELINES).map(([group, label]) => [
      group,
      sizes.get(ROWS.find((r) => r.label === label)),
    ]),
  );
  const rows = ROWS.map((row) => {
    const size = sizes.get(row);
    if (size.error)
      return [row.label, `\`entries/${row.entry}\``, row.leftOut ?? '', size.error, '', ''];
    const base = baseline[row.group];
    const ratio =
      BASELINES[row.group] === row.label
        ? '1×'
        : base && !base.error
          ? times(size.gzip / base.gzip)
          : 'n/a';
    return [
      row.label,
      `\`entries/${row.entry}\``,
      row.leftOut ?? '',
      kB(size.min),
      kB(size.gzip),
      ratio,
    ];
  });
  const notes = [];
  for (const row of ROWS) {
    const alone = sizes.get(row);
    const whole = sizes.get(ROWS.find((r) => r.group === 'react' && r.entry === row.entry));
    if (
      row.group === 'bindings' &&
      alone &&
      whole &&
      !alone.error &&
      !whole.error &&
      alone.min === whole.min
    ) {
      notes.push(
        `${row.label}: leaving its core out changes nothing, because its own build already contains a copy of the core.`,
      );
    }
  }
  return {
    title,
    intro:
      'esbuild `bundle, minify, format esm, platform browser, target es2022`, gzip level 9, from the entry files in `benchmarks/entries/`. ' +
      '"vs ours" divides min+gzip by our entry of the same kind: clients by our full member auth, React bindings alone by ours alone, React with its core by ours with its core.',
    head: ['Library', 'Entry', 'Left out (external)', 'Minified', 'Min+gzip', 'vs ours'],
    rows,
    notes,
  };
}

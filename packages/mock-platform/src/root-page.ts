import { escapeHtml, page } from './html';

/** The control API, as the root page lists it. */
const CONTROL: readonly (readonly [method: string, path: string, what: string])[] = [
  ['GET', 'state', 'settings, members, counts and armed faults'],
  ['GET', 'outbox', 'the e-mails sent (codes and links)'],
  ['GET', 'requests', 'every platform request answered, with its status'],
  ['POST', 'settings', 'change site and token settings'],
  ['POST', 'members', 'add a member'],
  ['POST', 'approve', 'approve a member ({ email })'],
  ['POST', 'faults', 'arm a fault'],
  ['DELETE', 'faults', 'remove every fault'],
  ['POST', 'reset', 'start afresh'],
  ['POST', 'webauthn/registration-options', 'start a passkey enrolment ({ email, origin })'],
  ['POST', 'webauthn/register', 'keep an enrolled passkey ({ credential })'],
  ['GET', 'push', 'push sign-in requests and their status'],
  ['POST', 'push/approve', 'approve a push sign-in ({ transactionId } or { email })'],
  ['POST', 'push/deny', 'deny a push sign-in ({ transactionId } or { email })'],
];

/**
 * The page the server answers at `/`: what it is, and its control API with links
 * to the parts that can be read.
 *
 * @example
 * ```ts
 * const body = rootPage('http://127.0.0.1:4010');
 * ```
 */
export function rootPage(origin: string): string {
  const rows = CONTROL.map(([method, path, what]) => {
    const url = `${origin}/_mock/${path}`;
    const target =
      method === 'GET'
        ? `<a href="${escapeHtml(url)}"><code>GET /_mock/${path}</code></a>`
        : `<code>${method} /_mock/${path}</code>`;
    return `<li>${target} — ${escapeHtml(what)}</li>`;
  }).join('\n');
  return page(
    'Mock platform',
    `<p>This server stands in for the platform: the token endpoint <code>/oauth2/token</code>, the member APIs under <code>/_api/</code>, and the hosted pages under <code>/_hosted/</code>.</p>
<p>Its control API, for tests and the playground:</p>
<ul>
${rows}
</ul>`,
  );
}

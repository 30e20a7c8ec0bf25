// Install only what you need: `npm install @site-identity/tokens` brings tokens and the
// http package it depends on, nothing else of ours, and both builds load.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const ours = readdirSync('node_modules/@site-identity').sort();
if (JSON.stringify(ours) !== JSON.stringify(['http', 'tokens'])) {
  console.error(`installed ${ours.join(', ')}; expected http and tokens only`);
  process.exit(1);
}
const esm = await import('@site-identity/tokens');
const cjs = createRequire(import.meta.url)('@site-identity/tokens');
for (const build of [esm, cjs]) {
  if (typeof build.createTokenManager !== 'function') {
    console.error('createTokenManager is not exported');
    process.exit(1);
  }
}
const tokens = esm.createTokenManager({ clientId: 'my-client-id' });
if (tokens.isLoggedIn() !== false) {
  console.error('a new token manager is logged in');
  process.exit(1);
}
console.log('only @site-identity/tokens and @site-identity/http installed; both builds load');

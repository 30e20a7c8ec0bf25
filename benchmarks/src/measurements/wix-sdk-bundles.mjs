// What an app that calls the platform's modules through @wix/sdk's createClient pays for
// its auth: createClient with @wix/sdk's OAuthStrategy, with our drop-in, and with our
// token manager behind createAuthStrategy and the renewing fetch. Same esbuild settings
// as bundle-size.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from '../../../scripts/measure-bundle.mjs';
import { kB } from '../lib/format.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';

export const title = 'Bundle size with @wix/sdk createClient';

const entries = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'entries');

const ROWS = [
  { label: 'createClient alone', entry: 'wix-sdk-client.js' },
  { label: 'createClient + @wix/sdk OAuthStrategy', entry: 'wix-sdk.js' },
  {
    label: 'createClient + drop-in OAuthStrategy (@site-identity/wix-sdk)',
    entry: 'wix-sdk-dropin.js',
    ours: ['OAuthStrategy'],
  },
  {
    label: 'createClient + createTokenManager + createAuthStrategy + createRenewingFetch',
    entry: 'wix-sdk-strategy.js',
    ours: ['createAuthStrategy', 'createRenewingFetch'],
  },
];

export async function measure() {
  const sizes = [];
  for (const row of ROWS) {
    try {
      if (row.ours) await loadOurs('@site-identity/wix-sdk', row.ours);
      sizes.push(await measureBundle(join(entries, row.entry)));
    } catch (error) {
      sizes.push({ error: failure(error) });
    }
  }
  const base = sizes[0];
  const auth = (size) => (size.error || base.error ? '' : `+${kB(size.gzip - base.gzip)}`);
  return {
    title,
    intro:
      'esbuild `bundle, minify, format esm, platform browser, target es2022`, gzip level 9. ' +
      '"Auth over createClient" is the min+gzip difference from createClient alone: what the strategy adds ' +
      "(@wix/sdk's OAuthStrategy brings its own copies of the identity and redirects modules).",
    head: ['Bundle', 'Entry', 'Minified', 'Min+gzip', 'Auth over createClient'],
    rows: ROWS.map((row, i) => {
      const size = sizes[i];
      if (size.error) return [row.label, `\`entries/${row.entry}\``, size.error, '', ''];
      return [
        row.label,
        `\`entries/${row.entry}\``,
        kB(size.min),
        kB(size.gzip),
        i ? auth(size) : '',
      ];
    }),
    notes: [],
  };
}

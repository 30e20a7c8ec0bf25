// A visitor-only app installs the React bindings and visitor tokens, nothing of the member flows.
import { existsSync } from 'node:fs';

const unwanted = ['member-auth', 'redirects', 'pkce'].filter((name) =>
  existsSync(`node_modules/@site-identity/${name}`),
);
if (unwanted.length > 0) {
  console.error(`installed although nothing asks for it: ${unwanted.join(', ')}`);
  process.exit(1);
}
console.log('no member-auth, redirects or pkce installed');

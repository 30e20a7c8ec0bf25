// Node's diagnosis of a request that got no answer, and the browser's, which has none to make.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { networkCause } from './network-cause';
import { networkCause as browserCause } from './network-cause.browser';

// How Node's fetch (undici) reports a refused connection: a TypeError whose cause has the code.
const refused = Object.assign(new TypeError('fetch failed'), {
  cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4999'), {
    code: 'ECONNREFUSED',
    address: '127.0.0.1',
    port: 4999,
  }),
});

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

describe('networkCause', () => {
  test('Node: the code found in the causes, with what it means for the host', () => {
    expect(networkCause(refused, new URL('http://127.0.0.1:4999/oauth2/token'))).toEqual({
      code: 'ECONNREFUSED',
      reason:
        'nothing listens on 127.0.0.1:4999 (ECONNREFUSED); is the server running, on that port?',
    });
    const notFound = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ENOTFOUND', hostname: 'nowhere.invalid' },
    });
    expect(networkCause(notFound, new URL('https://nowhere.invalid/'))?.reason).toBe(
      'the host nowhere.invalid was not found (ENOTFOUND); check the host name',
    );
    expect(
      networkCause(new TypeError('Failed to fetch'), new URL('https://example.com/')),
    ).toBeUndefined();
  });

  test('browser: undefined for any failure, with a signature the Node one satisfies', () => {
    expect(browserCause()).toBeUndefined();
    expectTypeOf(browserCause).toExtend<typeof networkCause>();
  });

  test.each([
    ['import', [], 'dist/network-cause.js'],
    ['require', [], 'dist/network-cause.cjs'],
    ['import', ['--conditions=browser'], 'dist/network-cause.browser.js'],
    ['require', ['--conditions=browser'], 'dist/network-cause.browser.cjs'],
  ])('#network-cause by %s %j resolves to the built %s', (how, flags, file) => {
    // Node's own resolver reads package.json `imports`, as a bundler does with its conditions.
    const resolve =
      how === 'import'
        ? "console.log(fileURLToPath(import.meta.resolve('#network-cause')))"
        : "console.log(require.resolve('#network-cause'))";
    const found = execFileSync(
      process.execPath,
      [
        ...flags,
        '--input-type',
        how === 'import' ? 'module' : 'commonjs',
        '-e',
        how === 'import' ? `import { fileURLToPath } from 'node:url'; ${resolve}` : resolve,
      ],
      { cwd: packageRoot, encoding: 'utf8' },
    );
    expect(found.trim()).toBe(join(packageRoot, file));
  });
});

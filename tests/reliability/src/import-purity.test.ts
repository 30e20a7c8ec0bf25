// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';

const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'history',
] as const;

const PACKAGES = [
  '@site-identity/pkce',
  '@site-identity/http',
  '@site-identity/tokens',
  '@site-identity/redirects',
  '@site-identity/redirects/popup',
  '@site-identity/member-auth',
  '@site-identity/member-auth/captcha',
  '@site-identity/member-auth/external-login',
] as const;

const installed: string[] = [];

/** Puts a getter on each browser global that records every read. */
function watchBrowserGlobals(): string[] {
  const reads: string[] = [];
  for (const name of BROWSER_GLOBALS) {
    const existing = Object.getOwnPropertyDescriptor(globalThis, name);
    if (existing && !existing.configurable) continue;
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        reads.push(name);
        return undefined;
      },
    });
    installed.push(name);
  }
  return reads;
}

afterEach(() => {
  for (const name of installed.splice(0)) Reflect.deleteProperty(globalThis, name);
});

describe('importing a package touches no browser global', () => {
  it.each(PACKAGES)('%s', async (name) => {
    const reads = watchBrowserGlobals();
    const module: Record<string, unknown> = await import(name);
    expect(Object.keys(module).length).toBeGreaterThan(0);
    expect(reads).toEqual([]);
  });
});

// @vitest-environment happy-dom
// Open redirects: an `originalUri` that leaves the page's origin is dropped, when
// the login starts and again when it completes (a tampered flow record included).
import { describe, expect, test } from 'vitest';
import { PAGE_ORIGIN, RECORD_PREFIX, REDIRECT_URI, usePlatform } from './harness';

const { createWorld, hostedLogin } = usePlatform();

const DROPPED = [
  'https://evil.example/phish',
  '//evil.example/phish',
  '/\\evil.example/phish',
  '\\\\evil.example/phish',
  'https://localhost:3000/account',
  'http://localhost:3001/account',
  'http://localhost:3000.evil.example/account',
  'http://evil.example@localhost.evil.example/',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'account',
  '',
];

/** Kept, as the path (with query and fragment) the page's own origin resolves them to. */
const KEPT = [
  ['/account', '/account'],
  ['/account?tab=orders#top', '/account?tab=orders#top'],
  [`${PAGE_ORIGIN}/account`, '/account'],
  [`${PAGE_ORIGIN}/`, '/'],
];

/** The flow records in session storage. */
const storedFlows = () =>
  Object.keys(sessionStorage)
    .filter((key) => key.startsWith(`${RECORD_PREFIX}flow:`))
    .map((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}') as { originalUri?: string });

describe('an originalUri on another origin is dropped', () => {
  test.each(DROPPED)('%j is neither stored nor returned', async (originalUri) => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world, { originalUri });
    expect(storedFlows().map((flow) => flow.originalUri)).toEqual([undefined]);

    const { originalUri: returned } = await world.redirects.completeLogin(callbackUrl);

    expect(returned).toBeUndefined();
  });

  test.each(DROPPED.filter(Boolean))(
    '%j written into the flow record afterwards is dropped on completion',
    async (originalUri) => {
      const world = createWorld();
      const callbackUrl = await hostedLogin(world, { originalUri: '/account' });
      const [key] = Object.keys(sessionStorage).filter((name) =>
        name.startsWith(`${RECORD_PREFIX}flow:`),
      );
      const record = JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as Record<
        string,
        unknown
      >;
      sessionStorage.setItem(key ?? '', JSON.stringify({ ...record, originalUri }));

      const { originalUri: returned, tokens } = await world.redirects.completeLogin(callbackUrl);

      expect(returned).toBeUndefined();
      expect(tokens.refreshToken.role).toBe('member');
    },
  );
});

describe('an originalUri on the page’s origin is kept', () => {
  test.each(KEPT)('%j comes back as %j', async (originalUri, path) => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world, { originalUri });

    const { originalUri: returned } = await world.redirects.completeLogin(callbackUrl);

    expect(returned).toBe(path);
    expect(new URL(returned ?? '', REDIRECT_URI).origin).toBe(PAGE_ORIGIN);
  });
});

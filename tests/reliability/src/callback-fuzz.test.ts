// @vitest-environment node
// parseCallback and completeLogin over arbitrary URLs and strings: they return
// the callback fields or fail with a RedirectsError, never anything else.
import { createMockPlatform } from '@site-identity/mock-platform';
import {
  createRedirects,
  isRedirectsError,
  parseCallback,
  type CallbackParams,
} from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_ID, mapStorage } from './harness';
import { collectError } from './leak-watch';

const RUNS = 300;
const FIELDS = ['code', 'state', 'error', 'errorDescription'];

/** Any text, including lone surrogates, `%` escapes that decode to nothing, `#`, `&` and `=`. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom('%', '#', '&', '=', '?', '+', 'a', 'Z', '0', '%E0', '%ZZ', '\uD800', ' '),
  }),
);
const url = fc.oneof(
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  text.map((value) => `https://shop.example/callback#${value}`),
  text.map((value) => `https://shop.example/callback?${value}`),
  text,
);
const mode = fc.constantFrom<'fragment' | 'query'>('fragment', 'query');

/** What a parse may give: only the four fields, each a non-empty string. */
function expectCallbackParams(params: CallbackParams): void {
  expect(Object.keys(params).every((key) => FIELDS.includes(key))).toBe(true);
  for (const value of Object.values(params))
    expect(typeof value === 'string' && value !== '').toBe(true);
}

describe('parseCallback never throws an untyped error', () => {
  test('over arbitrary URLs and strings, in both response modes: the callback fields or a RedirectsError', () => {
    fc.assert(
      fc.property(url, mode, (input, responseMode) => {
        try {
          expectCallbackParams(parseCallback(input, responseMode));
        } catch (error) {
          collectError(error);
          expect(isRedirectsError(error), String(error)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('over arbitrary values of any type and arbitrary modes: a RedirectsError for what is not a URL or a mode', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (input, responseMode) => {
        try {
          expectCallbackParams(parseCallback(input as string, responseMode as 'fragment'));
        } catch (error) {
          collectError(error);
          expect(isRedirectsError(error), String(error)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('round trip: arbitrary field values, percent-encoded into the fragment or the query, come back as they were', () => {
    const value = fc.string({ unit: 'grapheme', minLength: 1 });
    fc.assert(
      fc.property(
        value,
        value,
        fc.option(value, { nil: undefined }),
        mode,
        fc.string(),
        (code, state, error, responseMode, noise) => {
          const fields = new URLSearchParams({
            noise,
            code,
            state,
            ...(error === undefined ? {} : { error }),
          });
          const href =
            responseMode === 'query'
              ? `https://shop.example/callback?${fields.toString()}#code=other`
              : `https://shop.example/callback?code=other#${fields.toString()}`;
          expect(parseCallback(href, responseMode)).toEqual({
            code,
            state,
            ...(error === undefined ? {} : { error }),
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('completeLogin never throws an untyped error', () => {
  const platform = createMockPlatform();
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test('over arbitrary callback URLs with no stored flow: rejects with a RedirectsError, makes no request', async () => {
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      storage: memoryStorage(),
      crossTab: false,
    });
    const storage = mapStorage();
    const redirects = createRedirects({
      clientId: CLIENT_ID,
      tokens,
      storage: { session: storage, local: storage },
    });
    const requestsBefore = platform.state.requests.length;

    await fc.assert(
      fc.asyncProperty(fc.oneof(url, fc.anything()), async (input) => {
        let outcome: unknown;
        try {
          outcome = await redirects.completeLogin(input as string);
        } catch (error) {
          outcome = collectError(error);
        }
        expect(isRedirectsError(outcome), String(outcome)).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(platform.state.requests.length).toBe(requestsBefore);
  });
});

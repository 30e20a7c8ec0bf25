// @vitest-environment node
// Error normalisation over arbitrary answers: any status, any body (JSON of any
// shape, text, HTML, nothing), any request id and Retry-After, answered through
// MSW. The HTTP client and the token endpoint resolve with the parsed answer or
// reject with their own typed error, carrying the status and the request id, and
// never put the Authorization value into a message. toPlatformError turns any
// thrown value into a PlatformError.
import {
  createHttpClient,
  isPlatformError,
  toPlatformError,
  type PlatformError,
} from '@site-identity/http';
import { createTokenEndpoint, isTokenEndpointError } from '@site-identity/tokens';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { collectError, rememberSecret } from './leak-watch';

const RUNS = 150;
const BASE = 'https://fuzz.example';
const AUTHORIZATION = 'OauthNG.JWS.fuzz-access-token-value-0123456789';
const KINDS = ['validation', 'application', 'http', 'system', 'network', 'timeout', 'aborted'];
const NULL_BODY = [204, 205];

interface Answer {
  readonly status: number;
  readonly body: string | null;
  readonly headers: Record<string, string>;
}

/** A header-safe value. */
const headerValue = fc.string({
  unit: fc.constantFrom(...'abcXYZ019.-_ :/,;='.split('')),
  maxLength: 40,
});

/** Bodies the platform, a proxy or a broken network could send. */
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        message: fc.oneof(fc.string(), fc.jsonValue()),
        details: fc.oneof(
          fc.jsonValue(),
          fc.record({
            validationError: fc.oneof(
              fc.jsonValue(),
              fc.record({
                fieldViolations: fc.oneof(
                  fc.jsonValue(),
                  fc.array(
                    fc.record(
                      { field: fc.jsonValue(), description: fc.jsonValue(), data: fc.jsonValue() },
                      { requiredKeys: [] },
                    ),
                  ),
                ),
              }),
            ),
          }),
          fc.record({
            applicationError: fc.oneof(
              fc.jsonValue(),
              fc.record(
                { code: fc.jsonValue(), description: fc.jsonValue(), data: fc.jsonValue() },
                { requiredKeys: [] },
              ),
            ),
          }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constant('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>'),
  fc.constant(''),
  fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
);

const answer: fc.Arbitrary<Answer> = fc
  .record({
    status: fc.oneof(
      fc.integer({ min: 200, max: 299 }),
      fc.integer({ min: 400, max: 599 }),
      fc.constantFrom(200, 400, 401, 404, 409, 429, 500, 502, 503, 504),
    ),
    body,
    requestId: fc.option(headerValue, { nil: undefined }),
    retryAfter: fc.option(fc.oneof(headerValue, fc.nat({ max: 5 }).map(String)), {
      nil: undefined,
    }),
    contentType: fc.constantFrom('application/json', 'text/html', 'text/plain', undefined),
  })
  .map(({ status, body, requestId, retryAfter, contentType }) => ({
    status,
    body: NULL_BODY.includes(status) ? null : body,
    headers: {
      ...(requestId === undefined ? {} : { 'x-wix-request-id': requestId }),
      ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
  }));

let current: Answer = { status: 200, body: '{}', headers: {} };
const server = setupServer(
  http.all(
    `${BASE}/*`,
    () => new HttpResponse(current.body, { status: current.status, headers: current.headers }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The request id a client can read (`Headers` trims the value); an empty one counts as none on both sides. */
const sentRequestId = ({ headers }: Answer): string | undefined =>
  headers['x-wix-request-id']?.trim() || undefined;

function expectPlatformError(error: unknown, sent: Answer): asserts error is PlatformError {
  collectError(error);
  expect(isPlatformError(error), `${String(error)} for ${JSON.stringify(sent)}`).toBe(true);
  const platformError = error as PlatformError;
  expect(KINDS).toContain(platformError.kind);
  expect(typeof platformError.code === 'string' && platformError.code !== '').toBe(true);
  expect(typeof platformError.message).toBe('string');
  expect(platformError.message).not.toContain(AUTHORIZATION);
  expect(platformError.requestId || undefined).toBe(sentRequestId(sent));
  expect(platformError.status).toBe(sent.status);
  const fields = platformError.fieldViolations.map((violation) => violation.field);
  expect(fields).toEqual([...fields].sort());
  expect(Object.keys(platformError)).not.toContain('response');
}

describe('the HTTP client over arbitrary answers', () => {
  rememberSecret(AUTHORIZATION, 'access token');
  const client = createHttpClient({
    baseUrl: `${BASE}/_api/service`,
    getAuthorization: () => AUTHORIZATION,
    retry: false,
    timeoutMs: 5_000,
  });

  test('POST: the parsed JSON of a 2xx, else a PlatformError with the status and the request id', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async (sent) => {
        current = sent;
        try {
          const data = await client.post('/v1/call', { any: 'body' });
          expect(
            sent.status >= 200 && sent.status < 300,
            `resolved for ${JSON.stringify(sent)}`,
          ).toBe(true);
          if (sent.body !== null && sent.body !== '') expect(data).toEqual(JSON.parse(sent.body));
        } catch (error) {
          expectPlatformError(error, sent);
          if (sent.status >= 200 && sent.status < 300) expect(error.code).toBe('INVALID_RESPONSE');
          if (sent.status >= 400 && sent.status < 500 && error.kind !== 'validation')
            expect(error.kind).toBe('application');
          if (error.kind === 'http')
            expect(error.message).toBe(
              `System error occurred, request-id: ${error.requestId || 'unknown'}`,
            );
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the token endpoint over arbitrary answers', () => {
  const endpoint = createTokenEndpoint({
    clientId: 'fuzz-client',
    tokenUrl: `${BASE}/oauth2/token`,
    timeoutMs: 5_000,
  });

  test('every grant: a token set from a 200 token answer, else a TokenEndpointError with the status and the request id', async () => {
    const grants = [
      () => endpoint.anonymous(),
      () => endpoint.refresh({ value: 'a-refresh-token-for-the-fuzz-run', role: 'member' }),
      () =>
        endpoint.exchangeCode({
          code: 'a-code-for-the-fuzz-run-0123',
          codeVerifier: 'v'.repeat(43),
          redirectUri: 'https://shop.example/cb',
        }),
      () =>
        endpoint.authorizedClient({
          memberId: 'm-1',
          accessToken: AUTHORIZATION,
          secondToken: 'second-token-of-the-fuzz-run',
        }),
    ];
    await fc.assert(
      fc.asyncProperty(answer, fc.nat({ max: grants.length - 1 }), async (sent, grant) => {
        current = sent;
        try {
          const tokens = await grants[grant]!();
          expect(sent.status).toBe(200);
          expect(
            typeof tokens.accessToken.value === 'string' && tokens.accessToken.value !== '',
          ).toBe(true);
          expect(Number.isFinite(tokens.accessToken.expiresAt)).toBe(true);
        } catch (error) {
          collectError(error);
          expect(isTokenEndpointError(error), `${String(error)} for ${JSON.stringify(sent)}`).toBe(
            true,
          );
          if (!isTokenEndpointError(error)) return;
          expect(error.message.startsWith('Failed to fetch tokens from OAuth API')).toBe(true);
          expect(error.message).not.toContain(AUTHORIZATION);
          expect(error.status).toBe(sent.status);
          expect(error.requestId || undefined).toBe(sentRequestId(sent));
          if (error.requestId) expect(error.message).toContain(error.requestId);
          if (sent.status === 200) expect(error.code).toBe('INVALID_RESPONSE');
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('toPlatformError over arbitrary thrown values', () => {
  const thrown = fc.oneof(
    fc.anything(),
    fc
      .constantFrom('TimeoutError', 'AbortError', 'TypeError', 'PlatformError', 'Error')
      .chain((name) =>
        fc.record(
          {
            name: fc.constant(name),
            message: fc.string(),
            kind: fc.anything(),
            cause: fc.anything(),
          },
          { requiredKeys: ['name'] },
        ),
      ),
    fc.string().map((message) => new TypeError(message)),
    fc.string().map((message) => new DOMException(message, 'TimeoutError')),
  );

  test('a PlatformError (by its guard) unchanged; anything else a new PlatformError with the original as cause, its message never copied', () => {
    fc.assert(
      fc.property(thrown, (value) => {
        const error = toPlatformError(value);
        expect(isPlatformError(error)).toBe(true);
        if (isPlatformError(value)) {
          expect(error).toBe(value);
        } else {
          expect(KINDS).toContain(error.kind);
          expect(error.cause).toBe(value);
          const message = (value as { message?: unknown } | null)?.message;
          if (typeof message === 'string' && message.length > 3)
            expect(error.message).not.toContain(message);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

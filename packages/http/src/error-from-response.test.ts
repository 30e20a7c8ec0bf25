import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHttpClient } from './http-client';
import { isPlatformError, type PlatformError } from './platform-error';

const BASE = 'https://www.wixapis.com/_api/iam/authentication';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ID = { 'x-wix-request-id': 'req-42' };
const json = (body: Record<string, unknown>, status: number, statusText?: string) =>
  HttpResponse.json(body, {
    status,
    ...(statusText === undefined ? {} : { statusText }),
    headers: ID,
  });
const raw = (body: string, status: number, statusText = '', contentType = 'application/json') =>
  new HttpResponse(body, { status, statusText, headers: { ...ID, 'content-type': contentType } });

async function failureOf(response: () => Response): Promise<PlatformError> {
  server.use(http.post(`${BASE}/v2/login`, response));
  const client = createHttpClient({ baseUrl: BASE, retry: false });
  const error: unknown = await client.post('/v2/login', {}).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isPlatformError(error)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

const validation = {
  message: 'invalid',
  details: {
    validationError: {
      fieldViolations: [
        { field: 'password', description: 'must not be empty' },
        { field: 'loginId.email', description: 'is not a valid email', data: { type: 'EMAIL' } },
      ],
    },
  },
};
const application = {
  message: 'Invalid password',
  details: {
    applicationError: { code: '-19976', description: 'wrong credentials', data: { attempts: 2 } },
  },
};

describe('a failed answer becomes a PlatformError (DESIGN §3)', () => {
  test.each<[string, () => Response, Partial<PlatformError>]>([
    [
      'validation error: INVALID_ARGUMENT with the fields sorted and described',
      () => json(validation, 400, 'Bad Request'),
      {
        kind: 'validation',
        code: 'INVALID_ARGUMENT',
        message:
          'INVALID_ARGUMENT: "loginId.email" is not a valid email, "password" must not be empty',
        status: 400,
        requestId: 'req-42',
        retryable: false,
        fieldViolations: [
          { field: 'loginId.email', description: 'is not a valid email', type: 'EMAIL' },
          { field: 'password', description: 'must not be empty' },
        ],
      },
    ],
    [
      'application error: keeps its code, description and data',
      () => json(application, 400, 'Bad Request'),
      {
        kind: 'application',
        code: '-19976',
        message: 'Invalid password: wrong credentials',
        description: 'wrong credentials',
        data: { attempts: 2 },
        status: 400,
        requestId: 'req-42',
        retryable: false,
      },
    ],
    [
      'application error whose message equals its description',
      () =>
        json(
          {
            message: 'Email exists',
            details: { applicationError: { code: '-19995', description: 'Email exists' } },
          },
          409,
        ),
      {
        kind: 'application',
        code: '-19995',
        message: 'Email exists',
        description: 'Email exists',
        data: {},
      },
    ],
    [
      'application error with a numeric code keeps it as a string',
      () =>
        json(
          { details: { applicationError: { code: -19970, description: 'invalid captcha' } } },
          400,
        ),
      { kind: 'application', code: '-19970', message: 'invalid captcha' },
    ],
    [
      'application error on a 5xx is still an application error, retryable by status',
      () =>
        json({ details: { applicationError: { code: 'BUSY', description: 'try later' } } }, 503),
      { kind: 'application', code: 'BUSY', status: 503, retryable: true },
    ],
    [
      '4xx without details: code from the status text (Not Found → NOT_FOUND)',
      () => json({}, 404, 'Not Found'),
      {
        kind: 'application',
        code: 'NOT_FOUND',
        message: 'Not Found',
        description: 'Not Found',
        status: 404,
      },
    ],
    [
      '4xx without details: Too Many Requests → TOO_MANY_REQUESTS, retryable',
      () => json({}, 429, 'Too Many Requests'),
      { kind: 'application', code: 'TOO_MANY_REQUESTS', status: 429, retryable: true },
    ],
    [
      '4xx without status text (HTTP/2): the standard reason phrase',
      () => json({}, 403, ''),
      { kind: 'application', code: 'FORBIDDEN', description: 'Forbidden' },
    ],
    [
      '4xx without details but with a server message',
      () => json({ message: 'Member is blocked' }, 403, 'Forbidden'),
      { kind: 'application', code: 'FORBIDDEN', message: 'Member is blocked: Forbidden' },
    ],
    [
      '5xx without details: a system error naming the request id',
      () => json({}, 500, 'Internal Server Error'),
      {
        kind: 'http',
        code: 'INTERNAL_SERVER_ERROR',
        message: 'System error occurred, request-id: req-42',
        retryable: false,
      },
    ],
    [
      '502 without details: retryable',
      () => json({}, 502, 'Bad Gateway'),
      { kind: 'http', code: 'BAD_GATEWAY', status: 502, retryable: true },
    ],
    [
      '5xx without a request id',
      () => new HttpResponse('{}', { status: 504, statusText: 'Gateway Timeout' }),
      {
        kind: 'http',
        code: 'GATEWAY_TIMEOUT',
        message: 'System error occurred, request-id: unknown',
        requestId: undefined,
      },
    ],
    // Malformed bodies: never a SyntaxError or TypeError.
    [
      'HTML 502 page',
      () => raw('<html><body>Bad gateway</body></html>', 502, 'Bad Gateway', 'text/html'),
      { kind: 'http', code: 'BAD_GATEWAY', retryable: true },
    ],
    [
      'HTML 404 page',
      () => raw('<!doctype html><h1>404</h1>', 404, 'Not Found', 'text/html'),
      { kind: 'application', code: 'NOT_FOUND' },
    ],
    [
      'empty 400 body',
      () => raw('', 400, 'Bad Request'),
      { kind: 'application', code: 'BAD_REQUEST', message: 'Bad Request' },
    ],
    [
      'empty 500 body',
      () => raw('', 500),
      {
        kind: 'http',
        code: 'INTERNAL_SERVER_ERROR',
        message: 'System error occurred, request-id: req-42',
      },
    ],
    [
      'truncated JSON',
      () => raw('{"details":{"applicationError":{"code":"-1', 400, 'Bad Request'),
      { kind: 'application', code: 'BAD_REQUEST' },
    ],
    [
      'JSON null',
      () => raw('null', 400, 'Bad Request'),
      { kind: 'application', code: 'BAD_REQUEST' },
    ],
    ['JSON array', () => raw('[1,2]', 500), { kind: 'http', code: 'INTERNAL_SERVER_ERROR' }],
    [
      'JSON string',
      () => raw('"oops"', 401, 'Unauthorized'),
      { kind: 'application', code: 'UNAUTHORIZED' },
    ],
    [
      'details not an object',
      () => json({ details: 'nope' }, 400, 'Bad Request'),
      { kind: 'application', code: 'BAD_REQUEST' },
    ],
    [
      'applicationError not an object',
      () => json({ details: { applicationError: 7 } }, 500, 'Internal Server Error'),
      { kind: 'application', code: 'INTERNAL_SERVER_ERROR', data: {} },
    ],
    [
      'fieldViolations not an array',
      () => json({ details: { validationError: { fieldViolations: 'x' } } }, 400),
      {
        kind: 'validation',
        code: 'INVALID_ARGUMENT',
        message: 'INVALID_ARGUMENT',
        fieldViolations: [],
      },
    ],
    [
      'field violations of the wrong shape',
      () =>
        json(
          {
            details: {
              validationError: {
                fieldViolations: [null, 3, { field: 5 }, { description: 'no field' }],
              },
            },
          },
          400,
        ),
      {
        kind: 'validation',
        message: 'INVALID_ARGUMENT: "" no field, "5" ',
        fieldViolations: [
          { field: '', description: 'no field' },
          { field: '5', description: '' },
        ],
      },
    ],
  ])('%s', async (_label, response, expected) => {
    const error = await failureOf(response);
    expect(error).toMatchObject(expected);
    expect(error.name).toBe('PlatformError');
    expect(error.response).toBeInstanceOf(Response);
  });
});

import { describe, expect, test } from 'vitest';
import { MAX_SERVER_TEXT_LENGTH, serverText } from './checks';
import { readAnswer } from './error-from-response';
import { isPlatformError, type PlatformError } from './platform-error';
import { statusTextOf } from './status-text';

/**
 * Hostile text a server (or whatever answers in its place) can send: each row must reach
 * a message plain (no control character) and capped, never interpreted (markup stays
 * text: see the test of ordinary text).
 */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['a line break that fakes a log line', 'Bad Request\n[info] member signed in'],
  ['a carriage return', 'Bad\rRequest'],
  ['a NUL and an escape sequence', 'Bad\u0000\u001b[31mRequest'],
  ['C1 controls', 'Bad\u0085\u009bRequest'],
  ['line and paragraph separators', 'Bad\u2028Re\u2029quest'],
  ['DEL', 'Bad\u007fRequest'],
  ['a very long text', 'A'.repeat(100_000)],
  ['a long text of control characters and words', '\n x'.repeat(5_000)],
];

const plain = (text: string) => {
  // eslint-disable-next-line no-control-regex
  expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
};

/** An answer whose every part is hostile: a plain object, so no `Response` check cleans it first. */
const answer = (status: number, { statusText = '', requestId = 'req-1', body = '' }) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: new Map([['x-wix-request-id', requestId]]),
    text: async () => body,
  }) as unknown as Response;

async function failureOf(response: Response): Promise<PlatformError> {
  const error: unknown = await readAnswer(response).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isPlatformError(error)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('server text in messages: capped, plain, never interpreted', () => {
  test.each(HOSTILE)('serverText of %s', (_, text) => {
    const shown = serverText(text);
    plain(shown);
    expect(shown.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH);
  });

  test('serverText keeps ordinary text as it is, and markup as text', () => {
    expect(serverText('Not Found')).toBe('Not Found');
    expect(serverText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(serverText('x'.repeat(MAX_SERVER_TEXT_LENGTH))).toHaveLength(MAX_SERVER_TEXT_LENGTH);
    expect(serverText('x'.repeat(MAX_SERVER_TEXT_LENGTH + 1))).toBe(
      `${'x'.repeat(MAX_SERVER_TEXT_LENGTH - 1)}…`,
    );
  });

  test.each(HOSTILE)('a status text of %s', (_, text) => {
    const shown = statusTextOf(400, text);
    plain(shown);
    expect(shown.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH);
  });

  test.each(HOSTILE)('a 400 with the status text %s: the message', async (_, statusText) => {
    const error = await failureOf(answer(400, { statusText }));
    plain(error.message);
    expect(error.message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH * 2 + 2);
  });

  test.each(HOSTILE)('a 500 with the request id %s: the message', async (_, requestId) => {
    const error = await failureOf(answer(500, { requestId }));
    plain(error.message);
    expect(error.message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH + 40);
  });

  test.each(HOSTILE)('a 200 that is not JSON, with the request id %s', async (_, requestId) => {
    const error = await failureOf(answer(200, { requestId, body: '<html>' }));
    plain(error.message);
    expect(error.message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH + 60);
  });

  test.each(HOSTILE)('an application error whose message is %s', async (_, message) => {
    const body = JSON.stringify({
      message,
      details: { applicationError: { code: 'X', description: message } },
    });
    const error = await failureOf(answer(403, { body }));
    plain(error.message);
    expect(error.message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH * 2 + 2);
  });

  test.each(HOSTILE)('a validation error whose field violation says %s', async (_, text) => {
    const body = JSON.stringify({
      message: 'invalid',
      details: {
        validationError: { fieldViolations: [{ field: text, description: text }] },
      },
    });
    const error = await failureOf(answer(400, { body }));
    plain(error.message);
    // The field and its description, each capped.
    expect(error.message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT_LENGTH * 2 + 25);
  });

  test('an empty request id after stripping is unknown', async () => {
    const error = await failureOf(answer(500, { requestId: '\n\n' }));
    expect(error.message).toBe('System error occurred, request-id: unknown');
  });
});

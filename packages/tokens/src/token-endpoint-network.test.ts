// The token endpoint against real sockets (no MSW): each way of not reaching it reads
// differently and names the host, on the error itself (message and detail).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTokenEndpoint } from './token-endpoint';
import { isTokenEndpointError, type TokenEndpointError } from './tokens-error';

let plain: Server;
let plainPort = 0;
let deadPort = 0;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  plain = createServer((_request, response) => response.end('{}'));
  plainPort = await listen(plain);
  // A port that was free a moment ago: nothing listens there now.
  const closed = createServer();
  deadPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => plain.close(resolve)));

async function failureAt(tokenUrl: string): Promise<TokenEndpointError> {
  const endpoint = createTokenEndpoint({ clientId: 'c', tokenUrl, timeoutMs: 5000 });
  const error: unknown = await endpoint.anonymous().catch((caught: unknown) => caught);
  if (!isTokenEndpointError(error))
    throw new Error(`expected a TokenEndpointError: ${String(error)}`);
  return error;
}

describe('a token endpoint that cannot be reached names the host and the reason', () => {
  test('a dead port: nothing listens there (ECONNREFUSED), with its address and port', async () => {
    const error = await failureAt(`http://127.0.0.1:${deadPort}/oauth2/token`);
    expect(error.message).toBe(
      `Failed to fetch tokens from OAuth API: Network error: no answer to POST http://127.0.0.1:${deadPort}/oauth2/token: nothing listens on 127.0.0.1:${deadPort} (ECONNREFUSED); is the server running, on that port?`,
    );
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', kind: 'network', retryable: true });
    expect(error.detail).toEqual({
      method: 'POST',
      url: `http://127.0.0.1:${deadPort}/oauth2/token`,
      networkCode: 'ECONNREFUSED',
    });
  });

  test('a typo in the host: the host was not found (ENOTFOUND)', async () => {
    const error = await failureAt('http://www.wixapis.invalid/oauth2/token');
    expect(error.message).toMatch(
      /^Failed to fetch tokens from OAuth API: Network error: no answer to POST http:\/\/www\.wixapis\.invalid\/oauth2\/token: the host www\.wixapis\.invalid was not found \((ENOTFOUND|EAI_AGAIN)\); check the host name$/,
    );
    expect(error.detail?.networkCode).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
  });

  test('https against an http server: no TLS there', async () => {
    const error = await failureAt(`https://127.0.0.1:${plainPort}/oauth2/token`);
    expect(error.message).toMatch(
      new RegExp(
        `^Failed to fetch tokens from OAuth API: Network error: no answer to POST https://127\\.0\\.0\\.1:${plainPort}/oauth2/token: 127\\.0\\.0\\.1:${plainPort} does not answer in TLS \\(\\w+\\); is it http, not https\\?$`,
      ),
    );
    expect(error.detail).toMatchObject({
      method: 'POST',
      url: `https://127.0.0.1:${plainPort}/oauth2/token`,
    });
  });

  test('an answer names where it came from', async () => {
    const error = await failureAt(`http://127.0.0.1:${plainPort}/oauth2/token`);
    expect(error.message).toBe(
      `Failed to fetch tokens from OAuth API: the answer is not a token set from POST http://127.0.0.1:${plainPort}/oauth2/token`,
    );
    expect(error.detail).toEqual({
      method: 'POST',
      url: `http://127.0.0.1:${plainPort}/oauth2/token`,
    });
  });
});

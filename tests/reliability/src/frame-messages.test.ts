// @vitest-environment happy-dom
// Frame messaging: silentLogin takes its answer only from the hidden frame it
// inserted (event.source), at the platform's origin (event.origin), for its own
// state. Anything else is ignored: no settlement, no code exchange, frame kept.
import { isRedirectsError } from '@site-identity/redirects';
import { describe, expect, test } from 'vitest';
import { hiddenFrame, nextFrame, postFromFrame, usePlatform } from './harness';

const { platform, createWorld, issueTokens, sessionTokenOf, hostedPageMessage } = usePlatform();

const codeExchanges = () =>
  platform.state.requests.filter((request) => request.grantType === 'authorization_code');
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

type Forgery = (frame: HTMLIFrameElement, answer: Record<string, string>) => void;

const FORGERIES: [string, Forgery][] = [
  [
    'the right answer from another origin',
    (frame, answer) => postFromFrame(frame, answer, { origin: 'https://evil.example' }),
  ],
  [
    'the right answer from the page’s own origin',
    (frame, answer) => postFromFrame(frame, answer, { origin: location.origin }),
  ],
  [
    'the right answer with the origin in another case',
    (frame, answer) =>
      postFromFrame(frame, answer, { origin: new URL(frame.src).origin.toUpperCase() }),
  ],
  [
    'the right answer from the page’s own window',
    (frame, answer) => postFromFrame(frame, answer, { source: window }),
  ],
  [
    'the right answer with no source',
    (frame, answer) => postFromFrame(frame, answer, { source: null }),
  ],
  [
    'the right answer from another frame at the platform’s origin',
    (frame, answer) => {
      const other = document.createElement('iframe');
      document.body.appendChild(other);
      postFromFrame(frame, answer, { source: other.contentWindow });
      other.remove();
    },
  ],
  [
    'a code for another state',
    (frame, answer) =>
      postFromFrame(frame, { ...answer, state: 'another-state-000000000000000000000000000' }),
  ],
  ['a code without a state', (frame, answer) => postFromFrame(frame, { code: answer['code'] })],
  ['a string that is not JSON', (frame) => postFromFrame(frame, 'code=abc&state=def')],
  ['a number', (frame) => postFromFrame(frame, 42)],
  ['null', (frame) => postFromFrame(frame, null)],
];

describe('silentLogin ignores a message from the wrong origin, source or state', () => {
  test.each(FORGERIES)('%s', async (_name, forge) => {
    const world = createWorld();
    await world.tokens.setTokens(issueTokens('visitor'));
    const framed = nextFrame();
    const settled: unknown[] = [];
    const pending = world.redirects.silentLogin(sessionTokenOf(), { timeoutMs: 10_000 });
    pending.then(
      (value) => settled.push(value),
      (error: unknown) => settled.push(error),
    );
    const frame = await framed;
    const answer = await hostedPageMessage(frame.src);

    forge(frame, answer);
    await tick();

    expect(settled).toEqual([]);
    expect(hiddenFrame()).toBe(frame);
    expect(codeExchanges()).toHaveLength(0);
    expect(world.tokens.isLoggedIn()).toBe(false);

    // The genuine answer still completes the login.
    postFromFrame(frame, answer);
    await expect(pending).resolves.toMatchObject({ refreshToken: { role: 'member' } });
    expect(codeExchanges()).toHaveLength(1);
    expect(hiddenFrame()).toBeNull();
  });
});

describe('after silentLogin settles, its frame’s messages are ignored', () => {
  test('a late genuine answer after the time-out exchanges nothing', async () => {
    const world = createWorld();
    await world.tokens.setTokens(issueTokens('visitor'));
    const framed = nextFrame();
    const pending = world.redirects.silentLogin(sessionTokenOf(), { timeoutMs: 50 });
    const frame = await framed;
    const answer = await hostedPageMessage(frame.src);

    const error = await pending.catch((reason: unknown) => reason);
    expect(isRedirectsError(error) && error.code).toBe('OAUTH_FLOW_TIMED_OUT');
    postFromFrame(frame, answer);
    await tick();

    expect(codeExchanges()).toHaveLength(0);
    expect(world.tokens.isLoggedIn()).toBe(false);
  });

  test('an error answer from the frame surfaces as AUTHORIZATION_ERROR and removes the frame', async () => {
    const world = createWorld();
    await world.tokens.setTokens(issueTokens('visitor'));
    const framed = nextFrame();
    const pending = world.redirects.silentLogin(sessionTokenOf(), { timeoutMs: 10_000 });
    const frame = await framed;
    const { state } = await hostedPageMessage(frame.src);

    postFromFrame(frame, {
      error: 'login_required',
      error_description: 'The member must sign in',
      state,
    });
    const error = await pending.catch((reason: unknown) => reason);

    expect(isRedirectsError(error) && [error.code, error.error]).toEqual([
      'AUTHORIZATION_ERROR',
      'login_required',
    ]);
    expect(hiddenFrame()).toBeNull();
    expect(codeExchanges()).toHaveLength(0);
  });
});

// @vitest-environment happy-dom
// The PKCE code verifier stays on the page: it travels only in the body of the
// code exchange, and is kept only in its flow record in session storage until
// the callback. It never appears in a URL (requests, navigations, frames, the
// address bar), a log line, an error message, or another stored record.
import { calculateCodeChallenge } from '@site-identity/pkce';
import { describe, expect, test, vi } from 'vitest';
import {
  RECORD_PREFIX,
  REDIRECT_URI,
  nextFrame,
  postFromFrame,
  settle,
  storageContents,
  usePlatform,
  type World,
} from './harness';
import { collectedErrors, collectedLogLines, messagesOf, rememberSecret } from './leak-watch';

const {
  platform,
  createWorld,
  hostedLogin,
  submitHostedLogin,
  issueTokens,
  sessionTokenOf,
  hostedPageMessage,
  requestUrls,
  requestBodies,
} = usePlatform();

interface Observation {
  readonly verifiers: Set<string>;
  readonly urls: string[];
  readonly storageLeaks: string[];
  checkpoint(step: string): void;
}

/** Watches every URL the page shows or loads, and scans storage at each step. */
function observe(): Observation {
  const verifiers = new Set<string>();
  const urls: string[] = [];
  const storageLeaks: string[] = [];
  const remember = () => {
    for (const [key, value] of Object.entries(storageContents())) {
      if (!key.startsWith(`session:${RECORD_PREFIX}flow:`)) continue;
      const { codeVerifier } = JSON.parse(value) as { codeVerifier?: string };
      if (codeVerifier) {
        verifiers.add(codeVerifier);
        rememberSecret(codeVerifier, 'code verifier');
      }
    }
  };
  const pushState = vi.spyOn(history, 'pushState');
  const replaceState = vi.spyOn(history, 'replaceState');
  const frames = new MutationObserver(() => {
    for (const frame of document.querySelectorAll('iframe')) urls.push(frame.src);
  });
  frames.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['src'],
  });
  return {
    verifiers,
    urls,
    storageLeaks,
    checkpoint(step) {
      remember();
      urls.push(location.href);
      for (const [, , url] of [...pushState.mock.calls, ...replaceState.mock.calls])
        if (url) urls.push(String(url));
      for (const [key, value] of Object.entries(storageContents())) {
        if (key.startsWith(`session:${RECORD_PREFIX}flow:`)) continue;
        for (const verifier of verifiers)
          if (value.includes(verifier)) storageLeaks.push(`${step}: ${key}`);
      }
    },
  };
}

/** A login flow, run step by step with a checkpoint after each. */
type Scenario = (world: World, seen: Observation) => Promise<void>;

const SCENARIOS: [string, Scenario][] = [
  [
    'hosted login, fragment answer',
    async (world, seen) => {
      const callbackUrl = await hostedLogin(world, { originalUri: '/account' });
      seen.checkpoint('back from the hosted page');
      history.replaceState(null, '', callbackUrl);
      await world.redirects.completeLogin();
      seen.checkpoint('after completeLogin');
    },
  ],
  [
    'hosted login, query answer',
    async (world, seen) => {
      const callbackUrl = await hostedLogin(world, { responseMode: 'query' });
      seen.checkpoint('back from the hosted page');
      history.replaceState(null, '', callbackUrl);
      await world.redirects.completeLogin();
      seen.checkpoint('after completeLogin');
    },
  ],
  [
    'hosted login whose code exchange fails (503)',
    async (world, seen) => {
      const callbackUrl = await hostedLogin(world);
      seen.checkpoint('back from the hosted page');
      platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
      await settle(() => world.redirects.completeLogin(callbackUrl));
      seen.checkpoint('after the failed exchange');
    },
  ],
  [
    'hosted login with a code the platform rejects (invalid_grant)',
    async (world, seen) => {
      const callbackUrl = (await hostedLogin(world)).replace(
        /code=[^&]+/,
        'code=tampered-code-value-0123456789',
      );
      seen.checkpoint('back from the hosted page');
      await settle(() => world.redirects.completeLogin(callbackUrl));
      seen.checkpoint('after the rejected exchange');
    },
  ],
  [
    'silent login in a hidden frame',
    async (world, seen) => {
      await world.tokens.setTokens(issueTokens('visitor'));
      const framed = nextFrame();
      const pending = world.redirects.silentLogin(sessionTokenOf(), { timeoutMs: 10_000 });
      const frame = await framed;
      seen.checkpoint('frame inserted');
      postFromFrame(frame, await hostedPageMessage(frame.src));
      await pending;
      seen.checkpoint('after silentLogin');
    },
  ],
  [
    'hosted login cancelled on the hosted page',
    async (world, seen) => {
      await world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI });
      seen.checkpoint('flow stored');
      const callbackUrl = await submitHostedLogin(world.navigations.at(-1) ?? '', 'cancel');
      await settle(() => world.redirects.completeLogin(callbackUrl));
      seen.checkpoint('after the error answer');
    },
  ],
];

describe('the code verifier never appears in a URL, a log line, an error message or storage outside its flow record', () => {
  test.each(SCENARIOS)('%s', async (_name, scenario) => {
    const world = createWorld();
    const seen = observe();
    const errorsBefore = collectedErrors().length;
    const linesBefore = collectedLogLines().length;

    await scenario(world, seen);

    // The verifiers of the exchanges: in the token request body, where they belong.
    const exchanges = requestBodies
      .filter(({ url }) => url.endsWith('/oauth2/token'))
      .map(({ body }) => JSON.parse(body) as { grantType?: string; codeVerifier?: string })
      .filter((body) => body.grantType === 'authorization_code');
    for (const { codeVerifier } of exchanges) {
      if (codeVerifier) {
        seen.verifiers.add(codeVerifier);
        rememberSecret(codeVerifier, 'code verifier');
      }
    }
    const sessionBodies = requestBodies.filter(({ url }) => url.endsWith('/v1/redirect-session'));
    expect(seen.verifiers.size).toBeGreaterThan(0);

    const everyUrl = [...requestUrls, ...world.navigations, ...seen.urls];
    const everyLine = collectedLogLines().slice(linesBefore);
    const everyMessage = collectedErrors()
      .slice(errorsBefore)
      .flatMap((error) => messagesOf(error));
    const otherBodies = requestBodies.filter(
      ({ body }) =>
        !exchanges.some(
          (exchange) => JSON.stringify(exchange) === JSON.stringify(JSON.parse(body || 'null')),
        ),
    );
    for (const verifier of seen.verifiers) {
      expect(
        everyUrl.filter(
          (url) => url.includes(verifier) || decodeURIComponent(url).includes(verifier),
        ),
      ).toEqual([]);
      expect(everyLine.filter((line) => line.includes(verifier))).toEqual([]);
      expect(everyMessage.filter((message) => message.includes(verifier))).toEqual([]);
      expect(
        otherBodies.filter(({ body }) => body.includes(verifier)).map(({ url }) => url),
      ).toEqual([]);
      // What the redirect session carried instead: its S256 challenge.
      const challenge = await calculateCodeChallenge(verifier);
      if (sessionBodies.length > 0)
        expect(sessionBodies.some(({ body }) => body.includes(challenge))).toBe(true);
    }
    expect(seen.storageLeaks).toEqual([]);
    expect(Object.keys(storageContents()).filter((key) => key.includes(':flow:'))).toEqual([]);
  });
});

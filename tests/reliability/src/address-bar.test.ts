// @vitest-environment happy-dom
// After a login callback, `code` and `state` (and `error`, `error_description`)
// leave the address bar, whatever the outcome, without a new history entry; the
// page's own parameters stay.
import { describe, expect, test } from 'vitest';
import { PAGE_ORIGIN, REDIRECT_URI, settle, usePlatform } from './harness';

const { platform, createWorld, hostedLogin, submitHostedLogin } = usePlatform();

const CALLBACK_FIELDS = ['code', 'state', 'error', 'error_description'];

function callbackFieldsIn(href: string): string[] {
  const url = new URL(href);
  const names = [...url.searchParams.keys(), ...new URLSearchParams(url.hash.slice(1)).keys()];
  return names.filter((name) => CALLBACK_FIELDS.includes(name));
}

/** Adds the page's own parameters around the hosted page's answer. */
function withPageParameters(callbackUrl: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('tab', 'orders');
  url.hash = url.hash ? `${url.hash.slice(1)}&keep=1` : '';
  return url.href;
}

type Outcome = 'success' | 'exchange fails' | 'hosted page error' | 'forged state';

const CASES: [string, 'fragment' | 'query', Outcome][] = [
  ['fragment answer, login succeeds', 'fragment', 'success'],
  ['query answer, login succeeds', 'query', 'success'],
  ['fragment answer, the code exchange fails (503)', 'fragment', 'exchange fails'],
  ['query answer, the code exchange fails (503)', 'query', 'exchange fails'],
  ['fragment answer, the hosted page answers an error', 'fragment', 'hosted page error'],
  ['fragment answer, a forged state', 'fragment', 'forged state'],
];

describe('code and state are stripped from the address bar after the callback', () => {
  test.each(CASES)('%s', async (_name, responseMode, outcome) => {
    const world = createWorld();
    let callbackUrl: string;
    if (outcome === 'hosted page error') {
      await world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI });
      callbackUrl = await submitHostedLogin(world.navigations.at(-1) ?? '', 'cancel');
    } else {
      callbackUrl = await hostedLogin(world, { responseMode });
    }
    if (outcome === 'forged state')
      callbackUrl = callbackUrl.replace(
        /state=[^&]+/,
        'state=forged-state-value-0000000000000000000',
      );
    if (outcome === 'exchange fails')
      platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const page = responseMode === 'fragment' ? withPageParameters(callbackUrl) : callbackUrl;
    history.pushState(null, '', page);
    const historyLength = history.length;
    expect(callbackFieldsIn(location.href).length).toBeGreaterThan(0);

    const result = await settle(() => world.redirects.completeLogin());

    expect(result.ok).toBe(outcome === 'success');
    expect(callbackFieldsIn(location.href)).toEqual([]);
    expect(history.length).toBe(historyLength);
    expect(location.pathname).toBe('/callback');
    if (responseMode === 'fragment') {
      expect(new URL(location.href).searchParams.get('tab')).toBe('orders');
      if (outcome !== 'hosted page error') expect(location.hash).toBe('#keep=1');
    }
    expect(location.origin).toBe(PAGE_ORIGIN);
  });
});

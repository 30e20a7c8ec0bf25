import { createMockPlatform } from '@site-identity/mock-platform';
import { createTokenManager, memoryStorage, type TokenManager } from '@site-identity/tokens';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { describeEvent } from './describe-event';
import { mountIdentityDevtools } from './index';
import { mountIdentityDevtools as productionMount } from './production';

const CLIENT_ID = 'client-devtools';
const platform = createMockPlatform();
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  platform.reset();
  vi.useRealTimers();
});

function manager(): TokenManager {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    fetch: (request) => platform.fetch(request),
    crossTab: false,
    onError: () => {},
  });
  cleanups.push(() => tokens.dispose());
  return tokens;
}

function mount(tokens: TokenManager, options: Parameters<typeof mountIdentityDevtools>[1] = {}) {
  const mounted = mountIdentityDevtools(tokens, options);
  cleanups.push(() => mounted.unmount());
  const root = document.querySelector('[data-site-identity-devtools]')?.shadowRoot;
  if (!root) throw new Error('the devtools were not mounted');
  const $ = (selector: string) => root.querySelector<HTMLElement>(selector)!;
  return {
    mounted,
    root,
    $,
    field: (name: string) => $(`[data-field="${name}"]`).textContent,
    log: () => [...root.querySelectorAll('[role="log"] li')].map((li) => li.textContent),
    click: (action: string) => $(`[data-action="${action}"]`).click(),
  };
}

async function signIn(tokens: TokenManager, expiresInSeconds = 3600) {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: CLIENT_ID,
    memberId: 'm-1',
  });
  const member = {
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' as const },
  };
  await tokens.setTokens(member);
  return member;
}

const refreshRequests = () =>
  platform.state.requests.filter(
    (r) => r.path === '/oauth2/token' && r.grantType === 'refresh_token',
  );

describe('mountIdentityDevtools', () => {
  test('shows the role, the access token expiry as a countdown and the refresh-token role; token values only after "Reveal tokens"', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: 1_700_000_000_000 });
    const tokens = manager();
    const member = await signIn(tokens, 125);
    const view = mount(tokens, { initialIsOpen: true });
    expect(view.field('status')).toBe('member');
    expect(view.field('expires')).toBe('in 2:05 (at 22:15:25 UTC)');
    expect(view.field('refresh')).toBe('member refresh token');
    vi.advanceTimersByTime(5_000);
    expect(view.field('expires')).toBe('in 2:00 (at 22:15:25 UTC)');
    expect(view.root.textContent).not.toContain(member.accessToken.value);
    expect(view.root.textContent).not.toContain(member.refreshToken.value);
    const reveal = view.$('[aria-pressed]');
    reveal.click();
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(view.root.textContent).toContain(member.accessToken.value);
    expect(view.root.textContent).toContain(member.refreshToken.value);
    reveal.click();
    expect(view.root.textContent).not.toContain(member.accessToken.value);
  });

  test('the log shows a renewal with its duration and outcome, and a session end with its reason', async () => {
    const tokens = manager();
    await signIn(tokens);
    const view = mount(tokens);
    view.click('renew');
    await vi.waitFor(() => expect(refreshRequests()).toHaveLength(1));
    await vi.waitFor(() =>
      expect(view.log()[0]).toMatch(/TOKENS_REFRESHED → member · generation 1$/),
    );
    expect(view.log()[1]).toMatch(/Renewal renewed \(refresh token\) in \d+ ms → generation 1$/);
    expect(view.field('renewals')).toMatch(/^1 \(last: renewed in \d+ ms\)$/);
    platform.state.tokens.revoke({ memberId: 'm-1' });
    view.click('renew');
    await vi.waitFor(() => expect(view.field('status')).toBe('visitor'));
    expect(view.log()[0]).toMatch(
      /SESSION_EXPIRED → visitor: session ended \(refresh_rejected\) · generation 2$/,
    );
    expect(view.log()).toContainEqual(
      expect.stringMatching(/Renewal rejected \(refresh token\) in \d+ ms: INVALID_GRANT$/),
    );
    expect(view.field('ended')).toBe('refresh_rejected, in this tab');
  });

  test('"Expire access token now" leaves the session in place with an expired access token: the next call renews once', async () => {
    const tokens = manager();
    const member = await signIn(tokens);
    const view = mount(tokens);
    view.click('expire');
    await vi.waitFor(() => expect(view.field('expires')).toMatch(/^expired/));
    expect(tokens.getSnapshot().tokens?.refreshToken.value).toBe(member.refreshToken.value);
    expect(refreshRequests()).toHaveLength(0);
    await Promise.all([tokens.getAccessToken(), tokens.getAccessToken()]);
    expect(refreshRequests()).toHaveLength(1);
    expect(view.field('expires')).toMatch(/^in /);
  });

  test('"Sign out here" clears the session; "Sign out everywhere" calls the app, and is offered only when the app gives it', async () => {
    const tokens = manager();
    await signIn(tokens);
    const plain = mount(tokens);
    expect(plain.root.querySelector('[data-action="signOutEverywhere"]')).toBeNull();
    plain.mounted.unmount();
    const everywhere = vi.fn(() => Promise.reject(new Error('platform down')));
    const view = mount(tokens, { signOutEverywhere: everywhere });
    view.click('signOutEverywhere');
    await vi.waitFor(() => expect(everywhere).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(view.$('ul[aria-labelledby="errors-title"]').textContent).toContain(
        'Sign out everywhere failed: platform down',
      ),
    );
    view.click('signOut');
    await vi.waitFor(() => expect(view.field('status')).toBe('none'));
    expect(view.log()[0]).toMatch(/SIGNED_OUT → none: session ended \(signed_out\)/);
  });

  test('keyboard and labels: the button says whether the panel is open; Escape closes it and gives the focus back', () => {
    const tokens = manager();
    const view = mount(tokens);
    const toggle = view.$('.toggle');
    const panel = view.$('#panel');
    expect(toggle.getAttribute('aria-controls')).toBe('panel');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(view.root.activeElement).toBe(panel);
    expect(panel.getAttribute('aria-labelledby')).toBe('title');
    panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel.hidden).toBe(true);
    expect(view.root.activeElement).toBe(toggle);
    for (const button of view.root.querySelectorAll('button'))
      expect(button.textContent || button.getAttribute('aria-label')).toBeTruthy();
  });

  test('the last typed errors are listed, newest first, with whether trying again may help', async () => {
    const tokens = manager();
    await signIn(tokens);
    const view = mount(tokens);
    const errors = view.$('ul[aria-labelledby="errors-title"]');
    expect(errors.nextElementSibling?.textContent).toBe('None.');
    expect((errors.nextElementSibling as HTMLElement).hidden).toBe(false);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    view.click('renew');
    await vi.waitFor(() =>
      expect(view.$('ul[aria-labelledby="errors-title"]').textContent).toMatch(/\(retryable\)/),
    );
    expect(view.log()).toContainEqual(
      expect.stringMatching(/Renewal failed \(refresh token\) in \d+ ms: /),
    );
    expect(view.field('status')).toBe('member');
    expect((errors.nextElementSibling as HTMLElement).hidden).toBe(true);
  });

  test('unmount removes the panel and stops listening', async () => {
    const tokens = manager();
    const view = mount(tokens);
    view.mounted.unmount();
    expect(document.querySelector('[data-site-identity-devtools]')).toBeNull();
    await tokens.getTokens();
    expect(view.log()).toEqual([]);
  });

  test('the production entry (the `production` export condition) adds nothing to the page', () => {
    const tokens = manager();
    const mounted = productionMount(tokens);
    mounted.open();
    mounted.unmount();
    expect(document.querySelector('[data-site-identity-devtools]')).toBeNull();
  });

  test('a value that is not a token manager is a typed error naming the parameter', () => {
    expect(() => mountIdentityDevtools({} as TokenManager)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'tokens must be a token manager (createTokenManager()); got object',
      }),
    );
  });
});

describe('the hand-off text', () => {
  const handOff = (from: 'this-tab' | 'other-tab', epoch: number, generation: number) =>
    describeEvent({ type: 'hand-off', at: 0, from, epoch, generation });
  test('says which tab renewed and the generation, or which tab changed the session and its epoch', () => {
    expect(handOff('this-tab', 1, 2)).toBe('Hand-off: this tab renewed, generation 2');
    expect(handOff('other-tab', 1, 3)).toBe('Hand-off: another tab renewed, generation 3');
    // Generation 0 opens an epoch: a sign-in or sign-out in another tab, not a renewal.
    expect(handOff('other-tab', 4, 0)).toBe('Hand-off: another tab changed the session, epoch 4');
  });
});

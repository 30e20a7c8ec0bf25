// The panel's "Member" row with the real getCurrentMember of member-auth against the
// mock platform's members API.
import { createMemberAuth } from '@site-identity/member-auth';
import { getCurrentMember } from '@site-identity/member-auth/current-member';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage, type TokenManager } from '@site-identity/tokens';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mountIdentityDevtools, type DevtoolsOptions } from './index';
import { mountIdentityDevtools as productionMount } from './production';

const CLIENT_ID = 'client-devtools';
const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'secret', profile: { firstName: 'Ada' } }],
});
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  platform.reset();
});

function clients() {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    fetch: (request) => platform.fetch(request),
    crossTab: false,
    onError: () => {},
  });
  const memberAuth = createMemberAuth({ tokens, redirects: createRedirects({ tokens }) });
  cleanups.push(() => tokens.dispose());
  return { tokens, memberAuth };
}

function mount(tokens: TokenManager, options: DevtoolsOptions) {
  const mounted = mountIdentityDevtools(tokens, options);
  cleanups.push(() => mounted.unmount());
  const root = document.querySelector('[data-site-identity-devtools]')?.shadowRoot;
  if (!root) throw new Error('the devtools were not mounted');
  return () => root.querySelector('[data-field="member"]')?.textContent;
}

const adaId = () =>
  [...platform.state.members.values()].find((m) => m.email === 'ada@example.com')!.id;

async function signIn(tokens: TokenManager) {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: CLIENT_ID,
    memberId: adaId(),
  });
  await tokens.setTokens({
    accessToken: { value: issued.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  });
}

const memberReads = () =>
  platform.state.requests.filter((r) => r.path === '/members/v1/members/my').length;

describe('the Member row', () => {
  test('with getCurrentMember: the member’s id and e-mail after sign-in, none for a visitor', async () => {
    const { tokens, memberAuth } = clients();
    await tokens.getTokens();
    const row = mount(tokens, { member: () => getCurrentMember(memberAuth) });
    expect(row()).toBe('—');
    expect(memberReads()).toBe(0);
    await signIn(tokens);
    await vi.waitFor(() => expect(row()).toBe(`${adaId()} · ada@example.com`));
    expect(memberReads()).toBe(1);
    // The app asks too: the same request answers it.
    expect((await getCurrentMember(memberAuth))?.id).toBe(adaId());
    expect(memberReads()).toBe(1);
    // A renewal keeps the member, without reading again.
    await tokens.refresh();
    expect(row()).toBe(`${adaId()} · ada@example.com`);
    expect(memberReads()).toBe(1);
    void tokens.clear();
    await vi.waitFor(() => expect(row()).toBe('—'));
    expect(memberReads()).toBe(1);
  });

  test('mounted while a member is signed in: read at once', async () => {
    const { tokens, memberAuth } = clients();
    await signIn(tokens);
    const row = mount(tokens, { member: () => getCurrentMember(memberAuth) });
    expect(row()).toBe('reading…');
    await vi.waitFor(() => expect(row()).toBe(`${adaId()} · ada@example.com`));
  });

  test('the members API fails: the row shows the error code, and the session is untouched', async () => {
    const { tokens, memberAuth } = clients();
    await signIn(tokens);
    platform.faults.inject({ path: '/members/v1/members/my', kind: 'status', status: 503 });
    const row = mount(tokens, { member: () => getCurrentMember(memberAuth) });
    await vi.waitFor(() => expect(row()).toMatch(/^not read: [A-Z_]+$/));
    expect(row()).not.toContain(tokens.getSnapshot().tokens!.accessToken.value);
    expect(tokens.getSnapshot().status).toBe('member');
  });

  test('without the option: the row says how to add it, and nothing is read', async () => {
    const { tokens } = clients();
    await signIn(tokens);
    const row = mount(tokens, {});
    expect(row()).toBe('— (pass member: () => getCurrentMember(memberAuth))');
    expect(memberReads()).toBe(0);
  });

  test('a read overtaken by a sign-out is dropped', async () => {
    const { tokens } = clients();
    await signIn(tokens);
    let answer: (member: { id: string; loginEmail: string }) => void = () => {};
    const row = mount(tokens, {
      member: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(row()).toBe('reading…');
    void tokens.clear();
    await vi.waitFor(() => expect(row()).toBe('—'));
    answer({ id: 'late', loginEmail: 'late@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(row()).toBe('—');
  });

  test('the production build never calls the member option', () => {
    const { tokens } = clients();
    const member = vi.fn(() => Promise.resolve(null));
    productionMount(tokens, { member }).unmount();
    expect(member).not.toHaveBeenCalled();
  });
});

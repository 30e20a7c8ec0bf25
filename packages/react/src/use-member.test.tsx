import type { TokenManager } from '@site-identity/tokens';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import { CLIENT_ID, createClients, MEMBER, usePlatform, type Clients } from './test-platform';
import { useMember } from './use-member';

const platform = usePlatform();
const MEMBERS_PATH = '/members/v1/members/my';
const BOB = 'bob@example.com';

beforeEach(() => {
  const ada = platform.state.findMember(MEMBER.email);
  if (ada) ada.profile = { firstName: 'Ada', lastName: 'Lovelace', nickname: 'Countess' };
  platform.state.addMember({ email: BOB, password: 'pw', profile: { firstName: 'Bob' } });
});

/** Member tokens for `email`, made the session as a completed login makes them. */
async function signIn(tokens: TokenManager, email: string): Promise<void> {
  const memberId = platform.state.findMember(email)?.id;
  const issued = platform.state.tokens.issue({ role: 'member', clientId: CLIENT_ID, memberId });
  await tokens.setTokens({
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + issued.expires_in,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  });
}

const memberReads = () => platform.state.requests.filter((entry) => entry.path === MEMBERS_PATH);

function Greeting({ id = 'greeting' }: { id?: string }) {
  const { member, status } = useMember();
  return <p data-testid={id}>{`${status}:${member?.contact.firstName ?? '-'}`}</p>;
}

function renderWith(clients: Clients, children: ReactNode) {
  return render(
    <IdentityProvider tokens={clients.tokens} memberAuth={clients.memberAuth}>
      {children}
    </IdentityProvider>,
  );
}

const text = (id = 'greeting') => screen.getByTestId(id).textContent;

describe('useMember', () => {
  it('never reads for a visitor: status visitor, member null, no members request', async () => {
    const clients = createClients();
    await clients.tokens.getTokens();
    renderWith(clients, <Greeting />);
    expect(text()).toBe('visitor:-');
    await act(async () => {
      await Promise.resolve();
    });
    expect(text()).toBe('visitor:-');
    expect(memberReads()).toEqual([]);
  });

  it('reads the signed-in member once for every component, in StrictMode too', async () => {
    const clients = createClients();
    await signIn(clients.tokens, MEMBER.email);
    renderWith(
      clients,
      <StrictMode>
        <Greeting id="a" />
        <Greeting id="b" />
        <Greeting id="c" />
      </StrictMode>,
    );
    expect(text('a')).toBe('loading:-');
    await waitFor(() => expect(text('a')).toBe('member:Ada'));
    expect([text('b'), text('c')]).toEqual(['member:Ada', 'member:Ada']);
    expect(memberReads()).toHaveLength(1);
  });

  it('keeps the member shown through a renewal, without a request', async () => {
    const clients = createClients();
    await signIn(clients.tokens, MEMBER.email);
    renderWith(clients, <Greeting />);
    await waitFor(() => expect(text()).toBe('member:Ada'));
    const shown: (string | null)[] = [];
    const observer = new MutationObserver(() => shown.push(text()));
    observer.observe(screen.getByTestId('greeting'), {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await act(() => clients.tokens.refresh());
    observer.disconnect();
    expect(text()).toBe('member:Ada');
    expect(shown.filter((value) => value !== 'member:Ada')).toEqual([]);
    expect(memberReads()).toHaveLength(1);
  });

  it('forgets the member at sign-out and reads the next member after the next sign-in', async () => {
    const clients = createClients();
    await signIn(clients.tokens, MEMBER.email);
    renderWith(clients, <Greeting />);
    await waitFor(() => expect(text()).toBe('member:Ada'));
    await act(() => clients.tokens.clear());
    expect(text()).toBe('visitor:-');
    await act(() => signIn(clients.tokens, BOB));
    expect(text()).not.toBe('member:Ada');
    await waitFor(() => expect(text()).toBe('member:Bob'));
    expect(memberReads()).toHaveLength(2);
  });

  it('refetch reads the member again after a profile change', async () => {
    const clients = createClients();
    await signIn(clients.tokens, MEMBER.email);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={clients.tokens} memberAuth={clients.memberAuth}>
        {children}
      </IdentityProvider>
    );
    const { result } = renderHook(() => useMember(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('member'));
    expect(result.current.member?.profile.nickname).toBe('Countess');
    const ada = platform.state.findMember(MEMBER.email);
    if (ada) ada.profile = { ...ada.profile, nickname: 'Ada L.' };
    await act(() => result.current.refetch());
    expect(result.current.member?.profile.nickname).toBe('Ada L.');
    expect(memberReads()).toHaveLength(2);
  });

  it('tells a failed read as status error with the typed error, and refetch recovers', async () => {
    const clients = createClients();
    await signIn(clients.tokens, MEMBER.email);
    platform.faults.inject({ path: MEMBERS_PATH, kind: 'status', status: 503 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={clients.tokens} memberAuth={clients.memberAuth}>
        {children}
      </IdentityProvider>
    );
    const { result } = renderHook(() => useMember(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ name: 'MemberAuthError', code: 'SERVER_ERROR' });
    expect(result.current.member).toBeNull();
    expect(clients.tokens.isLoggedIn()).toBe(true);
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ status: 'member', error: undefined });
    expect(result.current.member?.loginEmail).toBe(MEMBER.email);
  });

  it('needs the provider and its member client', () => {
    const clients = createClients();
    const outside = (() => {
      try {
        renderHook(() => useMember());
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(isIdentityReactError(outside) && outside.code).toBe('MISSING_PROVIDER');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={clients.tokens}>{children}</IdentityProvider>
    );
    expect(() => renderHook(() => useMember(), { wrapper })).toThrow(
      'useMember needs <IdentityProvider memberAuth={…}>',
    );
  });
});

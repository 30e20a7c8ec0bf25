import type { LoginCompletion } from '@site-identity/redirects';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import type { LoginRedirector } from './instances';
import { fakeSession, tokensOf } from './test-platform';
import { useLoginCallback, type LoginCallbackOptions } from './use-login-callback';

const CALLBACK = 'https://shop.example/callback#code=the-code&state=the-state';
const COMPLETION: LoginCompletion = {
  tokens: tokensOf('member'),
  originalUri: 'https://shop.example/orders',
};

function fakeRedirects(
  completeLogin: LoginRedirector['completeLogin'] = vi.fn(async () => COMPLETION),
) {
  return { completeLogin: vi.fn(completeLogin), loginWithRedirect: vi.fn(async () => {}) };
}

function Callback(props: LoginCallbackOptions) {
  const state = useLoginCallback(props);
  return (
    <p data-testid="callback">
      {state.status}
      {state.status === 'done' && ` ${state.result.originalUri}`}
      {state.status === 'error' && ` ${state.error.message}`}
    </p>
  );
}

function renderCallback(
  redirects: LoginRedirector,
  options: LoginCallbackOptions = {},
  strict = true,
) {
  const ui = (
    <IdentityProvider tokens={fakeSession()} redirects={redirects}>
      <Callback {...options} />
    </IdentityProvider>
  );
  return render(strict ? <StrictMode>{ui}</StrictMode> : ui);
}

const text = () => screen.getByTestId('callback').textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useLoginCallback', () => {
  it('completes the login once under StrictMode', async () => {
    const redirects = fakeRedirects();
    renderCallback(redirects, { url: CALLBACK });
    await waitFor(() => expect(text()).toBe('done https://shop.example/orders'));
    expect(redirects.completeLogin).toHaveBeenCalledTimes(1);
    expect(redirects.completeLogin).toHaveBeenCalledWith(CALLBACK);
  });

  it('reads the address bar by default', async () => {
    window.history.replaceState(null, '', '/callback?code=c&state=s');
    const redirects = fakeRedirects();
    renderCallback(redirects);
    await waitFor(() => expect(text()).toMatch(/^done/));
    expect(redirects.completeLogin).toHaveBeenCalledWith(window.location.href);
  });

  it('is pending while the code is exchanged', async () => {
    let finish!: (value: LoginCompletion) => void;
    const redirects = fakeRedirects(() => new Promise((resolve) => (finish = resolve)));
    renderCallback(redirects, { url: CALLBACK });
    await waitFor(() => expect(text()).toBe('pending'));
    await act(async () => finish(COMPLETION));
    expect(text()).toMatch(/^done/);
  });

  it('stays idle, and calls nothing, when the URL carries no callback', async () => {
    window.history.replaceState(null, '', '/callback');
    const redirects = fakeRedirects();
    renderCallback(redirects);
    await act(async () => {});
    expect(text()).toBe('idle');
    expect(redirects.completeLogin).not.toHaveBeenCalled();
  });

  it('does not exchange again when the page mounts again with the same URL', async () => {
    const redirects = fakeRedirects();
    const first = renderCallback(redirects, { url: CALLBACK });
    await waitFor(() => expect(text()).toMatch(/^done/));
    first.unmount();
    renderCallback(redirects, { url: CALLBACK });
    await waitFor(() => expect(text()).toMatch(/^done/));
    expect(redirects.completeLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps separate redirect clients apart', async () => {
    const one = fakeRedirects();
    const two = fakeRedirects();
    renderCallback(one, { url: CALLBACK }).unmount();
    renderCallback(two, { url: CALLBACK });
    await waitFor(() => expect(text()).toMatch(/^done/));
    expect(one.completeLogin).toHaveBeenCalledTimes(1);
    expect(two.completeLogin).toHaveBeenCalledTimes(1);
  });

  it('reports the redirect client error', async () => {
    const failure = Object.assign(new Error('Invalid _state'), { name: 'RedirectsError' });
    const redirects = fakeRedirects(async () => Promise.reject(failure));
    renderCallback(redirects, { url: CALLBACK });
    await waitFor(() => expect(text()).toBe('error Invalid _state'));
    expect(redirects.completeLogin).toHaveBeenCalledTimes(1);
  });

  it('wraps a rejection that is not an Error', async () => {
    let state: ReturnType<typeof useLoginCallback> | undefined;
    function Probe() {
      state = useLoginCallback({ url: `${CALLBACK}-2` });
      return null;
    }
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- not an Error, on purpose
    const redirects = fakeRedirects(async () => Promise.reject('nope'));
    render(
      <IdentityProvider tokens={fakeSession()} redirects={redirects}>
        <Probe />
      </IdentityProvider>,
    );
    await waitFor(() => expect(state?.status).toBe('error'));
    expect(isIdentityReactError(state?.error) && state.error.code).toBe('ACTION_FAILED');
  });

  it('ignores an answer that arrives after unmount', async () => {
    let finish!: (value: LoginCompletion) => void;
    const redirects = fakeRedirects(() => new Promise((resolve) => (finish = resolve)));
    const errors = vi.spyOn(console, 'error');
    const { unmount } = renderCallback(redirects, { url: CALLBACK }, false);
    await waitFor(() => expect(text()).toBe('pending'));
    unmount();
    await act(async () => finish(COMPLETION));
    expect(errors).not.toHaveBeenCalled();
  });
});

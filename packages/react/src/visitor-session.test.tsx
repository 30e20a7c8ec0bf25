import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { createClients, fakeSession, grants, usePlatform } from './test-platform';
import { useSession } from './use-session';

const platform = usePlatform();

function Session() {
  const { status, error } = useSession();
  return <p data-testid="session">{`${status}${error ? ` ${error.code}` : ''}`}</p>;
}

const shown = () => screen.getByTestId('session').textContent;

describe('<IdentityProvider> gets the visitor session', () => {
  it('on mount, once under StrictMode, without any call of the app', async () => {
    const { tokens } = createClients();
    render(
      <StrictMode>
        <IdentityProvider tokens={tokens}>
          <Session />
        </IdentityProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(shown()).toBe('visitor'));
    expect(grants(platform, 'anonymous')).toHaveLength(1);
  });

  it('again after a sign-out, by itself', async () => {
    const { tokens } = createClients();
    render(
      <IdentityProvider tokens={tokens}>
        <Session />
      </IdentityProvider>,
    );
    await waitFor(() => expect(shown()).toBe('visitor'));
    await act(() => tokens.clear());
    await waitFor(() => expect(shown()).toBe('visitor'));
    expect(grants(platform, 'anonymous')).toHaveLength(2);
  });

  it('uses stored tokens as they are, and a remount asks nothing more', async () => {
    const { tokens } = createClients();
    await tokens.getTokens();
    const first = render(
      <IdentityProvider tokens={tokens}>
        <Session />
      </IdentityProvider>,
    );
    first.unmount();
    render(
      <IdentityProvider tokens={tokens}>
        <Session />
      </IdentityProvider>,
    );
    await act(() => tokens.getTokens());
    expect(shown()).toBe('visitor');
    expect(grants(platform, 'anonymous')).toHaveLength(1);
  });

  it('reports a token endpoint outage in the session, without an unhandled rejection or a retry loop', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const { tokens } = createClients();
    render(
      <IdentityProvider tokens={tokens}>
        <Session />
      </IdentityProvider>,
    );
    await waitFor(() => expect(tokens.getSnapshot().error).toBeDefined());
    expect(shown()).toMatch(/^none \S+/);
    expect(grants(platform, 'anonymous').length).toBeLessThanOrEqual(1);
  });

  it('never on a server', () => {
    const source = { ...fakeSession(), getTokens: vi.fn(() => new Promise<never>(() => {})) };
    renderToString(
      <IdentityProvider tokens={source}>
        <Session />
      </IdentityProvider>,
    );
    expect(source.getTokens).not.toHaveBeenCalled();
  });
});

import { createMockPlatform } from '@site-identity/mock-platform';
import { strictListenOptions } from '@site-identity/mock-platform/testing';
import { IdentityProvider } from '@site-identity/react';
import { createTokenManager } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { App } from './app';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
// A request the platform does not know fails the test, with msw 2 or 3.
beforeAll(() => server.listen(strictListenOptions));
afterAll(() => server.close());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test('a visitor gets a visitor session, with only the bindings and tokens installed', async () => {
  const tokens = createTokenManager({ clientId: 'visitor-only' });
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <IdentityProvider tokens={tokens}>
        <App />
      </IdentityProvider>,
    );
  });
  await act(() => tokens.getAccessToken());
  expect(container.textContent).toContain('Session: visitor');
  expect(container.textContent).toContain('Welcome, visitor.');
  await act(async () => root.unmount());
  tokens.dispose();
});

import { createMockPlatform } from '@site-identity/mock-platform';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { afterEach, describe, expect, test } from 'vitest';
import { mountIdentityDevtools } from './index';

const platform = createMockPlatform({
  clients: [{ clientId: 'my-app', redirectUris: ['http://localhost:3000/callback'] }],
});
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  platform.reset();
});

/** Devtools over a token manager with `settings`; the configuration problem it shows. */
async function shownProblem(settings: { clientId: string; apiBaseUrl?: string }) {
  const tokens = createTokenManager({
    ...settings,
    storage: memoryStorage(),
    fetch: (request) => platform.fetch(request),
    crossTab: false,
    onError: () => {},
  });
  const mounted = mountIdentityDevtools(tokens, {});
  cleanups.push(() => {
    mounted.unmount();
    tokens.dispose();
  });
  await tokens.getAccessToken().catch(() => undefined);
  const root = document.querySelector('[data-site-identity-devtools]')?.shadowRoot;
  return root?.querySelector('[data-field="configuration"]')?.textContent;
}

describe('the devtools list the configuration problems they have seen', () => {
  test("an unknown client id: the endpoint's reason and the setting to change", async () => {
    const shown = await shownProblem({ clientId: 'my-ap' });
    expect(shown).toContain(
      'Failed to fetch tokens from OAuth API: 401 Unauthorized from POST https://www.wixapis.com/oauth2/token (the endpoint says: invalid_client: unknown client)',
    );
    expect(shown).toContain(
      "Change: clientId: the client id of one of the site's OAuth apps (the app's OAuth settings).",
    );
  });

  test('apiBaseUrl with a trailing /oauth2: the URL and apiBaseUrl', async () => {
    const shown = await shownProblem({
      clientId: 'my-app',
      apiBaseUrl: 'https://www.wixapis.com/oauth2',
    });
    expect(shown).toContain('404 Not Found from POST https://www.wixapis.com/oauth2/oauth2/token');
    expect(shown).toContain(
      'Change: apiBaseUrl: the API base only (https://www.wixapis.com), without /oauth2.',
    );
  });

  test('an unpublished site: publish it', async () => {
    platform.state.settings.published = false;
    const shown = await shownProblem({ clientId: 'my-app' });
    expect(shown).toContain('the site is not published');
    expect(shown).toContain('Change: publish the site.');
  });

  test('a working site shows none', async () => {
    expect(await shownProblem({ clientId: 'my-app' })).toBe('None seen.');
  });
});

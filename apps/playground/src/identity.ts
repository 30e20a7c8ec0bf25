import {
  createMemberAuth,
  type BeforeRedirectEvent,
  type MemberAuth,
} from '@site-identity/member-auth';
import { createCaptcha, type CaptchaProvider } from '@site-identity/member-auth/captcha';
import { createRedirects, type Redirects } from '@site-identity/redirects';
import { createTokenManager, type TokenManager } from '@site-identity/tokens';
import { autoRefresh } from '@site-identity/tokens/auto-refresh';
import { callbackUrl, CLIENT_ID, MOCK_PLATFORM_URL, TOKEN_URL } from './config';

/** The library's three clients, wired to the mock platform. */
export interface IdentityClients {
  readonly tokens: TokenManager;
  readonly redirects: Redirects;
  readonly memberAuth: MemberAuth;
}

/**
 * Creates the clients the way a site would: one token manager (tokens in
 * localStorage, shared with other tabs, renewed ahead of expiry), the redirects client on top of it,
 * and member authentication on top of both, with the playground's simulated
 * reCAPTCHA as its captcha provider (`createCaptcha`, the separate captcha import). Every platform request goes through `fetch`
 * (the playground's request tracker). A login completes in a hidden frame, or, when
 * the frame cannot sign in (third-party cookies blocked) or does not answer within
 * 10 s, by a redirect through the hosted page back to /callback; `onBeforeRedirect`
 * hears of it before the page leaves.
 */
export function createIdentityClients(
  captcha: CaptchaProvider,
  fetch: typeof globalThis.fetch = globalThis.fetch,
  onBeforeRedirect?: (event: BeforeRedirectEvent) => void,
): IdentityClients {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    tokenUrl: TOKEN_URL,
    autoRefresh,
    fetch,
  });
  const redirects = createRedirects({
    clientId: CLIENT_ID,
    tokens,
    apiBaseUrl: MOCK_PLATFORM_URL,
    fetch,
  });
  const memberAuth = createMemberAuth({
    clientId: CLIENT_ID,
    tokens,
    redirects,
    apiBaseUrl: MOCK_PLATFORM_URL,
    captcha: createCaptcha({ provider: captcha }),
    fetch,
    redirectUri: callbackUrl(),
    onBeforeRedirect,
  });
  return { tokens, redirects, memberAuth };
}

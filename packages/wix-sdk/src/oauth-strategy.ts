import { invalid, isRecord, requiredString } from '@site-identity/http/internal';
import {
  createMemberAuth,
  type IdentityProfile,
  type LoginResult,
} from '@site-identity/member-auth';
import { CAPTCHA_SITE_KEYS } from '@site-identity/member-auth/captcha';
import {
  getMemberTokensForExternalLogin,
  getMemberTokensForExternalLoginWithSession,
} from '@site-identity/member-auth/external-login';
import { createRedirects } from '@site-identity/redirects';
import { createTokenEndpoint, createTokenManager, isTokens } from '@site-identity/tokens';
import { generateOAuthData, getMemberTokens, parseFromUrl } from './hosted-login';
import { LoginState, type StateMachine, type Tokens, type TokenStorage } from './incumbent-types';
import type { OAuthStrategyClient, OAuthStrategyConfig } from './oauth-strategy-types';
import { platformSessionSync } from './platform-session-sync';
import { toStateMachine, UNKNOWN_STATE } from './state-machine';
import {
  createLocalTokenStorage,
  EMPTY_TOKENS,
  holdsSession,
  recordStorage,
} from './token-storage-adapter';
import { generateVisitorTokens, renewToken } from './visitor-tokens';
import { invalidArgument } from './wix-sdk-error';

/** The profile as given: member-auth checks its fields where it sends them. */
const profileOf = (params: { profile?: unknown } | undefined) =>
  (params as { profile?: IdentityProfile } | undefined)?.profile;

/** The app's token storage from the config: its own, or memory holding `tokens`. */
function appStorage(config: OAuthStrategyConfig): TokenStorage {
  const { tokens, tokenStorage } = config;
  if (tokens !== undefined && tokenStorage !== undefined)
    throw invalidArgument('config must have tokens or tokenStorage, not both');
  if (tokenStorage !== undefined) {
    if (
      !isRecord(tokenStorage) ||
      typeof tokenStorage.getTokens !== 'function' ||
      typeof tokenStorage.setTokens !== 'function'
    )
      throw invalid(
        {
          name: 'config.tokenStorage',
          expected: 'an object with getTokens() and setTokens(tokens)',
          value: tokenStorage,
        },
        invalidArgument,
      );
    return tokenStorage;
  }
  if (tokens !== undefined && !isTokens(tokens))
    throw invalid(
      {
        name: 'config.tokens',
        expected:
          'a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } }',
        value: tokens,
        shown: 'an object of another shape',
      },
      invalidArgument,
    );
  return createLocalTokenStorage(holdsSession(tokens) ? tokens : EMPTY_TOKENS);
}

/** The session's factories from the config, on the app's token storage. */
function sessionParts(config: OAuthStrategyConfig) {
  if (!isRecord(config))
    throw invalid(
      { name: 'config', expected: 'an object with a clientId', value: config },
      invalidArgument,
    );
  const clientId = requiredString(config.clientId, 'config.clientId', invalidArgument);
  const platform = {
    clientId,
    apiBaseUrl: config.apiBaseUrl,
    fetch: config.fetch,
    tokenRequestHeaders: config.tokenRequestOptions?.headers,
  };
  const manager = createTokenManager({ ...platform, storage: recordStorage(appStorage(config)) });
  const endpoint = createTokenEndpoint({
    ...platform,
    tokenUrl: `${manager.apiBaseUrl}/oauth2/token`,
  });
  const redirects = createRedirects({ tokens: manager });
  const memberAuth = createMemberAuth({ tokens: manager, redirects });
  return { clientId, manager, endpoint, redirects, memberAuth };
}

/**
 * The drop-in for `@wix/sdk`'s `OAuthStrategy`: the same name, options, members
 * and result shapes (`StateMachine`, `errorCode` names, `Tokens`), on our token
 * manager, redirects and member-auth, so that migrating is changing the import.
 * What changes is what goes wrong less: any number of calls share one renewal (in
 * every tab), a member is never turned into a visitor by a network failure, a
 * rotated refresh token is kept, the hidden frame's message is checked for its
 * origin and source. Pass the strategy's `tokens` to {@link createRenewingFetch}
 * for a retry after a 401. The package README lists every difference.
 *
 * @param config - {@link OAuthStrategyConfig}: `@wix/sdk`'s options.
 * @throws WixSdkError `INVALID_ARGUMENT` for a config without a client id, with
 *   both `tokens` and `tokenStorage`, or with either of the wrong shape.
 * @example
 * ```ts
 * import { createClient } from '@wix/sdk';
 * import { members } from '@wix/members';
 * import { OAuthStrategy } from '@site-identity/wix-sdk'; // was: from '@wix/sdk'
 *
 * const client = createClient({
 *   modules: { members },
 *   auth: OAuthStrategy({ clientId: 'my-client-id' }),
 * });
 * const result = await client.auth.login({ email: 'ada@example.com', password: 'secret' });
 * if (result.loginState === 'SUCCESS') {
 *   const tokens = await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
 *   client.auth.setTokens(tokens);
 * }
 * ```
 */
export function OAuthStrategy(config: OAuthStrategyConfig): OAuthStrategyClient {
  const { clientId, manager, endpoint, redirects, memberAuth } = sessionParts(config);
  /** Tokens given to `setTokens` that the manager has not taken yet. */
  let pending: Tokens | undefined;
  let applying: Promise<void> = Promise.resolve();
  /** The last state of a login, registration or verification, for `processVerification`. */
  let last: StateMachine = { loginState: LoginState.INITIAL };

  const held = (): Tokens => pending ?? manager.getSnapshot().tokens ?? EMPTY_TOKENS;
  const settled = () => applying;
  const sources = { manager, endpoint, held, settled };
  const remember = (result: LoginResult): StateMachine => (last = toStateMachine(result));

  function setTokens(tokens: Tokens): void {
    if (!isTokens(tokens))
      throw invalid(
        {
          name: 'tokens',
          expected:
            'a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } }',
          value: tokens,
          shown: 'an object of another shape',
        },
        invalidArgument,
      );
    const next = holdsSession(tokens) ? tokens : null;
    pending = next ?? EMPTY_TOKENS;
    const step: Promise<void> = applying
      .then(() => (next ? manager.setTokens(next) : manager.clear()))
      // The manager reports a storage that fails (onError) and keeps the tokens in memory.
      .catch(() => undefined)
      .finally(() => {
        if (applying === step) pending = undefined;
      });
    applying = step;
  }

  return {
    tokens: manager,
    shouldUseCDN: true,
    async getAuthHeaders() {
      await settled();
      return { headers: { Authorization: await manager.getAccessToken() } };
    },
    getActiveToken: () => held().accessToken.value || undefined,
    generateVisitorTokens: (tokens) => generateVisitorTokens(sources, tokens),
    renewToken: (refreshToken) => renewToken(sources, refreshToken),
    setTokens,
    getTokens: held,
    loggedIn: () => held().refreshToken.role === 'member',
    generateOAuthData,
    async getAuthUrl(oauthData, opts) {
      const { authUrl, redirectSession } = await redirects.getAuthUrl(oauthData, {
        prompt: opts?.prompt ?? 'login',
        responseMode: opts?.responseMode ?? 'fragment',
        ...(opts?.idp !== undefined && { idp: opts.idp }),
        ...(opts?.sessionToken !== undefined && { sessionToken: opts.sessionToken }),
      });
      return {
        authUrl,
        authorizationEndpoint: redirectSession.urlDetails?.endpoint,
        sessionToken: redirectSession.sessionToken,
      };
    },
    parseFromUrl,
    async getMemberTokens(code, state, oauthData) {
      await settled();
      return getMemberTokens(manager, { code, state, oauthData });
    },
    async logout(originalUrl) {
      await settled();
      last = { loginState: LoginState.INITIAL };
      return { logoutUrl: await redirects.logout({ postLogoutRedirectUri: originalUrl }) };
    },
    register: async (params) =>
      remember(
        await memberAuth.register({ ...params, profile: profileOf(params), completeLogin: false }),
      ),
    login: async (params) => remember(await memberAuth.login({ ...params, completeLogin: false })),
    async processVerification(nextInputs, state) {
      const current = state ?? last;
      if (current.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED)
        return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE };
      const { verificationCode, code } = Object(nextInputs) as {
        verificationCode?: string;
        code?: string;
      };
      return remember(
        await memberAuth.verifyEmail({
          code: (verificationCode ?? code) as string,
          stateToken: current.data.stateToken,
          completeLogin: false,
        }),
      );
    },
    async getMemberTokensForDirectLogin(sessionToken) {
      await settled();
      return redirects.silentLogin(sessionToken);
    },
    sendPasswordResetEmail: (email, redirectUri) =>
      memberAuth.sendPasswordResetEmail(email, { redirectUri }),
    captchaInvisibleSiteKey: CAPTCHA_SITE_KEYS.invisible,
    captchaVisibleSiteKey: CAPTCHA_SITE_KEYS.visible,
    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      getMemberTokensForExternalLogin(memberAuth, memberId, apiKey),
    getMemberTokensForExternalLoginWithSession: (email, apiKey, options) =>
      getMemberTokensForExternalLoginWithSession(memberAuth, {
        ...options,
        profile: profileOf(options),
        email,
        apiKey,
      }),
    sessions: platformSessionSync(redirects, clientId),
  };
}

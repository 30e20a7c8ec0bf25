// A site's auth code as the platform's docs write it for @wix/sdk, with one change:
// OAuthStrategy is imported from @site-identity/wix-sdk. The test drives it through
// `window.site`.
import { members } from '@wix/members';
import { createClient, LoginState, type Tokens } from '@wix/sdk';
import { OAuthStrategy } from '@site-identity/wix-sdk';

declare const CLIENT_ID: string;

const saved = localStorage.getItem('session');
const client = createClient({
  modules: { members },
  auth: OAuthStrategy({
    clientId: CLIENT_ID,
    tokens: saved ? (JSON.parse(saved) as Tokens) : undefined,
  }),
});
const save = (tokens: Tokens) => localStorage.setItem('session', JSON.stringify(tokens));

const site = {
  async visitor() {
    const tokens = await client.auth.generateVisitorTokens();
    client.auth.setTokens(tokens);
    save(tokens);
    return tokens.refreshToken.role;
  },
  async login(email: string, password: string) {
    const result = await client.auth.login({ email, password });
    if (result.loginState === LoginState.SUCCESS) {
      const tokens = await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken);
      client.auth.setTokens(tokens);
      save(tokens);
    }
    return result.loginState === LoginState.FAILURE
      ? `${result.loginState} ${result.errorCode}`
      : result.loginState;
  },
  loggedIn: () => client.auth.loggedIn(),
  role: () => client.auth.getTokens().refreshToken.role,
  async greet() {
    const { member } = await client.members.getCurrentMember();
    return `Welcome, ${member?.profile?.nickname}`;
  },
  async hostedLogin() {
    const oauthData = client.auth.generateOAuthData(`${location.origin}/callback`, location.href);
    localStorage.setItem('oauthRedirectData', JSON.stringify(oauthData));
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    location.href = authUrl;
  },
  async logout() {
    const { logoutUrl } = await client.auth.logout(location.href);
    localStorage.removeItem('session');
    location.href = logoutUrl;
  },
  async expireAndCall(calls: number) {
    const tokens = client.auth.getTokens();
    client.auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 0 } });
    const answers = await Promise.all(
      Array.from({ length: calls }, () => client.members.getCurrentMember()),
    );
    return answers.length;
  },
};
Object.assign(window, { site });

// The callback page of the hosted login.
if (location.pathname === '/callback') {
  const oauthData = JSON.parse(localStorage.getItem('oauthRedirectData') ?? '{}');
  const { code, state } = client.auth.parseFromUrl();
  const tokens = await client.auth.getMemberTokens(code, state, oauthData);
  client.auth.setTokens(tokens);
  save(tokens);
  location.href = oauthData.originalUri;
}
document.body.dataset.ready = 'true';

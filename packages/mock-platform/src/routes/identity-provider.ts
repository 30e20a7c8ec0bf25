import type { RouteContext } from '../context';
import { escapeHtml, page } from '../html';
import type { MockMember } from '../members';
import { html } from '../responses';

/** The names of the platform's well-known identity-provider connections. */
const KNOWN: Readonly<Record<string, string>> = {
  '0e6a50f5-b523-4e29-990d-f37fa2ffdd69': 'Google',
  '3ecad13f-52c3-483d-911f-31dbcf2a6d23': 'Facebook',
};

/**
 * The name the hosted page shows for a connection id: Google, Facebook, or the
 * site's own connection.
 *
 * @example
 * ```ts
 * identityProviderName('0e6a50f5-b523-4e29-990d-f37fa2ffdd69'); // 'Google'
 * ```
 */
export function identityProviderName(connectionId: string): string {
  return KNOWN[connectionId] ?? `SSO (${connectionId})`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function continueForm(name: string, error?: string, email = ''): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>The identity provider asks which account to use.</p>
<form method="post" action="">
<label>${escapeHtml(name)} account e-mail <input name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></label>
<button type="submit" name="action" value="idp">Continue with ${escapeHtml(name)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`;
}

/**
 * The connection an identity-provider step emulates and the answers it ends with, as
 * {@link identityProviderStep} takes them.
 *
 * @example
 * ```ts
 * const step: IdentityProviderStep = { connectionId: idp, signedIn: (member) => respondWithCode(member), cancelled: () => respondCancelled() };
 * ```
 */
export interface IdentityProviderStep {
  /** The `idp` of the authorize request: the connection's id. */
  readonly connectionId: string;
  /** The answer when a member signed in: the member and their new session token. */
  readonly signedIn: (member: MockMember, sessionToken: string) => Response;
  /** The answer when the member cancelled at the provider. */
  readonly cancelled: () => Response;
}

/**
 * The authorize page of a request with `idp`: a "Continue with …" step that
 * emulates the identity provider. A POST with an account e-mail signs that member
 * in, creating the member on first use (e-mail verified by the provider, approval
 * as the site requires); `signedIn` answers with the code, `cancelled` with
 * `access_denied`.
 *
 * @example
 * ```ts
 * return identityProviderStep(context, {
 *   connectionId: idp,
 *   signedIn: (member) => respondWithCode(member),
 *   cancelled: () => respondCancelled(),
 * });
 * ```
 */
export function identityProviderStep(
  context: RouteContext,
  { connectionId, signedIn, cancelled }: IdentityProviderStep,
): Response {
  const name = identityProviderName(connectionId);
  const title = `Continue with ${name}`;
  if (context.request.method !== 'POST') return html(page(title, continueForm(name)));
  const form = new URLSearchParams(context.rawBody);
  if (form.get('action') === 'cancel') return cancelled();
  const email = (form.get('email') ?? '').trim();
  if (!EMAIL.test(email))
    return html(page(title, continueForm(name, 'Enter the account e-mail', email)), 400);
  const { state } = context;
  const member =
    state.findMember(email) ??
    state.addMember({
      email,
      emailVerified: true,
      ownerApproved: !state.settings.requireOwnerApproval,
      profile: { [`${name.toLowerCase()}Connection`]: connectionId },
    });
  if (!member.ownerApproved)
    return html(
      page(title, continueForm(name, 'The site owner has not approved this account yet', email)),
      401,
    );
  return signedIn(member, state.createSession(member.id));
}

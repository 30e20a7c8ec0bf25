import type { JsonObject } from './context';
import { MockPlatformError } from './mock-platform-error';
import { decidePush } from './push';
import { json } from './responses';
import type { PlatformState } from './state';
import { passkeyRegistrationOptions, registerPasskey } from './webauthn';

/**
 * What a control route of the second factors works with, besides its route.
 *
 * @example
 * ```ts
 * const call: MfaControlCall = { body: { email: 'ada@example.com' }, state, now: Date.now() };
 * ```
 */
export interface MfaControlCall {
  /** The request's JSON body (`{}` for a GET). */
  readonly body: JsonObject;
  /** The emulator's state, which the route reads and changes. */
  readonly state: PlatformState;
  /** The time of the request (ms since the epoch). */
  readonly now: number;
}

/**
 * The control routes of the second factors, for the playground and end-to-end tests:
 *
 * - `POST webauthn/registration-options { email, origin }` → the
 *   `PublicKeyCredentialCreationOptionsJSON` of a passkey enrolment for the page at
 *   `origin`; the page runs `navigator.credentials.create` with it and sends
 * - `POST webauthn/register { credential }` (its `toJSON()`) → the passkey kept;
 * - `GET push` → the push sign-in requests; `POST push/approve` and `POST push/deny`
 *   `{ transactionId }` or `{ email }` (the newest pending one) answer one as the
 *   member's device would.
 *
 * Answers undefined for any other route.
 *
 * @example
 * ```ts
 * await fetch(`${server.url}/_mock/push/approve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.com' }) });
 * ```
 */
export async function mfaControlRoute(
  route: string,
  { body, state, now }: MfaControlCall,
): Promise<Response | undefined> {
  switch (route) {
    case 'POST webauthn/registration-options': {
      const email = typeof body['email'] === 'string' ? body['email'] : '';
      const member = state.findMember(email);
      if (member === undefined)
        throw new MockPlatformError(`no member with the e-mail ${JSON.stringify(email)}`, {
          code: 'MEMBER_NOT_FOUND',
        });
      const origin = typeof body['origin'] === 'string' ? body['origin'] : '';
      return json(passkeyRegistrationOptions(state, { member, origin, now }));
    }
    case 'POST webauthn/register':
      return json(await registerPasskey(state, body['credential'], now), 201);
    case 'GET push':
      return json([...state.push.values()]);
    case 'POST push/approve':
    case 'POST push/deny':
      return json(
        decidePush(state, {
          transactionId: body['transactionId'],
          email: body['email'],
          status: route.endsWith('approve') ? 'APPROVED' : 'DENIED',
          now,
        }),
      );
    default:
      return undefined;
  }
}

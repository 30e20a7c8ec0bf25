import type {
  MockFactorType,
  FaultKind,
  LatencyPhase,
  OutboxEmail,
  PlatformSettings,
  RequestLogEntry,
} from '@site-identity/mock-platform';
import { MOCK_PLATFORM_URL } from '../config';

/** Outbox e-mails and request log entries, as the control API answers them (JSON). */
export type { FaultKind, OutboxEmail, RequestLogEntry };
/** The site and token settings of the mock platform. */
export type MockSettings = PlatformSettings;

/** An armed fault as JSON: the next `times` requests under `path` fail this way. */
export interface MockFault {
  readonly kind: FaultKind;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly latencyMs?: number;
  readonly latencyPhase?: LatencyPhase;
  readonly path?: string;
  readonly times?: number | null | 'Infinity';
}

/** A member as the control API shows it. */
export interface MockMemberView {
  readonly id: string;
  readonly email: string;
  readonly hasPassword: boolean;
  readonly emailVerified: boolean;
  readonly ownerApproved: boolean;
  readonly resetPasswordRequired: boolean;
  readonly mfa: { readonly factorType: string } | null;
}

/** What a test member is made of (`POST /_mock/members`). */
export interface MockMemberInput {
  readonly email: string;
  readonly password?: string;
  readonly emailVerified?: boolean;
  readonly ownerApproved?: boolean;
  readonly resetPasswordRequired?: boolean;
  readonly mfa?: {
    readonly factorType: MockFactorType;
    readonly factors?: readonly MockFactorType[];
    readonly totpCode?: string;
    readonly recoveryCodes?: readonly string[];
  };
}

/** What `GET /_mock/state` answers (the parts the playground reads). */
export interface MockState {
  readonly settings: MockSettings;
  readonly members: readonly MockMemberView[];
  readonly faults: readonly MockFault[];
}

async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${MOCK_PLATFORM_URL}/_mock/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(
      answer.message ?? `The mock platform answered ${response.status} to ${method} /_mock/${path}`,
    );
  }
  return (await response.json()) as T;
}

/** The mock platform's control API (`/_mock/…`): what the side panels use to steer and watch it. */
export const mockControl = {
  state: () => call<MockState>('GET', 'state'),
  outbox: () => call<OutboxEmail[]>('GET', 'outbox'),
  /** The newest e-mail of `kind` in the outbox (to `to`, when given), or undefined. */
  lastEmail: async (kind: OutboxEmail['kind'], to?: string): Promise<OutboxEmail | undefined> =>
    (await call<OutboxEmail[]>('GET', 'outbox'))
      .filter(
        (mail) =>
          mail.kind === kind && (to === undefined || mail.to.toLowerCase() === to.toLowerCase()),
      )
      .at(-1),
  requests: () => call<RequestLogEntry[]>('GET', 'requests'),
  updateSettings: (patch: Partial<MockSettings>) => call<MockSettings>('POST', 'settings', patch),
  addMember: (member: MockMemberInput) => call<MockMemberView>('POST', 'members', member),
  injectFault: (fault: MockFault) => call<{ pending: number }>('POST', 'faults', fault),
  clearFaults: () => call<{ pending: number }>('DELETE', 'faults'),
  approve: (email: string) => call<unknown>('POST', 'approve', { email }),
  reset: () => call<unknown>('POST', 'reset'),
};

/** A push sign-in request as the control API lists it (`GET /_mock/push`). */
export interface MockPushRequest {
  readonly transactionId: string;
  readonly email: string;
  readonly status: 'PENDING' | 'APPROVED' | 'DENIED';
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The second factors' part of the control API: passkey enrolment and the member's device for push. */
export const mfaControl = {
  /** Creation options for `navigator.credentials.create` on this page (JSON). */
  passkeyOptions: (email: string, origin: string) =>
    call<PublicKeyCredentialCreationOptionsJSON>('POST', 'webauthn/registration-options', {
      email,
      origin,
    }),
  /** Hands the new credential (its `toJSON()`) to the platform, which keeps the public key. */
  registerPasskey: (credential: unknown) =>
    call<{ credentialId: string; rpId: string }>('POST', 'webauthn/register', { credential }),
  pushRequests: () => call<MockPushRequest[]>('GET', 'push'),
  /** Answers a push sign-in as the member's device would. */
  decidePush: (transactionId: string, decision: 'approve' | 'deny') =>
    call<MockPushRequest>('POST', `push/${decision}`, { transactionId }),
};

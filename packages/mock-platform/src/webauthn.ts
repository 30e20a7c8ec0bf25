import { isObject, type JsonObject } from './context';
import { MockPlatformError } from './mock-platform-error';
import { createMfa, type MockMember, type MockPasskey } from './members';
import { sha256 } from './sha256';
import type { PlatformState } from './state';

const REGISTRATION_TTL_MS = 5 * 60 * 1000;
/** COSE algorithm ids the emulator verifies, with their Web Crypto parameters. */
const ALGORITHMS: Record<
  number,
  { key: RsaHashedImportParams | EcKeyImportParams; sign: AlgorithmIdentifier | EcdsaParams }
> = {
  [-7]: {
    key: { name: 'ECDSA', namedCurve: 'P-256' },
    sign: { name: 'ECDSA', hash: 'SHA-256' },
  },
  [-257]: {
    key: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    sign: { name: 'RSASSA-PKCS1-v1_5' },
  },
};
/** Authenticator data flags (WebAuthn §6.1): user present. */
const FLAG_UP = 0x01;

/**
 * Base64url without padding, both ways (WebAuthn's encoding of binary JSON fields).
 *
 * @example
 * ```ts
 * base64url.decode(base64url.encode(new Uint8Array([1, 2, 3]))); // Uint8Array [1, 2, 3]
 * ```
 */
export const base64url = {
  encode(bytes: Uint8Array): string {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  },
};

/**
 * A random base64url string of `bytes` random bytes: challenges and credential ids.
 *
 * @example
 * ```ts
 * const challenge = randomBase64url(32);
 * ```
 */
export function randomBase64url(bytes = 32): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

const refuse = (message: string): never => {
  throw new MockPlatformError(message, { code: 'INVALID_PASSKEY' });
};

/** A base64url field of a credential's JSON, decoded; refused with its name otherwise. */
function bytesAt(record: unknown, key: string, where: string): Uint8Array<ArrayBuffer> {
  const value = isObject(record) ? record[key] : undefined;
  if (typeof value !== 'string' || value === '')
    return refuse(`${where}.${key} must be a base64url string; got ${JSON.stringify(value)}`);
  try {
    return base64url.decode(value);
  } catch {
    return refuse(`${where}.${key} must be base64url; got ${JSON.stringify(value)}`);
  }
}

/** The credential's JSON (`PublicKeyCredential.toJSON()`, as an object or its JSON string). */
function credentialRecord(credential: unknown): JsonObject {
  let value = credential;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return refuse('credential must be the JSON of PublicKeyCredential.toJSON(); got text');
    }
  }
  if (!isObject(value) || value['type'] !== 'public-key' || typeof value['id'] !== 'string')
    return refuse('credential must be a public-key credential with an id');
  return value;
}

/** The fields of the client data (WebAuthn §5.8.1, `CollectedClientData`) that a ceremony checks. */
interface ClientData {
  /** `webauthn.create` for an enrolment, `webauthn.get` for an assertion. */
  readonly type: string;
  /** The ceremony's challenge, base64url. */
  readonly challenge: string;
  /** The origin of the page that ran the ceremony. */
  readonly origin: string;
}

function clientDataOf(response: unknown): { raw: Uint8Array<ArrayBuffer>; data: ClientData } {
  const raw = bytesAt(response, 'clientDataJSON', 'response');
  try {
    const data = JSON.parse(new TextDecoder().decode(raw)) as ClientData;
    if (isObject(data)) return { raw, data };
  } catch {
    // refused below
  }
  return refuse('response.clientDataJSON must be JSON');
}

/**
 * Checks the authenticator data (WebAuthn §6.1): the hash of the relying party id,
 * the user-present flag; answers the sign count.
 */
function checkAuthenticatorData(authData: Uint8Array, rpId: string): number {
  if (authData.length < 37) refuse('authenticatorData is shorter than 37 bytes');
  const expected = sha256(rpId);
  if (!expected.every((byte, index) => authData[index] === byte))
    refuse(`authenticatorData is for another relying party (rpIdHash is not SHA-256 of ${rpId})`);
  if (((authData[32] ?? 0) & FLAG_UP) === 0) refuse('the user-present flag (UP) is not set');
  return new DataView(authData.buffer, authData.byteOffset).getUint32(33);
}

/** Checks the client data against what the ceremony expects (WebAuthn §7.1, §7.2): type, challenge, origin. */
function checkClientData(data: ClientData, { type, challenge, origin }: ClientData): void {
  if (data.type !== type)
    refuse(`clientData.type must be ${type}; got ${JSON.stringify(data.type)}`);
  if (data.challenge !== challenge)
    refuse('clientData.challenge is not the challenge of this step');
  if (data.origin !== origin)
    refuse(`clientData.origin must be ${origin}; got ${JSON.stringify(data.origin)}`);
}

/**
 * A passkey enrolment to start, as {@link passkeyRegistrationOptions} takes it.
 *
 * @example
 * ```ts
 * const enrolment: PasskeyEnrolment = { member, origin: 'http://localhost:5173', now: Date.now() };
 * ```
 */
export interface PasskeyEnrolment {
  /** The member the passkey is for. */
  readonly member: MockMember;
  /** The origin of the page that runs `navigator.credentials.create`; its host name is the relying party id. */
  readonly origin: string;
  /** The time the enrolment starts (ms since the epoch); it expires after five minutes. */
  readonly now: number;
}

/**
 * Starts a passkey enrolment for a member: the `PublicKeyCredentialCreationOptionsJSON`
 * for `navigator.credentials.create` on a page at `origin` (its host name is the
 * relying party id), ES256 or RS256, no attestation.
 *
 * @example
 * ```ts
 * const options = passkeyRegistrationOptions(state, { member, origin: 'http://localhost:5173', now: Date.now() });
 * ```
 */
export function passkeyRegistrationOptions(
  state: PlatformState,
  { member, origin, now }: PasskeyEnrolment,
): JsonObject {
  let rpId: string;
  try {
    rpId = new URL(origin).hostname;
  } catch {
    return refuse(
      `origin must be the page's origin (http://localhost:5173); got ${JSON.stringify(origin)}`,
    );
  }
  const challenge = randomBase64url();
  state.passkeyRegistrations.set(challenge, {
    memberId: member.id,
    rpId,
    origin: new URL(origin).origin,
    expiresAt: now + REGISTRATION_TTL_MS,
  });
  return {
    challenge,
    rp: { id: rpId, name: 'Mock platform site' },
    user: {
      id: base64url.encode(new TextEncoder().encode(member.id)),
      name: member.email,
      displayName: member.email,
    },
    pubKeyCredParams: Object.keys(ALGORITHMS).map((alg) => ({
      type: 'public-key',
      alg: Number(alg),
    })),
    timeout: 60_000,
    attestation: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: member.passkeys.map(({ credentialId }) => ({
      type: 'public-key',
      id: credentialId,
    })),
  };
}

/**
 * Finishes a passkey enrolment with the JSON of the new credential
 * (`PublicKeyCredential.toJSON()` of `navigator.credentials.create`): checks the
 * client data (type, challenge, origin) and the authenticator data (relying party,
 * user present), keeps the public key (`response.publicKey`, SPKI) and the sign
 * count, and enables the WEBAUTHN factor. Throws `INVALID_PASSKEY` otherwise.
 *
 * @example
 * ```ts
 * const passkey = await registerPasskey(state, credentialJson, Date.now());
 * ```
 */
export async function registerPasskey(
  state: PlatformState,
  credential: unknown,
  now: number,
): Promise<MockPasskey> {
  const record = credentialRecord(credential);
  const response = record['response'];
  const { data } = clientDataOf(response);
  const registration = state.passkeyRegistrations.get(String(data.challenge));
  if (registration === undefined || registration.expiresAt <= now)
    return refuse('clientData.challenge is not a pending enrolment (unknown, used or expired)');
  state.passkeyRegistrations.delete(String(data.challenge));
  checkClientData(data, {
    type: 'webauthn.create',
    challenge: data.challenge,
    origin: registration.origin,
  });
  const signCount = checkAuthenticatorData(
    bytesAt(response, 'authenticatorData', 'response'),
    registration.rpId,
  );
  const algorithm = isObject(response) ? response['publicKeyAlgorithm'] : undefined;
  const spec = typeof algorithm === 'number' ? ALGORITHMS[algorithm] : undefined;
  if (spec === undefined)
    return refuse(
      `response.publicKeyAlgorithm must be -7 or -257; got ${JSON.stringify(algorithm)}`,
    );
  const publicKey = bytesAt(response, 'publicKey', 'response');
  try {
    await crypto.subtle.importKey('spki', publicKey, spec.key, false, ['verify']);
  } catch {
    refuse('response.publicKey is not an SPKI public key of its algorithm');
  }
  const member = state.members.get(registration.memberId);
  if (member === undefined) return refuse('the member of this enrolment no longer exists');
  const passkey: MockPasskey = {
    credentialId: String(record['id']),
    publicKey: base64url.encode(publicKey),
    algorithm: algorithm as number,
    rpId: registration.rpId,
    origin: registration.origin,
    signCount,
  };
  member.passkeys.push(passkey);
  if (member.mfa === undefined)
    member.mfa = createMfa({ factorType: 'webauthn', recoveryCodes: [] });
  else if (!member.mfa.factors.includes('webauthn')) member.mfa.factors.push('webauthn');
  return passkey;
}

/** An ES256 signature from its ASN.1 DER form (what authenticators send) to r ‖ s (what Web Crypto takes). */
function derToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(64);
  let offset = 2; // SEQUENCE, length
  for (const half of [0, 32]) {
    if (der[offset] !== 0x02) refuse('the ES256 signature is not ASN.1 DER');
    const length = der[offset + 1] ?? 0;
    let integer = der.subarray(offset + 2, offset + 2 + length);
    while (integer.length > 32 && integer[0] === 0) integer = integer.subarray(1);
    raw.set(integer, half + 32 - integer.length);
    offset += 2 + length;
  }
  return raw;
}

/**
 * Verifies a WebAuthn assertion (`navigator.credentials.get`, as `toJSON()`) for
 * one of `passkeys` against the step's challenge: the credential is known, the
 * client data is a `webauthn.get` of this challenge from the passkey's origin, the
 * authenticator data is for its relying party with the user-present flag and a sign
 * count above the last one (unless both are 0), and the signature over
 * `authenticatorData ‖ SHA-256(clientDataJSON)` verifies with the stored public key
 * (Web Crypto). Raises the stored sign count; throws `INVALID_PASSKEY` otherwise.
 *
 * @example
 * ```ts
 * await verifyAssertion(member.passkeys, body.webauthnData.credential, flow.webauthn.challenge);
 * ```
 */
export async function verifyAssertion(
  passkeys: readonly MockPasskey[],
  credential: unknown,
  challenge: string,
): Promise<MockPasskey> {
  const record = credentialRecord(credential);
  const passkey = passkeys.find(({ credentialId }) => credentialId === record['id']);
  if (passkey === undefined) return refuse('credential.id is not a passkey of this member');
  const response = record['response'];
  const { raw, data } = clientDataOf(response);
  checkClientData(data, { type: 'webauthn.get', challenge, origin: passkey.origin });
  const authData = bytesAt(response, 'authenticatorData', 'response');
  const signCount = checkAuthenticatorData(authData, passkey.rpId);
  if ((signCount !== 0 || passkey.signCount !== 0) && signCount <= passkey.signCount)
    refuse(
      `the sign count ${signCount} is not above ${passkey.signCount}: a cloned authenticator?`,
    );
  const spec = ALGORITHMS[passkey.algorithm] ?? refuse('unsupported algorithm');
  const key = await crypto.subtle.importKey(
    'spki',
    base64url.decode(passkey.publicKey),
    spec.key,
    false,
    ['verify'],
  );
  let signature = bytesAt(response, 'signature', 'response');
  if (passkey.algorithm === -7) signature = derToRaw(signature);
  const signed = new Uint8Array(authData.length + 32);
  signed.set(authData);
  signed.set(sha256(raw), authData.length);
  if (!(await crypto.subtle.verify(spec.sign, key, signature, signed)))
    refuse('the signature does not verify with the passkey’s public key');
  passkey.signCount = signCount;
  return passkey;
}

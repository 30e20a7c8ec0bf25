import { sha256 } from './sha256';
import { base64url } from './webauthn';

/** Binary fields as WebAuthn options carry them: decoded (`BufferSource`) or as JSON (base64url). */
type Binary = BufferSource | string;

/**
 * The `publicKey` options the software authenticator reads, decoded or as JSON.
 *
 * @example
 * ```ts
 * import type { SoftwareAuthenticatorOptions } from '@site-identity/mock-platform';
 *
 * const options: SoftwareAuthenticatorOptions = { challenge: 'c2lnbg', rpId: 'localhost' };
 * ```
 */
export interface SoftwareAuthenticatorOptions {
  readonly challenge: Binary;
  readonly rpId?: string;
  readonly rp?: { readonly id?: string };
  readonly allowCredentials?: readonly { readonly id: Binary }[];
}

/**
 * A credential as `navigator.credentials` answers it: `id`, `type`, `rawId`, and
 * `toJSON()` giving the WebAuthn JSON form (base64url fields).
 *
 * @example
 * ```ts
 * import type { SoftwareCredential } from '@site-identity/mock-platform';
 * declare const credential: SoftwareCredential;
 *
 * const body = JSON.stringify(credential.toJSON());
 * ```
 */
export interface SoftwareCredential {
  readonly id: string;
  readonly type: 'public-key';
  readonly rawId: ArrayBuffer;
  readonly authenticatorAttachment: 'platform';
  toJSON(): Record<string, unknown>;
}

/**
 * A WebAuthn authenticator in software for tests outside a browser: ES256 keys made
 * with Web Crypto, and a `credentials` object shaped like `navigator.credentials`
 * (`create` and `get` with `{ publicKey }`) to hand to code that runs the ceremony.
 * Change `origin`, `userPresent` or `signCount` to provoke what the platform must
 * refuse.
 *
 * @example
 * ```ts
 * import type { SoftwareAuthenticator } from '@site-identity/mock-platform';
 * declare const authenticator: SoftwareAuthenticator;
 *
 * authenticator.origin = 'https://evil.example'; // assertions now claim another origin
 * ```
 */
export interface SoftwareAuthenticator {
  /** The page origin written into the client data. */
  origin: string;
  /** Whether assertions set the user-present flag. Default true. */
  userPresent: boolean;
  /** The counter of the last signature; each `get` adds one. */
  signCount: number;
  /** Like `navigator.credentials`: `create` enrols, `get` signs a challenge. */
  readonly credentials: {
    create(options: { publicKey: SoftwareAuthenticatorOptions }): Promise<SoftwareCredential>;
    get(options: { publicKey: SoftwareAuthenticatorOptions }): Promise<SoftwareCredential | null>;
  };
}

const bytesOf = (value: Binary): Uint8Array =>
  typeof value === 'string'
    ? base64url.decode(value)
    : value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/** An ECDSA signature from r ‖ s (Web Crypto) to ASN.1 DER (what authenticators send). */
function rawToDer(raw: Uint8Array): Uint8Array {
  const integer = (half: Uint8Array): number[] => {
    let start = 0;
    while (start < half.length - 1 && half[start] === 0) start++;
    const bytes = [...half.subarray(start)];
    if ((bytes[0] ?? 0) & 0x80) bytes.unshift(0);
    return [0x02, bytes.length, ...bytes];
  };
  const body = [...integer(raw.subarray(0, 32)), ...integer(raw.subarray(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

function authenticatorData(rpId: string, userPresent: boolean, signCount: number): Uint8Array {
  const data = new Uint8Array(37);
  data.set(sha256(rpId));
  data[32] = (userPresent ? 0x01 : 0) | 0x04; // UP, UV
  new DataView(data.buffer).setUint32(33, signCount);
  return data;
}

/**
 * Creates a {@link SoftwareAuthenticator} for pages at `origin`.
 *
 * @example
 * ```ts
 * import { createMockPlatform, createSoftwareAuthenticator } from '@site-identity/mock-platform';
 *
 * const platform = createMockPlatform();
 * const authenticator = createSoftwareAuthenticator('https://shop.example');
 * // verifyWithPasskey(auth, { ..., credentials: authenticator.credentials })
 * ```
 */
export function createSoftwareAuthenticator(origin: string): SoftwareAuthenticator {
  const keys = new Map<string, { key: CryptoKey; rpId: string }>();
  const clientData = (type: string, challenge: Binary): Uint8Array =>
    new TextEncoder().encode(
      JSON.stringify({
        type,
        challenge: base64url.encode(bytesOf(challenge)),
        origin: authenticator.origin,
        crossOrigin: false,
      }),
    );
  const credential = (id: string, response: Record<string, unknown>): SoftwareCredential => ({
    id,
    type: 'public-key',
    rawId: base64url.decode(id).buffer,
    authenticatorAttachment: 'platform',
    toJSON: () => ({
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response,
    }),
  });
  const rpIdOf = (options: SoftwareAuthenticatorOptions): string =>
    options.rpId ?? options.rp?.id ?? new URL(authenticator.origin).hostname;

  const authenticator: SoftwareAuthenticator = {
    origin,
    userPresent: true,
    signCount: 0,
    credentials: {
      async create({ publicKey }) {
        const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
          'sign',
          'verify',
        ]);
        const id = base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
        const rpId = rpIdOf(publicKey);
        keys.set(id, { key: pair.privateKey, rpId });
        const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
        return credential(id, {
          clientDataJSON: base64url.encode(clientData('webauthn.create', publicKey.challenge)),
          authenticatorData: base64url.encode(
            authenticatorData(rpId, true, authenticator.signCount),
          ),
          attestationObject: base64url.encode(Uint8Array.of(0xa0)),
          publicKey: base64url.encode(spki),
          publicKeyAlgorithm: -7,
          transports: ['internal'],
        });
      },
      async get({ publicKey }) {
        const allowed = (publicKey.allowCredentials ?? []).map(({ id }) =>
          base64url.encode(bytesOf(id)),
        );
        const rpId = rpIdOf(publicKey);
        const id = [...keys.keys()].find(
          (candidate) =>
            keys.get(candidate)?.rpId === rpId &&
            (allowed.length === 0 || allowed.includes(candidate)),
        );
        if (id === undefined)
          throw new DOMException(
            'No passkey for this site on the authenticator',
            'NotAllowedError',
          );
        authenticator.signCount += 1;
        const data = authenticatorData(rpId, authenticator.userPresent, authenticator.signCount);
        const client = clientData('webauthn.get', publicKey.challenge);
        const signed = new Uint8Array(data.length + 32);
        signed.set(data);
        signed.set(sha256(client), data.length);
        const raw = new Uint8Array(
          await crypto.subtle.sign(
            { name: 'ECDSA', hash: 'SHA-256' },
            (keys.get(id) as { key: CryptoKey }).key,
            signed,
          ),
        );
        return credential(id, {
          clientDataJSON: base64url.encode(client),
          authenticatorData: base64url.encode(data),
          signature: base64url.encode(rawToDer(raw)),
          userHandle: null,
        });
      },
    },
  };
  return authenticator;
}

import { isRecord } from '@site-identity/http/internal';

/**
 * The part of `navigator.credentials` the passkey ceremony uses.
 *
 * @example
 * ```ts
 * import type { PasskeyCredentials } from '@site-identity/member-auth/webauthn';
 *
 * const credentials: PasskeyCredentials = navigator.credentials;
 * ```
 */
export interface PasskeyCredentials {
  get(options: {
    publicKey: PublicKeyCredentialRequestOptions;
    signal?: AbortSignal;
  }): Promise<unknown>;
}

/** `PublicKeyCredential` as browsers that have it expose its static JSON parser. */
interface PublicKeyCredentialStatics {
  parseRequestOptionsFromJSON?: (json: unknown) => PublicKeyCredentialRequestOptions;
}

const decode = (text: unknown, name: string): ArrayBuffer => {
  if (typeof text !== 'string')
    throw new TypeError(`${name} must be base64url; got ${typeof text}`);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
};

const encode = (buffer: unknown): string | null => {
  if (!(buffer instanceof ArrayBuffer) && !ArrayBuffer.isView(buffer)) return null;
  const bytes = ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * The request options of the platform's JSON (`PublicKeyCredentialRequestOptionsJSON`):
 * through `PublicKeyCredential.parseRequestOptionsFromJSON` where the browser has it,
 * else decoded here (the challenge and the allowed credential ids from base64url).
 * Synchronous, so that the ceremony starts in the caller's turn. Throws a
 * `TypeError` or `SyntaxError` for JSON that is not request options.
 */
export function requestOptionsOf(json: string): PublicKeyCredentialRequestOptions {
  const parsed: unknown = JSON.parse(json);
  if (!isRecord(parsed)) throw new TypeError('the request options are not a JSON object');
  const statics = (globalThis as { PublicKeyCredential?: PublicKeyCredentialStatics })
    .PublicKeyCredential;
  if (typeof statics?.parseRequestOptionsFromJSON === 'function')
    return statics.parseRequestOptionsFromJSON(parsed);
  const allowed = Array.isArray(parsed['allowCredentials']) ? parsed['allowCredentials'] : [];
  return {
    ...(parsed as unknown as PublicKeyCredentialRequestOptions),
    challenge: decode(parsed['challenge'], 'challenge'),
    allowCredentials: allowed.map((entry: unknown) => ({
      ...(entry as PublicKeyCredentialDescriptor),
      id: decode((entry as { id?: unknown } | null)?.id, 'allowCredentials[].id'),
    })),
  };
}

/**
 * The JSON the platform takes for an assertion: the credential's own `toJSON()`
 * where the browser has it, else the same fields encoded here (base64url).
 */
export function assertionJson(credential: unknown): unknown {
  const own = (credential as { toJSON?: unknown }).toJSON;
  if (typeof own === 'function') return own.call(credential);
  const { id, type, rawId, authenticatorAttachment, response, getClientExtensionResults } =
    credential as PublicKeyCredential & { response: AuthenticatorAssertionResponse };
  return {
    id,
    type,
    rawId: encode(rawId),
    authenticatorAttachment: authenticatorAttachment ?? undefined,
    clientExtensionResults:
      typeof getClientExtensionResults === 'function'
        ? getClientExtensionResults.call(credential)
        : {},
    response: {
      clientDataJSON: encode(response.clientDataJSON),
      authenticatorData: encode(response.authenticatorData),
      signature: encode(response.signature),
      userHandle: encode(response.userHandle),
    },
  };
}

import { describeValue, invalid } from '@site-identity/http/internal';
import { fromBase64Url, toBase64Url } from './base64url';
import { invalidArgument } from './server-identity-error';

/** Shortest secret accepted: 32 characters (at least 128 bits of entropy for a random one). */
export const MIN_SECRET_LENGTH = 32;

/**
 * Encrypts and authenticates small values with AES-256-GCM (Web Crypto). The
 * first secret seals; every secret opens, so a list rotates keys without logging
 * anyone out. `purpose` is bound as additional data: a value sealed for one
 * purpose (the session) never opens as another (a login flow). @internal
 */
export interface Sealer {
  seal(purpose: string, text: string): Promise<string>;
  /** The text, and whether an older secret opened it; `undefined` for anything that does not open. */
  open(purpose: string, sealed: string): Promise<{ text: string; stale: boolean } | undefined>;
}

const encoder = new TextEncoder();

async function deriveKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('site-identity'),
      info: encoder.encode('session cookie v1'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * The least entropy a secret must show, in bits, estimated from how often each of
 * its characters occurs (Shannon): a repeated character (`'a'` × 32) shows 0, a word
 * repeated a few times little more, while 32 random hex characters show about 115
 * and `openssl rand -base64 32` about 220.
 */
export const MIN_SECRET_BITS = 100;

/** How to make a secret, said in every refusal of one. */
const MAKE_ONE =
  'make one with `openssl rand -base64 32` or `crypto.randomBytes(32).toString("base64")`';

/** The entropy of `text` in bits, estimated from its character frequencies. @internal */
export function estimatedBits(text: string): number {
  const counts = new Map<string, number>();
  let length = 0;
  for (const char of text) {
    counts.set(char, (counts.get(char) ?? 0) + 1);
    length++;
  }
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / length);
  return bits;
}

/** What came where a secret was expected, said without the secret: a string by its length only. */
const shownSecret = (value: unknown): string =>
  typeof value === 'string' ? `a string of ${value.length} characters` : describeValue(value);

/** The secrets of `createServerIdentity`, checked: `secret`, or a non-empty `secrets` list (first seals). @internal */
export function checkSecrets(secret: unknown, secrets: unknown): string[] {
  if (secret !== undefined && secrets !== undefined)
    throw invalidArgument('secret and secrets must be given one at a time; got both');
  const list = secrets === undefined ? [secret] : secrets;
  const name = secrets === undefined ? 'secret' : 'secrets';
  if (!Array.isArray(list) || list.length === 0)
    throw invalid(
      {
        name,
        expected: `a non-empty list of strings (the current secret first; ${MAKE_ONE})`,
        value: list,
        shown: Array.isArray(list) ? 'an empty list' : shownSecret(list),
      },
      invalidArgument,
    );
  list.forEach((value, i) => {
    const at = secrets === undefined ? 'secret' : `secrets[${i}]`;
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH)
      throw invalid(
        {
          name: at,
          expected: `a string of at least ${MIN_SECRET_LENGTH} characters`,
          value,
          shown: shownSecret(value),
        },
        invalidArgument,
      );
    const bits = estimatedBits(value);
    if (bits < MIN_SECRET_BITS)
      throw invalid(
        {
          name: at,
          expected: `a random string (at least ${MIN_SECRET_BITS} bits of entropy by its character frequencies; ${MAKE_ONE})`,
          value,
          shown: `${shownSecret(value)} with about ${Math.floor(bits)} bits`,
        },
        invalidArgument,
      );
  });
  return list as string[];
}

/** A {@link Sealer} over `secrets` (checked by {@link checkSecrets}); keys are derived once, on first use. @internal */
export function createSealer(secrets: readonly string[]): Sealer {
  let keys: Promise<CryptoKey[]> | undefined;
  const keyList = () => (keys ??= Promise.all(secrets.map(deriveKey)));
  return {
    async seal(purpose, text) {
      const [key] = await keyList();
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(purpose) },
        key!,
        encoder.encode(text),
      );
      const out = new Uint8Array(iv.length + sealed.byteLength);
      out.set(iv);
      out.set(new Uint8Array(sealed), iv.length);
      return toBase64Url(out);
    },
    async open(purpose, sealed) {
      const bytes = fromBase64Url(sealed);
      // 12 bytes of IV and 16 of tag at the least.
      if (!bytes || bytes.length < 28) return undefined;
      const all = await keyList();
      for (const [index, key] of all.entries()) {
        try {
          const plain = await crypto.subtle.decrypt(
            {
              name: 'AES-GCM',
              iv: bytes.subarray(0, 12),
              additionalData: encoder.encode(purpose),
            },
            key,
            bytes.subarray(12),
          );
          return { text: new TextDecoder().decode(plain), stale: index > 0 };
        } catch {
          // Not this key: try the next one.
        }
      }
      return undefined;
    },
  };
}

/** What a sealed cookie is made with: its name, the sealer and the clock. @internal */
export interface SealedCookieOptions {
  readonly name: string;
  readonly sealer: Sealer;
  readonly now: () => number;
}

/** The JSON value sealed in `sealed` for `purpose`, and whether an older secret opened it. @internal */
export async function openJson(
  sealer: Sealer,
  purpose: string,
  sealed: string,
): Promise<{ value: unknown; stale: boolean } | undefined> {
  const opened = await sealer.open(purpose, sealed);
  if (!opened) return undefined;
  try {
    return { value: JSON.parse(opened.text) as unknown, stale: opened.stale };
  } catch {
    return undefined;
  }
}

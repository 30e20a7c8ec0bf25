// A small synchronous SHA-256 (FIPS 180-4), so that password hashing and the PKCE
// check work the same in Node and in a browser without awaiting Web Crypto.

const K = new Uint32Array(64);
const H0 = new Uint32Array(8);
let initialised = false;

function initialise(): void {
  if (initialised) return;
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  primes.forEach((p, i) => {
    K[i] = Math.floor((Math.cbrt(p) % 1) * 2 ** 32);
    if (i < 8) H0[i] = Math.floor((Math.sqrt(p) % 1) * 2 ** 32);
  });
  initialised = true;
}

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/**
 * The SHA-256 digest of `data` (a string is encoded as UTF-8).
 *
 * @example
 * ```ts
 * toHex(sha256('abc')); // 'ba7816bf…'
 * ```
 */
export function sha256(data: Uint8Array | string): Uint8Array {
  initialise();
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const length = bytes.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = H0.slice();
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh +
          (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
          ((e & f) ^ (~e & g)) +
          (K[i] as number) +
          (w[i] as number)) |
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (next[i] as number)) | 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] as number);
  return out;
}

/**
 * Lower-case hexadecimal of `bytes`.
 *
 * @example
 * ```ts
 * toHex(new Uint8Array([1, 255])); // '01ff'
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Base64url without padding (RFC 4648 §5), the encoding of a PKCE S256 challenge.
 *
 * @example
 * ```ts
 * toBase64Url(sha256(verifier)) === codeChallenge;
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

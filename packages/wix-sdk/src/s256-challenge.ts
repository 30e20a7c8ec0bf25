// The S256 code challenge, computed synchronously: `@wix/sdk`'s `generateOAuthData`
// returns its flow data at once, so the drop-in cannot await Web Crypto there.

/** The SHA-256 round constants: the first 32 bits of the fractional cube roots of the first 64 primes. */
const ROUND = new Uint32Array(64);
/** The initial hash: the first 32 bits of the fractional square roots of the first 8 primes. */
const INITIAL = new Uint32Array(8);

function constants(): void {
  if (ROUND[0]) return;
  let found = 0;
  for (let n = 2; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
    if (!prime) continue;
    ROUND[found] = ((Math.cbrt(n) % 1) * 2 ** 32) >>> 0;
    if (found < 8) INITIAL[found] = ((Math.sqrt(n) % 1) * 2 ** 32) >>> 0;
    found++;
  }
}

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** One 64-byte block of `view` at `offset` folded into `hash` (FIPS 180-4 §6.2.2). */
function compress(hash: Uint32Array, view: DataView, offset: number): void {
  const w = new Uint32Array(64);
  for (let i = 0; i < 64; i++) {
    if (i < 16) w[i] = view.getUint32(offset + i * 4);
    else {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3);
      const s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
  }
  let [a, b, c, d, e, f, g, h] = hash as unknown as number[] as [
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
      (h +
        (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) +
        ((e & f) ^ (~e & g)) +
        ROUND[i]! +
        w[i]!) |
      0;
    const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
  }
  [a, b, c, d, e, f, g, h].forEach((value, i) => (hash[i] = hash[i]! + value));
}

/** The SHA-256 digest of the ASCII text `text` (a code verifier is ASCII). */
export function sha256Ascii(text: string): Uint8Array {
  constants();
  const blocks = new Uint8Array(((text.length + 9 + 63) >> 6) << 6);
  for (let i = 0; i < text.length; i++) blocks[i] = text.charCodeAt(i);
  blocks[text.length] = 0x80;
  const view = new DataView(blocks.buffer);
  view.setUint32(blocks.length - 4, text.length * 8);
  const hash = INITIAL.slice();
  for (let offset = 0; offset < blocks.length; offset += 64) compress(hash, view, offset);
  const digest = new Uint8Array(32);
  hash.forEach((word, i) => new DataView(digest.buffer).setUint32(i * 4, word));
  return digest;
}

/**
 * `BASE64URL(SHA256(verifier))`, without padding: the S256 challenge of RFC 7636
 * §4.2, for a verifier of `A-Z a-z 0-9 - . _ ~`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 */
export function s256Challenge(verifier: string): string {
  return btoa(String.fromCharCode(...sha256Ascii(verifier)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

import { describe, expect, test } from 'vitest';
import { checkSecrets, createSealer, estimatedBits } from './sealer';
import { isServerIdentityError } from './server-identity-error';

const A = 'first-secret-0123456789-abcdefghijklm';
const B = 'second-secret-9876543210-nopqrstuvwxyz-ABC';
const toHex = (bytes: Uint8Array) =>
  [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('createSealer', () => {
  test('opens what it sealed, and the sealed text shows nothing of it', async () => {
    const sealer = createSealer([A]);
    const sealed = await sealer.seal('session', 'refresh-token-value');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('refresh');
    expect(await sealer.open('session', sealed)).toEqual({
      text: 'refresh-token-value',
      stale: false,
    });
  });

  test('a fresh IV each time: the same text seals differently', async () => {
    const sealer = createSealer([A]);
    expect(await sealer.seal('p', 'x')).not.toBe(await sealer.seal('p', 'x'));
  });

  test('a value sealed for one purpose does not open for another', async () => {
    const sealer = createSealer([A]);
    expect(await sealer.open('flow', await sealer.seal('session', 'x'))).toBeUndefined();
  });

  test('every flipped byte makes it unopenable', async () => {
    const sealer = createSealer([A]);
    const sealed = await sealer.seal('p', 'hello');
    for (let i = 0; i < sealed.length; i++) {
      const c = sealed[i] === 'A' ? 'B' : 'A';
      const tampered = sealed.slice(0, i) + c + sealed.slice(i + 1);
      expect(await sealer.open('p', tampered)).toBeUndefined();
    }
  });

  test.each(['', 'not base64!', 'abc', 'a'.repeat(37), '.'])(
    'garbage %j is undefined, never an exception',
    async (garbage) => {
      expect(await createSealer([A]).open('p', garbage)).toBeUndefined();
    },
  );

  test('rotation: a new first secret still opens values of the old one, marked stale', async () => {
    const old = await createSealer([A]).seal('p', 'kept');
    const rotated = createSealer([B, A]);
    expect(await rotated.open('p', old)).toEqual({ text: 'kept', stale: true });
    expect(await rotated.open('p', await rotated.seal('p', 'new'))).toEqual({
      text: 'new',
      stale: false,
    });
    expect(await createSealer([B]).open('p', old)).toBeUndefined();
  });
});

describe('checkSecrets', () => {
  test('one secret or a list', () => {
    expect(checkSecrets(A, undefined)).toEqual([A]);
    expect(checkSecrets(undefined, [B, A])).toEqual([B, A]);
  });

  test.each<[unknown, unknown, string]>([
    [undefined, undefined, 'secret must be a string of at least 32 characters; got undefined'],
    [
      'short',
      undefined,
      'secret must be a string of at least 32 characters; got a string of 5 characters',
    ],
    // An array is described as http's describeValue describes it; a string only by its length.
    [
      undefined,
      [],
      'secrets must be a non-empty list of strings (the current secret first; make one with `openssl rand -base64 32` or `crypto.randomBytes(32).toString("base64")`); got an empty list',
    ],
    [
      undefined,
      'x',
      'secrets must be a non-empty list of strings (the current secret first; make one with `openssl rand -base64 32` or `crypto.randomBytes(32).toString("base64")`); got a string of 1 characters',
    ],
    [undefined, [A, 7], 'secrets[1] must be a string of at least 32 characters; got 7'],
    [A, [A], 'secret and secrets must be given one at a time; got both'],
    // Long enough, but not random: refused with how to make one.
    ...(
      [
        ['a'.repeat(32), 0],
        ['ab'.repeat(16), 32],
        ['abcd'.repeat(8), 64],
        ['abcdefgh'.repeat(4), 96],
        ['pass'.repeat(10), 60],
        ['0'.repeat(44), 0],
      ] as const
    ).map(([secret, bits]): [unknown, unknown, string] => [
      secret,
      undefined,
      `secret must be a random string (at least 100 bits of entropy by its character frequencies; make one with \`openssl rand -base64 32\` or \`crypto.randomBytes(32).toString("base64")\`); got a string of ${secret.length} characters with about ${bits} bits`,
    ]),
    [
      undefined,
      [A, 'x'.repeat(40)],
      'secrets[1] must be a random string (at least 100 bits of entropy by its character frequencies; make one with `openssl rand -base64 32` or `crypto.randomBytes(32).toString("base64")`); got a string of 40 characters with about 0 bits',
    ],
  ])('secret %j, secrets %j → %s', (secret, secrets, message) => {
    let thrown: unknown;
    try {
      checkSecrets(secret, secrets);
    } catch (error) {
      thrown = error;
    }
    expect(isServerIdentityError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(message);
    expect((thrown as { code: string }).code).toBe('INVALID_ARGUMENT');
  });
});

describe('estimatedBits', () => {
  test('random secrets show well over the minimum; a repeated pattern does not', () => {
    expect(estimatedBits(toHex(crypto.getRandomValues(new Uint8Array(16))))).toBeGreaterThan(100);
    expect(
      estimatedBits(btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))),
    ).toBeGreaterThan(180);
    expect(estimatedBits('')).toBe(0);
  });
});

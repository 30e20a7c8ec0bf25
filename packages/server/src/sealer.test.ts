import { describe, expect, test } from 'vitest';
import { checkSecrets, createSealer } from './sealer';
import { isServerIdentityError } from './server-identity-error';

const A = 'a'.repeat(32);
const B = 'b'.repeat(40);

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

  test.each([
    [undefined, undefined, 'secret must be a string of at least 32 characters; got undefined'],
    [
      'short',
      undefined,
      'secret must be a string of at least 32 characters; got a string of 5 characters',
    ],
    // An array is described as http's describeValue describes it; a string only by its length.
    [undefined, [], 'secrets must be a non-empty list of strings; got an array'],
    [undefined, 'x', 'secrets must be a non-empty list of strings; got a string of 1 characters'],
    [undefined, [A, 7], 'secrets[1] must be a string of at least 32 characters; got 7'],
    [A, [A], 'secret and secrets must be given one at a time; got both'],
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

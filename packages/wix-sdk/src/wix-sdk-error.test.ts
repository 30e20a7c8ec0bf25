import { describe, expect, test } from 'vitest';
import { invalidArgument, isWixSdkError, WixSdkError } from './wix-sdk-error';

describe('WixSdkError', () => {
  test('the constructor takes a WixSdkErrorInit: its code and cause, nothing else', () => {
    const cause = new Error('underneath');
    const error = new WixSdkError('getMemberTokens: state does not match the flow', {
      code: 'INVALID_STATE',
      cause,
    });
    expect([error.name, error.code, error.cause, isWixSdkError(error)]).toEqual([
      'WixSdkError',
      'INVALID_STATE',
      cause,
      true,
    ]);
    // A field of another error class is refused by the type (it was accepted untyped).
    // @ts-expect-error -- a WixSdkError carries no response
    const untyped = new WixSdkError('x', { code: 'INVALID_STATE', response: new Response() });
    expect(untyped.code).toBe('INVALID_STATE');
  });

  test.each<[string, unknown, boolean]>([
    ['a WixSdkError', new WixSdkError('x', { code: 'INVALID_ARGUMENT' }), true],
    [
      'one with the brand but no string code (the one guard rule)',
      Object.create({
        get [Symbol.for('site-identity.error')]() {
          return ['WixSdkError', 'SiteIdentityError'];
        },
      }) as unknown,
      false,
    ],
    ['a look-alike without the brand', { name: 'WixSdkError', code: 'INVALID_STATE' }, false],
    ['null', null, false],
  ])('isWixSdkError(%s) is %s', (_label, value, expected) => {
    expect(isWixSdkError(value)).toBe(expected);
  });

  test('invalidArgument is the INVALID_ARGUMENT WixSdkError of a finished message', () => {
    const error = invalidArgument('clientId must be a non-empty string; got undefined');
    expect([error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'clientId must be a non-empty string; got undefined',
    ]);
  });
});

import { PlatformError } from '@site-identity/http';
import { describe, expect, test, vi } from 'vitest';
import {
  CAPTCHA_SITE_KEYS,
  createCaptcha,
  type CaptchaOptions,
  type CaptchaProvider,
} from './captcha';
import { toWireCaptchaTokens, type CaptchaTokens, type WireCaptchaToken } from './captcha-tokens';

const missing = () =>
  new PlatformError('Missing captcha token', { kind: 'application', code: '-19971', status: 400 });
const invalidToken = () =>
  new PlatformError('Invalid captcha token', { kind: 'application', code: '-19970', status: 400 });

/** An attempt that answers each call with the next outcome of `outcomes`, recording the tokens it was sent. */
function platform(...outcomes: (PlatformError | 'ok')[]) {
  const sent: WireCaptchaToken[][] = [];
  const attempt = vi.fn(async (tokens: WireCaptchaToken[]) => {
    sent.push(tokens);
    const outcome = outcomes[sent.length - 1] ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    return { state: 'SUCCESS' };
  });
  return { attempt, sent };
}

const provider = (
  tokens: Partial<Record<'invisible' | 'visible', string>>,
): CaptchaProvider & { getToken: ReturnType<typeof vi.fn> } => ({
  getToken: vi.fn(async (kind: 'invisible' | 'visible') => tokens[kind]),
});

describe('toWireCaptchaTokens', () => {
  test.each([
    [undefined, []],
    [{}, []],
    [{ recaptchaToken: 'v' }, [{ Recaptcha: 'v' }]],
    [{ invisibleRecaptchaToken: 'i' }, [{ InvisibleRecaptcha: 'i' }]],
    [
      { recaptchaToken: 'v', invisibleRecaptchaToken: 'i' },
      [{ Recaptcha: 'v' }, { InvisibleRecaptcha: 'i' }],
    ],
    [{ recaptchaToken: '', invisibleRecaptchaToken: 42 as unknown as string }, []],
  ])('%j → %j', (tokens, wire) => {
    expect(toWireCaptchaTokens(tokens)).toEqual(wire);
  });
});

/** Sends `attempt` through a captcha made with `options`. */
const sendWithCaptcha = (
  attempt: (tokens: WireCaptchaToken[]) => Promise<unknown>,
  tokens: CaptchaTokens | undefined,
  options: CaptchaOptions | undefined,
) => createCaptcha(options).send(attempt, tokens);

describe('createCaptcha().send', () => {
  test('without a provider a captcha demand is passed on', async () => {
    const { attempt } = platform(missing());
    await expect(sendWithCaptcha(attempt, undefined, undefined)).rejects.toMatchObject({
      code: '-19971',
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  test('a missing token is retried once with an invisible token, under the invisible site key', async () => {
    const { attempt, sent } = platform(missing(), 'ok');
    const captcha = provider({ invisible: 'inv-1' });
    await expect(sendWithCaptcha(attempt, undefined, { provider: captcha })).resolves.toEqual({
      state: 'SUCCESS',
    });
    expect(sent).toEqual([[], [{ InvisibleRecaptcha: 'inv-1' }]]);
    expect(captcha.getToken).toHaveBeenCalledWith('invisible', CAPTCHA_SITE_KEYS.invisible);
  });

  test('a second missing-token answer is not retried again', async () => {
    const { attempt } = platform(missing(), missing());
    await expect(
      sendWithCaptcha(attempt, undefined, { provider: provider({ invisible: 'inv' }) }),
    ).rejects.toMatchObject({
      code: '-19971',
    });
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  test('an invalid token is retried with a visible token when the provider has one', async () => {
    const { attempt, sent } = platform(invalidToken(), 'ok');
    const captcha = provider({ visible: 'vis-1' });
    const siteKeys = { visible: 'own-visible-key' };
    await expect(
      sendWithCaptcha(attempt, { invisibleRecaptchaToken: 'bad' }, { provider: captcha, siteKeys }),
    ).resolves.toBeDefined();
    expect(sent).toEqual([[{ InvisibleRecaptcha: 'bad' }], [{ Recaptcha: 'vis-1' }]]);
    expect(captcha.getToken).toHaveBeenCalledWith('visible', 'own-visible-key');
  });

  test('an invalid token without a visible one from the provider is passed on', async () => {
    const { attempt } = platform(invalidToken());
    await expect(
      sendWithCaptcha(attempt, undefined, { provider: provider({}) }),
    ).rejects.toMatchObject({ code: '-19970' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  test('missing, then invalid invisible token, then a visible one: three attempts at most', async () => {
    const { attempt, sent } = platform(missing(), invalidToken(), invalidToken());
    await expect(
      sendWithCaptcha(attempt, undefined, {
        provider: provider({ invisible: 'inv', visible: 'vis' }),
      }),
    ).rejects.toMatchObject({ code: '-19970' });
    expect(sent).toEqual([[], [{ InvisibleRecaptcha: 'inv' }], [{ Recaptcha: 'vis' }]]);
  });

  test.each([
    ['rejects', () => Promise.reject(new Error('widget failed'))],
    [
      'throws',
      () => {
        throw new Error('no grecaptcha');
      },
    ],
    ['resolves an empty string', () => Promise.resolve('')],
  ])('a provider that %s counts as no token', async (_, getToken) => {
    const { attempt } = platform(missing());
    await expect(
      sendWithCaptcha(attempt, undefined, { provider: { getToken } }),
    ).rejects.toMatchObject({
      code: '-19971',
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  test('other errors are not retried', async () => {
    const { attempt } = platform(
      new PlatformError('wrong', { kind: 'application', code: '-19976' }),
    );
    const captcha = provider({ invisible: 'inv', visible: 'vis' });
    await expect(sendWithCaptcha(attempt, undefined, { provider: captcha })).rejects.toMatchObject({
      code: '-19976',
    });
    expect(captcha.getToken).not.toHaveBeenCalled();
  });
});

describe('createCaptcha', () => {
  test('send refuses an attempt that is not a function, with nothing sent', async () => {
    await expect(createCaptcha().send(5 as never, undefined)).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'INVALID_ARGUMENT',
      message: 'attempt must be a function; got 5',
    });
  });

  test("the site keys are the platform's unless configured; an empty key keeps the default", () => {
    expect(createCaptcha().siteKeys).toEqual(CAPTCHA_SITE_KEYS);
    expect(createCaptcha({ siteKeys: { visible: 'own-key', invisible: '' } }).siteKeys).toEqual({
      invisible: CAPTCHA_SITE_KEYS.invisible,
      visible: 'own-key',
    });
  });

  test.each([
    [5, 'options must be an object; got 5'],
    [
      { provider: {} },
      'options.provider must be an object with a getToken function; got an object',
    ],
    [{ provider: 'x' }, 'options.provider must be an object with a getToken function; got "x"'],
    [{ siteKeys: 'k' }, 'options.siteKeys must be an object; got a string'],
    [{ siteKeys: { visible: 7 } }, 'options.siteKeys.visible must be a non-empty string; got 7'],
  ])('%j is refused: %s', (options, message) => {
    expect(() => createCaptcha(options as never)).toThrow(
      expect.objectContaining({ name: 'MemberAuthError', code: 'INVALID_ARGUMENT', message }),
    );
  });
});

import { describe, expect, it, test } from 'vitest';
import type { MfaInput } from '../members';
import { createMockPlatform, type MockPlatform } from '../platform';
import { createSoftwareAuthenticator } from '../software-authenticator';
import { API, AUTH, errorCode, post } from '../test-platform';

const ORIGIN = 'https://shop.example';
const credentials = {
  loginId: { email: 'ada@example.com' },
  password: 'secret',
  captchaTokens: [],
};

function withMember(mfa: MfaInput): MockPlatform {
  return createMockPlatform({ members: [{ email: 'ada@example.com', password: 'secret', mfa }] });
}

async function login(platform: MockPlatform) {
  const { body } = await post(platform, `${AUTH}/v2/login`, credentials);
  return body as {
    state: string;
    stateToken: string;
    mfaChallengeData: {
      factorType: string;
      availableFactors: { factorType: string; factorStatus: string }[];
      verificationChallengeData: {
        hint?: string;
        pushData?: { transactionId: string };
        webauthnData?: { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
      };
    };
  };
}

const control = (platform: MockPlatform, path: string, body: unknown) =>
  post(platform, `${API}/_mock/${path}`, body);

/** A member with a passkey enrolled through the control API, as a page would. */
async function enrolled() {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'secret' }],
  });
  const authenticator = createSoftwareAuthenticator(ORIGIN);
  const { body: options } = await control(platform, 'webauthn/registration-options', {
    email: 'ada@example.com',
    origin: ORIGIN,
  });
  const created = await authenticator.credentials.create({ publicKey: options as never });
  const registered = await control(platform, 'webauthn/register', {
    credential: created.toJSON(),
  });
  expect(registered).toMatchObject({ status: 201, body: { rpId: 'shop.example', origin: ORIGIN } });
  return { platform, authenticator };
}

/** Logs in, signs the WebAuthn challenge, and returns the verify body. */
async function passkeyStep(
  platform: MockPlatform,
  authenticator = createSoftwareAuthenticator(ORIGIN),
) {
  const answer = await login(platform);
  const webauthn = answer.mfaChallengeData.verificationChallengeData.webauthnData!;
  const publicKey = JSON.parse(webauthn.publicKeyCredentialRequestOptionsJson);
  const assertion = await authenticator.credentials.get({ publicKey });
  return {
    stateToken: answer.stateToken,
    webauthnData: {
      challengeId: webauthn.challengeId,
      credential: JSON.stringify(assertion?.toJSON()),
    },
  };
}

const verify = (platform: MockPlatform, factor: string, body: unknown) =>
  post(platform, `${AUTH}/v2/${factor}/verify`, body);

describe('REQUIRE_MFA in the platform’s shape', () => {
  it('names the factor asked first, the available factors and their challenges', async () => {
    const { platform } = await enrolled();
    platform.state.findMember('ada@example.com')!.mfa!.factors.push('push', 'recovery_code');
    const answer = await login(platform);
    expect(answer).toMatchObject({
      state: 'REQUIRE_MFA',
      mfaChallengeData: {
        factorType: 'WEBAUTHN',
        reason: 'USER_SETTINGS',
        availableFactors: [
          { factorType: 'WEBAUTHN', factorStatus: 'ENABLED' },
          { factorType: 'PUSH', factorStatus: 'ENABLED' },
          { factorType: 'RECOVERY_CODE', factorStatus: 'ENABLED' },
        ],
        verificationChallengeData: {
          pushData: { transactionId: expect.any(String) },
          webauthnData: { challengeId: expect.any(String) },
        },
      },
    });
    const options = JSON.parse(
      answer.mfaChallengeData.verificationChallengeData.webauthnData!
        .publicKeyCredentialRequestOptionsJson,
    );
    expect(options).toMatchObject({
      rpId: 'shop.example',
      allowCredentials: [{ type: 'public-key' }],
    });
  });

  it('a member can verify with another available factor', async () => {
    const platform = withMember({ factorType: 'sms', factors: ['totp'], totpCode: '424242' });
    const answer = await login(platform);
    expect(answer.mfaChallengeData.verificationChallengeData.hint).toBe('+1 ••• ••• ••42');
    const ok = await verify(platform, 'totp', {
      stateToken: answer.stateToken,
      totpData: { code: '424242' },
    });
    expect(ok.body['state']).toBe('SUCCESS');
  });

  it('refuses a member input with an unknown factor', () => {
    expect(() => withMember({ factorType: 'fax' as never })).toThrow(
      'mfa.factorType must be one of sms, call, email, totp, push, webauthn, recovery_code; got "fax"',
    );
  });
});

describe('SMS by WhatsApp', () => {
  test.each(['SMS', 'WHATSAPP'])('deliveryMethod %s is accepted', async (deliveryMethod) => {
    const platform = withMember({ factorType: 'sms' });
    const { stateToken } = await login(platform);
    const code = platform.state.lastEmail({ kind: 'mfa' })?.code;
    const ok = await verify(platform, 'sms', { stateToken, smsData: { code, deliveryMethod } });
    expect(ok.body['state']).toBe('SUCCESS');
  });

  it('any other deliveryMethod is a validation error', async () => {
    const platform = withMember({ factorType: 'sms' });
    const { stateToken } = await login(platform);
    const { body } = await verify(platform, 'sms', {
      stateToken,
      smsData: { code: '1', deliveryMethod: 'PIGEON' },
    });
    expect(body['message']).toBe(
      'INVALID_ARGUMENT: smsData.deliveryMethod: must be SMS or WHATSAPP',
    );
  });
});

describe('recovery codes', () => {
  it('each code works once', async () => {
    const platform = withMember({
      factorType: 'totp',
      factors: ['recovery_code'],
      recoveryCodes: ['1111-2222', '3333-4444'],
    });
    const first = await login(platform);
    const ok = await verify(platform, 'recovery_code', {
      stateToken: first.stateToken,
      recoveryCodeData: { code: '1111-2222' },
    });
    expect(ok.body['state']).toBe('SUCCESS');
    const second = await login(platform);
    const again = await verify(platform, 'recovery_code', {
      stateToken: second.stateToken,
      recoveryCodeData: { code: '1111-2222' },
    });
    expect(errorCode(again.body)).toBe('INVALID_CODE');
    expect(platform.state.findMember('ada@example.com')!.mfa!.recoveryCodes).toEqual([
      { code: '1111-2222', used: true },
      { code: '3333-4444', used: false },
    ]);
  });

  it('ten random codes by default', () => {
    const codes = withMember({ factorType: 'recovery_code' }).state.findMember('ada@example.com')!
      .mfa!.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const { code } of codes) expect(code).toMatch(/^\d{4}-\d{4}$/);
  });
});

describe('push', () => {
  async function pushStep() {
    const platform = withMember({ factorType: 'push' });
    const answer = await login(platform);
    const { transactionId } = answer.mfaChallengeData.verificationChallengeData.pushData!;
    const body = { stateToken: answer.stateToken, pushData: { transactionId } };
    return { platform, body, transactionId };
  }

  it('pending answers REQUIRE_MFA again; approved through the control API answers SUCCESS', async () => {
    const { platform, body, transactionId } = await pushStep();
    expect((await verify(platform, 'push', body)).body).toMatchObject({
      state: 'REQUIRE_MFA',
      stateToken: body.stateToken,
      mfaChallengeData: { verificationChallengeData: { pushData: { transactionId } } },
    });
    const pending = (await (await platform.fetch(`${API}/_mock/push`)).json()) as unknown[];
    expect(pending).toMatchObject([{ transactionId, email: 'ada@example.com', status: 'PENDING' }]);
    const approved = await control(platform, 'push/approve', { email: 'ada@example.com' });
    expect(approved.body).toMatchObject({ transactionId, status: 'APPROVED' });
    expect((await verify(platform, 'push', body)).body['state']).toBe('SUCCESS');
  });

  it('denied answers PUSH_DENIED', async () => {
    const { platform, body, transactionId } = await pushStep();
    await control(platform, 'push/deny', { transactionId });
    expect(errorCode((await verify(platform, 'push', body)).body)).toBe('PUSH_DENIED');
  });

  it('expired answers PUSH_EXPIRED', async () => {
    let now = Date.now();
    const platform = createMockPlatform({
      now: () => now,
      members: [{ email: 'ada@example.com', password: 'secret', mfa: { factorType: 'push' } }],
    });
    const answer = await login(platform);
    now += 2 * 60 * 1000 + 1;
    const expired = await verify(platform, 'push', {
      stateToken: answer.stateToken,
      pushData: answer.mfaChallengeData.verificationChallengeData.pushData,
    });
    expect(errorCode(expired.body)).toBe('PUSH_EXPIRED');
  });

  it('the control API answers 404 when nothing is pending', async () => {
    const { status } = await control(createMockPlatform(), 'push/approve', {
      email: 'ada@example.com',
    });
    expect(status).toBe(404);
  });
});

describe('WebAuthn', () => {
  it('enrols a passkey, then verifies a signed challenge and keeps the sign count', async () => {
    const { platform, authenticator } = await enrolled();
    const ok = await verify(platform, 'webauthn', await passkeyStep(platform, authenticator));
    expect(ok.body['state']).toBe('SUCCESS');
    expect(platform.state.findMember('ada@example.com')!.passkeys[0]!.signCount).toBe(1);
  });

  it('rejects a wrong signature', async () => {
    const { platform, authenticator } = await enrolled();
    const step = await passkeyStep(platform, authenticator);
    const credential = JSON.parse(step.webauthnData.credential) as {
      response: { signature: string };
    };
    const signature: string = credential.response.signature;
    credential.response.signature = `${signature.slice(0, 20)}${signature[20] === 'A' ? 'B' : 'A'}${signature.slice(21)}`;
    const { body } = await verify(platform, 'webauthn', {
      ...step,
      webauthnData: { ...step.webauthnData, credential: JSON.stringify(credential) },
    });
    expect(errorCode(body)).toBe('WEBAUTHN_VERIFICATION_FAILED');
  });

  it('rejects a wrong origin', async () => {
    const { platform, authenticator } = await enrolled();
    authenticator.origin = 'https://evil.example';
    const { body } = await verify(platform, 'webauthn', await passkeyStep(platform, authenticator));
    expect(body['message']).toBe(
      'clientData.origin must be https://shop.example; got "https://evil.example"',
    );
  });

  it('rejects a replayed challenge: an old assertion for a new step, or a challenge twice', async () => {
    const { platform, authenticator } = await enrolled();
    const first = await passkeyStep(platform, authenticator);
    expect((await verify(platform, 'webauthn', first)).body['state']).toBe('SUCCESS');
    const second = await login(platform);
    const challengeId = second.mfaChallengeData.verificationChallengeData.webauthnData!.challengeId;
    const replayed = await verify(platform, 'webauthn', {
      stateToken: second.stateToken,
      webauthnData: { challengeId, credential: first.webauthnData.credential },
    });
    expect(replayed.body['message']).toBe('clientData.challenge is not the challenge of this step');
    const twice = await verify(platform, 'webauthn', {
      stateToken: second.stateToken,
      webauthnData: { challengeId, credential: first.webauthnData.credential },
    });
    expect(errorCode(twice.body)).toBe('CHALLENGE_USED');
  });

  it('rejects a sign count that is not above the last one', async () => {
    const { platform, authenticator } = await enrolled();
    platform.state.findMember('ada@example.com')!.passkeys[0]!.signCount = 5;
    const { body } = await verify(platform, 'webauthn', await passkeyStep(platform, authenticator));
    expect(body['message']).toBe('the sign count 1 is not above 5: a cloned authenticator?');
  });

  it('rejects an assertion without the user-present flag', async () => {
    const { platform, authenticator } = await enrolled();
    authenticator.userPresent = false;
    const { body } = await verify(platform, 'webauthn', await passkeyStep(platform, authenticator));
    expect(body['message']).toBe('the user-present flag (UP) is not set');
  });

  it('rejects an enrolment from another origin, and a challenge enrolled twice', async () => {
    const platform = createMockPlatform({ members: [{ email: 'ada@example.com', password: 'x' }] });
    const { body: options } = await control(platform, 'webauthn/registration-options', {
      email: 'ada@example.com',
      origin: ORIGIN,
    });
    const created = await createSoftwareAuthenticator('https://evil.example').credentials.create({
      publicKey: options as never,
    });
    const refused = await control(platform, 'webauthn/register', { credential: created.toJSON() });
    expect(refused).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code: 'INVALID_PASSKEY' } } },
    });
    const again = await control(platform, 'webauthn/register', { credential: created.toJSON() });
    expect(again.body['message']).toBe(
      'clientData.challenge is not a pending enrolment (unknown, used or expired)',
    );
    expect(platform.state.findMember('ada@example.com')!.passkeys).toEqual([]);
  });
});

import { createSoftwareAuthenticator } from '@site-identity/mock-platform';
import { describe, expect, test, vi } from 'vitest';
import type { LoginProblem } from './login-result';
import { usePlatform } from './test-platform';
import { verifyWithPasskey, type PasskeyCredentials } from './webauthn';

const ORIGIN = 'https://shop.example';
const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, createAuth, serviceRequests } = usePlatform();

/** Ada with a passkey on `authenticator`, enrolled through the control API as a page would. */
async function enrol(authenticator = createSoftwareAuthenticator(ORIGIN)) {
  platform.state.addMember(ada);
  const control = (path: string, body: unknown) =>
    platform.fetch(`https://www.wixapis.com/_mock/${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
  const options: unknown = await (
    await control('webauthn/registration-options', { email: ada.email, origin: ORIGIN })
  ).json();
  const created = await authenticator.credentials.create({ publicKey: options as never });
  await control('webauthn/register', { credential: created.toJSON() });
  return authenticator;
}

/** Logs Ada in up to the passkey step. */
async function challenged() {
  const { auth, tokens, silentLogin } = createAuth({ emulateSilentLogin: true });
  const result = (await auth.login(ada)) as LoginProblem;
  expect(result.mfa?.verificationChallengeData.webauthnData).toBeDefined();
  return { auth, tokens, silentLogin, stateToken: result.data.stateToken ?? '', mfa: result.mfa! };
}

const verifies = () => serviceRequests().filter((entry) => entry.path.endsWith('/verify'));

describe('verifyWithPasskey', () => {
  test('runs the ceremony and logs in with the assertion', async () => {
    const authenticator = await enrol();
    const { auth, tokens, stateToken, mfa } = await challenged();
    const result = await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa,
      credentials: authenticator.credentials,
    });
    expect(result.loginState).toBe('SUCCESS');
    expect(tokens.isLoggedIn()).toBe(true);
    expect(verifies().map((entry) => entry.path)).toEqual([
      '/_api/iam/authentication/v2/webauthn/verify',
    ]);
  });

  test('sends { challengeId, credential } with the credential as the JSON of toJSON()', async () => {
    const authenticator = await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const verifyFactor = vi.spyOn(auth, 'verifyFactor');
    await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa.verificationChallengeData.webauthnData!,
      rememberThisDevice: true,
      completeLogin: false,
      credentials: authenticator.credentials,
    });
    const [factorType, options] = verifyFactor.mock.calls[0]!;
    expect(factorType).toBe('WEBAUTHN');
    expect(options).toMatchObject({
      stateToken,
      rememberThisDevice: true,
      completeLogin: false,
      challengeId: mfa.verificationChallengeData.webauthnData!.challengeId,
    });
    const credential = JSON.parse((options as { credential: string }).credential);
    expect(credential).toMatchObject({
      type: 'public-key',
      response: { clientDataJSON: expect.any(String), signature: expect.any(String) },
    });
  });

  test('calls navigator.credentials.get in the caller’s turn, with the decoded options', async () => {
    const { auth, stateToken, mfa } = await (async () => {
      await enrol();
      return challenged();
    })();
    const get = vi.fn<PasskeyCredentials['get']>(() => new Promise(() => undefined));
    void verifyWithPasskey(auth, { stateToken, challenge: mfa, credentials: { get } });
    expect(get).toHaveBeenCalledTimes(1); // before any await
    const { publicKey } = get.mock.calls[0]![0];
    expect(publicKey.challenge).toBeInstanceOf(ArrayBuffer);
    expect(publicKey.allowCredentials?.[0]?.id).toBeInstanceOf(ArrayBuffer);
    expect(publicKey.rpId).toBe('shop.example');
  });

  test('uses PublicKeyCredential.parseRequestOptionsFromJSON where the browser has it', async () => {
    await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const parsed = { challenge: new ArrayBuffer(1) };
    const parseRequestOptionsFromJSON = vi.fn(() => parsed);
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(function PublicKeyCredential() {}, { parseRequestOptionsFromJSON }),
    );
    const get = vi.fn<PasskeyCredentials['get']>(async () => null);
    await verifyWithPasskey(auth, { stateToken, challenge: mfa, credentials: { get } });
    expect(parseRequestOptionsFromJSON).toHaveBeenCalledWith(
      JSON.parse(mfa.verificationChallengeData.webauthnData!.publicKeyCredentialRequestOptionsJson),
    );
    expect(get.mock.calls[0]![0].publicKey).toBe(parsed);
  });

  test.each<[string, () => unknown, string]>([
    [
      'the member cancels (NotAllowedError)',
      () => Promise.reject(new DOMException('cancelled', 'NotAllowedError')),
      'WEBAUTHN_CANCELLED',
    ],
    ['no authenticator answers (null)', () => Promise.resolve(null), 'WEBAUTHN_NO_AUTHENTICATOR'],
    [
      'no authenticator (InvalidStateError)',
      () => Promise.reject(new DOMException('none', 'InvalidStateError')),
      'WEBAUTHN_NO_AUTHENTICATOR',
    ],
    [
      'not supported (NotSupportedError)',
      () => Promise.reject(new DOMException('no', 'NotSupportedError')),
      'WEBAUTHN_UNSUPPORTED',
    ],
    [
      'a relying party the page may not use (SecurityError)',
      () => Promise.reject(new DOMException('rp', 'SecurityError')),
      'WEBAUTHN_FAILED',
    ],
    [
      'get throws at once',
      () => {
        throw new TypeError('bad options');
      },
      'WEBAUTHN_FAILED',
    ],
    [
      'aborted (AbortError)',
      () => Promise.reject(new DOMException('stop', 'AbortError')),
      'ABORTED',
    ],
  ])('%s: a typed answer naming WebAuthn and no request', async (_, get, errorCode) => {
    await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const before = verifies().length;
    const result = await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa,
      credentials: { get: get as PasskeyCredentials['get'] },
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode });
    expect(result.cause?.message).toMatch(/WebAuthn/);
    expect(result.error).not.toMatch(/WebAuthn|navigator|Error\b/);
    expect(verifies()).toHaveLength(before);
  });

  test('in Node (no PublicKeyCredential, no navigator.credentials): WEBAUTHN_UNSUPPORTED without a request', async () => {
    await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const result = await verifyWithPasskey(auth, { stateToken, challenge: mfa });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'WEBAUTHN_UNSUPPORTED' });
    expect(result.error).toBe('Passkeys do not work here. Choose another way to verify.');
    expect(result.cause?.message).toBe(
      'Passkeys (WebAuthn) are not available here: this browser, an insecure page or a server has no navigator.credentials.get. Choose another way to verify.',
    );
    expect(verifies()).toHaveLength(0);
  });

  test('a browser without toJSON: the credential is encoded by the library', async () => {
    const authenticator = await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const get: PasskeyCredentials['get'] = async (options) => {
      const credential = await authenticator.credentials.get(options);
      const json = credential!.toJSON() as { id: string; response: Record<string, string> };
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
          .buffer;
      return {
        id: json.id,
        type: 'public-key',
        rawId: bytes(json.id),
        authenticatorAttachment: 'platform',
        getClientExtensionResults: () => ({}),
        response: {
          clientDataJSON: bytes(json.response['clientDataJSON']!),
          authenticatorData: bytes(json.response['authenticatorData']!),
          signature: bytes(json.response['signature']!),
          userHandle: null,
        },
      };
    };
    const result = await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa,
      credentials: { get },
    });
    expect(result.loginState).toBe('SUCCESS');
  });

  test('the platform refusing the assertion (a wrong origin) resolves like verifyFactor', async () => {
    const authenticator = await enrol();
    const { auth, stateToken, mfa } = await challenged();
    authenticator.origin = 'https://evil.example';
    const result = await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa,
      credentials: authenticator.credentials,
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'REQUEST_FAILED' });
    expect(result.cause?.cause).toMatchObject({ code: 'WEBAUTHN_VERIFICATION_FAILED' });
  });

  test.each<[string, unknown, unknown, string]>([
    [
      'no client',
      undefined,
      { stateToken: 'st', challenge: {} },
      'memberAuth must be the client of createMemberAuth; got undefined',
    ],
    [
      'a look-alike client (a verifyFactor, nothing lent)',
      { verifyFactor: () => Promise.resolve({ loginState: 'SUCCESS' }) },
      { stateToken: 'st', challenge: {} },
      'memberAuth must be the client of createMemberAuth; got an object',
    ],
    [
      'no state token',
      'auth',
      { challenge: {} },
      'stateToken must be a non-empty string; got undefined',
    ],
    [
      'no challenge',
      'auth',
      { stateToken: 'st' },
      'challenge must be the passkey challenge of the REQUIRE_MFA answer (result.mfa or its verificationChallengeData.webauthnData); got undefined',
    ],
    [
      'a challenge without a passkey',
      'auth',
      { stateToken: 'st', challenge: { availableFactors: [], verificationChallengeData: {} } },
      'challenge must be the passkey challenge of the REQUIRE_MFA answer (result.mfa or its verificationChallengeData.webauthnData); got an object',
    ],
    [
      'a bad signal',
      'auth',
      { stateToken: 'st', signal: 'stop', challenge: {} },
      'signal must be an AbortSignal; got "stop"',
    ],
  ])('%s: INVALID_ARGUMENT without a request', async (_, client, options, error) => {
    const { auth } = createAuth();
    const result = await verifyWithPasskey(
      (client === 'auth' ? auth : client) as never,
      options as never,
    );
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
      cause: { message: error },
    });
    expect(serviceRequests()).toHaveLength(0);
  });

  test('an aborted signal: ABORTED before the ceremony', async () => {
    await enrol();
    const { auth, stateToken, mfa } = await challenged();
    const get = vi.fn<PasskeyCredentials['get']>();
    const result = await verifyWithPasskey(auth, {
      stateToken,
      challenge: mfa,
      credentials: { get },
      signal: AbortSignal.abort(),
    });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'ABORTED',
      cause: { name: 'PlatformError', kind: 'aborted', code: 'ABORTED' },
    });
    expect(get).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../platform';
import { AUTH, errorCode, post, VERIFICATION } from '../test-platform';

async function registerUnverified(site: { requireOwnerApproval?: boolean } = {}) {
  const platform = createMockPlatform({ site: { requireEmailVerification: true, ...site } });
  const { body } = await post(platform, `${AUTH}/v2/register`, {
    loginId: { email: 'ada@example.com' },
    password: 'secret',
  });
  return { platform, stateToken: body['stateToken'] as string };
}

describe('e-mail verification during auth', () => {
  it('verifies with the outbox code and answers SUCCESS', async () => {
    const { platform, stateToken } = await registerUnverified();
    const code = platform.state.lastEmail({ to: 'ada@example.com', kind: 'verification' })?.code;
    const { body } = await post(platform, `${VERIFICATION}/v1/auth/verify`, { code, stateToken });
    expect(body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(platform.state.findMember('ada@example.com')?.emailVerified).toBe(true);
  });

  it('answers REQUIRE_OWNER_APPROVAL when approval is on too', async () => {
    const { platform, stateToken } = await registerUnverified({ requireOwnerApproval: true });
    const code = platform.state.lastEmail()?.code;
    expect(
      (await post(platform, `${VERIFICATION}/v1/auth/verify`, { code, stateToken })).body['state'],
    ).toBe('REQUIRE_OWNER_APPROVAL');
  });

  it('rejects a wrong code, then accepts the right one; the state token is single-use', async () => {
    const { platform, stateToken } = await registerUnverified();
    const wrong = await post(platform, `${VERIFICATION}/v1/auth/verify`, {
      code: '-1',
      stateToken,
    });
    expect([wrong.status, errorCode(wrong.body)]).toEqual([400, 'INVALID_CODE']);
    const code = platform.state.lastEmail()?.code;
    expect(
      (await post(platform, `${VERIFICATION}/v1/auth/verify`, { code, stateToken })).status,
    ).toBe(200);
    expect(
      errorCode(
        (await post(platform, `${VERIFICATION}/v1/auth/verify`, { code, stateToken })).body,
      ),
    ).toBe('INVALID_STATE_TOKEN');
  });

  it('resend puts a new code in the outbox and only the new one verifies', async () => {
    const { platform, stateToken } = await registerUnverified();
    const first = platform.state.lastEmail()?.code;
    expect((await post(platform, `${VERIFICATION}/v1/auth/resend`, { stateToken })).body).toEqual(
      {},
    );
    expect(platform.state.outbox.filter((email) => email.kind === 'verification')).toHaveLength(2);
    const second = platform.state.lastEmail()?.code;
    if (first !== second)
      expect(
        errorCode(
          (await post(platform, `${VERIFICATION}/v1/auth/verify`, { code: first, stateToken }))
            .body,
        ),
      ).toBe('INVALID_CODE');
    expect(
      (await post(platform, `${VERIFICATION}/v1/auth/verify`, { code: second, stateToken })).body[
        'state'
      ],
    ).toBe('SUCCESS');
  });

  it('answers validation errors and unknown state tokens', async () => {
    const platform = createMockPlatform();
    expect((await post(platform, `${VERIFICATION}/v1/auth/verify`, {})).body['message']).toBe(
      'INVALID_ARGUMENT: code: is required, stateToken: is required',
    );
    expect(
      errorCode(
        (await post(platform, `${VERIFICATION}/v1/auth/resend`, { stateToken: 'nope' })).body,
      ),
    ).toBe('INVALID_STATE_TOKEN');
    expect((await post(platform, `${VERIFICATION}/v1/auth/resend`, {})).status).toBe(400);
  });
});

describe('start verification', () => {
  it('sends a code for a member id and answers a state token that verifies', async () => {
    const platform = createMockPlatform({
      members: [{ email: 'ada@example.com', password: 'x', emailVerified: false }],
    });
    const member = platform.state.findMember('ada@example.com')!;
    const { body } = await post(platform, `${VERIFICATION}/v1/Start`, {
      identityId: member.id,
      target: 'EMAIL',
    });
    const code = platform.state.lastEmail()?.code;
    expect(
      (
        await post(platform, `${VERIFICATION}/v1/auth/verify`, {
          code,
          stateToken: body['stateToken'],
        })
      ).body['state'],
    ).toBe('SUCCESS');
  });

  it('answers 404 for an unknown identity and 400 for a bad target', async () => {
    const platform = createMockPlatform();
    expect(
      (await post(platform, `${VERIFICATION}/v1/Start`, { identityId: 'nope', target: 'EMAIL' }))
        .status,
    ).toBe(404);
    expect(
      (await post(platform, `${VERIFICATION}/v1/Start`, { identityId: 'nope', target: 'PHONE' }))
        .status,
    ).toBe(400);
  });
});

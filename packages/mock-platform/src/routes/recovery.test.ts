import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../platform';
import { AUTH, errorCode, post, RECOVERY } from '../test-platform';

const members = [{ email: 'ada@example.com', password: 'old', resetPasswordRequired: true }];

function tokenOf(link: string | undefined): string {
  return new URL(link ?? 'http://x/').searchParams.get('recoveryToken') ?? '';
}

describe('password recovery', () => {
  it('mails a link to redirect.url with a recoveryToken; recover sets the password once', async () => {
    const platform = createMockPlatform({ members });
    const sent = await post(platform, `${RECOVERY}/v1/send-email`, {
      email: 'ada@example.com',
      language: 'en',
      redirect: { url: 'http://localhost:5173/reset?from=mail', clientId: 'app' },
    });
    expect(sent.body).toEqual({});
    const email = platform.state.lastEmail({ kind: 'recovery' });
    expect(email?.link).toMatch(
      /^http:\/\/localhost:5173\/reset\?from=mail&recoveryToken=mock-recovery\./,
    );
    const recoveryToken = tokenOf(email?.link);
    expect(
      (await post(platform, `${RECOVERY}/v1/recover`, { recoveryToken, password: 'n3w' })).status,
    ).toBe(200);
    const login = await post(platform, `${AUTH}/v2/login`, {
      loginId: { email: 'ada@example.com' },
      password: 'n3w',
    });
    expect(login.body['state']).toBe('SUCCESS');
    const again = await post(platform, `${RECOVERY}/v1/recover`, {
      recoveryToken,
      password: 'other',
    });
    expect([again.status, errorCode(again.body)]).toEqual([400, 'INVALID_RECOVERY_TOKEN']);
  });

  it('links to the hosted reset page without redirect.url', async () => {
    const platform = createMockPlatform({ members });
    await post(platform, `${RECOVERY}/v1/send-email`, { email: 'ada@example.com' });
    expect(platform.state.lastEmail()?.link).toMatch(
      /^https:\/\/www\.wixapis\.com\/_hosted\/reset-password\?recoveryToken=/,
    );
  });

  it('answers {} for an unknown e-mail and sends nothing', async () => {
    const platform = createMockPlatform();
    expect(
      (await post(platform, `${RECOVERY}/v1/send-email`, { email: 'nobody@example.com' })).status,
    ).toBe(200);
    expect(platform.state.outbox).toEqual([]);
  });

  it('answers validation errors', async () => {
    const platform = createMockPlatform();
    expect((await post(platform, `${RECOVERY}/v1/send-email`, { email: 'nope' })).status).toBe(400);
    expect((await post(platform, `${RECOVERY}/v1/recover`, {})).body['message']).toBe(
      'INVALID_ARGUMENT: recoveryToken: is required, password: must not be empty',
    );
  });

  it('expires recovery tokens after an hour', async () => {
    let now = 0;
    const platform = createMockPlatform({ members, now: () => now });
    await post(platform, `${RECOVERY}/v1/send-email`, { email: 'ada@example.com' });
    now += 60 * 60 * 1000;
    const answer = await post(platform, `${RECOVERY}/v1/recover`, {
      recoveryToken: tokenOf(platform.state.lastEmail()?.link),
      password: 'n3w',
    });
    expect(errorCode(answer.body)).toBe('INVALID_RECOVERY_TOKEN');
  });
});

describe('activation e-mail', () => {
  it('mails an activation link that sets a first password', async () => {
    const platform = createMockPlatform({ members: [{ email: 'ada@example.com' }] });
    const member = platform.state.findMember('ada@example.com')!;
    expect(
      (
        await post(platform, `${RECOVERY}/v1/activation-email`, {
          identityId: member.id,
          emailOptions: {},
        })
      ).status,
    ).toBe(200);
    const email = platform.state.lastEmail({ kind: 'activation' });
    expect(email?.to).toBe('ada@example.com');
    await post(platform, `${RECOVERY}/v1/recover`, {
      recoveryToken: tokenOf(email?.link),
      password: 'first',
    });
    expect(member.passwordHash).toBeDefined();
  });

  it('answers 404 for an unknown identity and 400 without one', async () => {
    const platform = createMockPlatform();
    expect(
      (await post(platform, `${RECOVERY}/v1/activation-email`, { identityId: 'x' })).status,
    ).toBe(404);
    expect((await post(platform, `${RECOVERY}/v1/activation-email`, {})).status).toBe(400);
  });
});

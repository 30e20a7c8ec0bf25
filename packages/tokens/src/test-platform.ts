// Test support (imported by tests only, never by the package's entry).
import type { createMockPlatform } from '@site-identity/mock-platform';
import { afterEach, vi } from 'vitest';
import { memoryStorage } from './storage';
import { createTokenManager } from './token-manager';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import type { Tokens } from './types';

type MockPlatform = ReturnType<typeof createMockPlatform>;

/** A member token set the mock platform issued for `clientId`, expiring in `expiresInSeconds`. */
export function issueMemberTokens(
  platform: MockPlatform,
  clientId: string,
  expiresInSeconds = 3600,
): Tokens {
  const issued = platform.state.tokens.issue({ role: 'member', clientId, memberId: 'm-1' });
  return {
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
}

/**
 * Managers ("tabs") against `platform`, each with its own memory storage unless given one;
 * after each test they are disposed, the platform reset and the clocks and spies restored.
 */
export function platformTabs(platform: MockPlatform, clientId: string) {
  const managers: TokenManager[] = [];
  afterEach(() => {
    managers.splice(0).forEach((manager) => manager.dispose());
    platform.reset();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return (options: Partial<TokenManagerOptions> = {}): TokenManager => {
    const created = createTokenManager({
      clientId,
      storage: memoryStorage(),
      fetch: (request) => platform.fetch(request),
      onError: () => {},
      ...options,
    });
    managers.push(created);
    return created;
  };
}

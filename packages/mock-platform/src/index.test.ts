import { describe, expect, it } from 'vitest';
import * as api from './index';

describe('@site-identity/mock-platform entry', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'DEFAULT_BASE_URL',
      'DEFAULT_COLLECTIONS',
      'DEFAULT_EDGE_BASE_URL',
      'MockPlatformError',
      'createMockPlatform',
      'createSoftwareAuthenticator',
      'isMockPlatformError',
      'startMockPlatformServer',
    ]);
    expect(api.DEFAULT_BASE_URL).toBe('https://www.wixapis.com');
    expect(api.DEFAULT_EDGE_BASE_URL).toBe('https://edge.wixapis.com');
  });

  it('creates independent platforms (factories, no shared state)', async () => {
    const a = api.createMockPlatform();
    const b = api.createMockPlatform();
    a.state.addMember({ email: 'ada@example.com', password: 'x' });
    expect(b.state.findMember('ada@example.com')).toBeUndefined();
  });
});

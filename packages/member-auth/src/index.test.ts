import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from './index';

describe('@site-identity/member-auth', () => {
  it('names itself', () => {
    expect(PACKAGE_NAME).toBe('@site-identity/member-auth');
  });
});

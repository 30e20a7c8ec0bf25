import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from './index';

describe('@site-identity/redirects', () => {
  it('names itself', () => {
    expect(PACKAGE_NAME).toBe('@site-identity/redirects');
  });
});

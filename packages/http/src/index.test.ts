import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from './index';

describe('@site-identity/http', () => {
  it('names itself', () => {
    expect(PACKAGE_NAME).toBe('@site-identity/http');
  });
});

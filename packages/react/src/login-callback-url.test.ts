import { describe, expect, it } from 'vitest';
import { hasLoginCallback } from './login-callback-url';

describe('hasLoginCallback', () => {
  it.each([
    ['https://shop.example/callback#code=abc&state=xyz', true],
    ['https://shop.example/callback?code=abc&state=xyz', true],
    ['https://shop.example/callback#error=access_denied&error_description=no&state=xyz', true],
    ['https://shop.example/callback?error=login_required&state=xyz', true],
    ['https://shop.example/callback#state=xyz', false],
    ['https://shop.example/callback#code=abc', false],
    ['https://shop.example/callback?code=abc#state=xyz', false],
    ['https://shop.example/', false],
    ['https://shop.example/#/route?code=abc', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (href, expected) => {
    expect(hasLoginCallback(href)).toBe(expected);
  });
});

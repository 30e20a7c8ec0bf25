import { describe, expect, test } from 'vitest';
import { generateState } from './state';

describe('generateState', () => {
  test('is URL-safe base64url of 256 random bits (at least 128)', () => {
    const state = generateState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(state)).toBe(state);
    expect(state.length * 6).toBeGreaterThanOrEqual(128);
  });

  test('never repeats over 10,000 draws', () => {
    const states = new Set(Array.from({ length: 10_000 }, generateState));
    expect(states.size).toBe(10_000);
  });
});

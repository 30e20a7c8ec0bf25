import { beforeEach, describe, expect, test } from 'vitest';
import {
  clearRecords,
  readPrewarmStamp,
  saveFlow,
  takeFlow,
  writePrewarmStamp,
} from './stored-records';

const flow = {
  state: 'st-1',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'https://a.example/cb',
  originalUri: '/account',
};

describe('stored records', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  test('a flow is stored under its state and taken once', () => {
    saveFlow(sessionStorage, 'app', flow);
    expect(sessionStorage.getItem('site-identity:app:flow:st-1')).not.toBeNull();
    expect(takeFlow(sessionStorage, 'app', 'st-1')).toEqual(flow);
    expect(sessionStorage.getItem('site-identity:app:flow:st-1')).toBeNull();
    expect(takeFlow(sessionStorage, 'app', 'st-1')).toBeUndefined();
  });

  test('parallel flows and clients do not clash', () => {
    saveFlow(sessionStorage, 'app', flow);
    saveFlow(sessionStorage, 'app', { ...flow, state: 'st-2', originalUri: undefined });
    saveFlow(sessionStorage, 'other', flow);
    expect(takeFlow(sessionStorage, 'app', 'st-2')).toEqual({
      ...flow,
      state: 'st-2',
      originalUri: undefined,
    });
    expect(takeFlow(sessionStorage, 'app', 'st-1')).toEqual(flow);
    expect(takeFlow(sessionStorage, 'other', 'st-1')).toEqual(flow);
  });

  test.each([
    ['not JSON', '{'],
    ['JSON null', 'null'],
    ['no verifier', JSON.stringify({ redirectUri: 'https://a.example/cb' })],
    [
      'a verifier that is not a string',
      JSON.stringify({ codeVerifier: 1, redirectUri: 'https://a.example/cb' }),
    ],
  ])('a record that is %s is removed and not used', (_name, raw) => {
    sessionStorage.setItem('site-identity:app:flow:bad', raw);
    expect(takeFlow(sessionStorage, 'app', 'bad')).toBeUndefined();
    expect(sessionStorage.getItem('site-identity:app:flow:bad')).toBeNull();
  });

  test('without a storage a flow cannot be saved, and none is found', () => {
    expect(() => saveFlow(undefined, 'app', flow)).toThrow(
      expect.objectContaining({ code: 'STORAGE_UNAVAILABLE' }),
    );
    expect(takeFlow(undefined, 'app', 'st-1')).toBeUndefined();
  });

  test('a storage that throws on write gives a typed error that names no secret', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    let caught: unknown;
    try {
      saveFlow(full, 'app', flow);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ name: 'RedirectsError', code: 'STORAGE_UNAVAILABLE' });
    expect((caught as Error).message).not.toContain(flow.codeVerifier);
  });

  test('clearRecords removes every record of the client and nothing else', () => {
    saveFlow(sessionStorage, 'app', flow);
    sessionStorage.setItem('site-identity:app:verification', '{}');
    sessionStorage.setItem('site-identity:other:flow:x', '{}');
    sessionStorage.setItem('unrelated', '1');
    clearRecords(sessionStorage, 'app');
    expect(Object.keys(sessionStorage).sort()).toEqual(['site-identity:other:flow:x', 'unrelated']);
  });

  test.each([
    ['nothing stored', undefined, 0],
    ['a time stamp', '1700000000000', 1_700_000_000_000],
    ['garbage', 'soon', 0],
  ])('the pre-warm stamp with %s reads %s', (_name, stored, expected) => {
    if (stored !== undefined) localStorage.setItem('site-identity:app:prewarm', stored);
    expect(readPrewarmStamp(localStorage, 'app')).toBe(expected);
  });

  test('the pre-warm stamp is written to its key', () => {
    writePrewarmStamp(localStorage, 'app', 123);
    expect(localStorage.getItem('site-identity:app:prewarm')).toBe('123');
    expect(readPrewarmStamp(localStorage, 'app')).toBe(123);
  });
});

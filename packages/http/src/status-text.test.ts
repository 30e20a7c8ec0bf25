import { describe, expect, test } from 'vitest';
import { constantCase, statusTextOf } from './status-text';

describe('constantCase', () => {
  test.each([
    ['Not Found', 'NOT_FOUND'],
    ['Too Many Requests', 'TOO_MANY_REQUESTS'],
    ['Service Unavailable', 'SERVICE_UNAVAILABLE'],
    ["I'm a Teapot", 'IM_A_TEAPOT'],
    ['Request-URI Too Long', 'REQUEST_URI_TOO_LONG'],
    ['notFound', 'NOT_FOUND'],
    ['HTTP 599', 'HTTP_599'],
    ['  ', 'UNKNOWN'],
    ['', 'UNKNOWN'],
  ])('%j → %s', (text, code) => {
    expect(constantCase(text)).toBe(code);
  });
});

describe('statusTextOf', () => {
  test.each([
    [404, 'Not Found', 'Not Found'],
    [404, '', 'Not Found'],
    [429, '', 'Too Many Requests'],
    [503, ' ', 'Service Unavailable'],
    [418, '', 'HTTP 418'],
    [400, 'Custom Reason', 'Custom Reason'],
  ])('%i %j → %j', (status, text, expected) => {
    expect(statusTextOf(status, text)).toBe(expected);
  });
});

/**
 * Options for `server.listen()` of MSW that make a request no handler answers an
 * error, with msw 2 (`onUnhandledRequest`) and msw 3 (`onUnhandledFrame`) alike: each
 * major reads its own key and ignores the other, and the object type-checks against
 * either. Use it so the same test runs whichever msw the project installs.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { beforeAll } from 'vitest';
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import { strictListenOptions } from '@site-identity/mock-platform/testing';
 *
 * const platform = createMockPlatform();
 * const server = setupServer(...platform.handlers);
 * beforeAll(() => server.listen(strictListenOptions));
 * ```
 */
export const strictListenOptions: {
  readonly onUnhandledRequest: 'error';
  readonly onUnhandledFrame: 'error';
} = Object.freeze({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' });

// The mock platform behind MSW for every test file: the library runs unchanged,
// against its production URLs, and any request the platform does not know fails the test.
import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'correct horse' }],
});
const server = setupServer(...platform.handlers);

// A request the platform does not know fails the test: msw 2 calls the option
// onUnhandledRequest, msw 3 onUnhandledFrame; this project runs on both.
const strict = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;
beforeAll(() => server.listen(strict));
afterEach(() => platform.reset());
afterAll(() => server.close());

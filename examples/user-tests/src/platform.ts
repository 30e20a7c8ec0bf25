// The mock platform behind MSW for every test file: the library runs unchanged,
// against its production URLs, and any request the platform does not know fails the test.
import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'correct horse' }],
});
const server = setupServer(...platform.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => platform.reset());
afterAll(() => server.close());

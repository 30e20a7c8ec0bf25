// The mock platform behind MSW for every test file: the library runs unchanged,
// against its production URLs, and any request the platform does not know fails the test.
import { createMockPlatform } from '@site-identity/mock-platform';
import { strictListenOptions } from '@site-identity/mock-platform/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'correct horse' }],
});
const server = setupServer(...platform.handlers);

// A request the platform does not know fails the test, with msw 2 or 3.
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => platform.reset());
afterAll(() => server.close());

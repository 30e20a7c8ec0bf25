import { defineConfig } from 'vitest/config';

// The unit tests beside the code; e2e/ is Playwright's (pnpm e2e).
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });

import { e2eConfig } from '../../config/playwright.base';

/** Ports of this suite: the Next app and the mock platform it talks to. */
export const APP_URL = 'http://localhost:4480';
export const PLATFORM_URL = 'http://127.0.0.1:4481';

export default e2eConfig({
  expect: { timeout: 10_000 },
  use: { baseURL: APP_URL },
  webServer: [
    {
      command: 'node node_modules/@site-identity/mock-platform/dist/cli.js --port 4481',
      url: `${PLATFORM_URL}/_mock/state`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Built by the build task (next build) before e2e runs.
      command: 'pnpm exec next start -p 4480 -H 127.0.0.1',
      url: 'http://127.0.0.1:4480/login',
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PLATFORM_URL, NEXT_TELEMETRY_DISABLED: '1' },
    },
  ],
});

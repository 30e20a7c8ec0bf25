import { e2eConfig } from '../../config/playwright.base';

/** Ports of the end-to-end servers: distinct from `npm run dev` (5173 and 4010). */
export const E2E_APP_URL = 'http://127.0.0.1:4173';
export const E2E_MOCK_URL = 'http://127.0.0.1:4011';

export default e2eConfig({
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_APP_URL,
    viewport: { width: 1280, height: 900 },
  },
  webServer: [
    {
      // The mock platform: every endpoint the library calls, hosted pages and the /_mock/ control API.
      command: 'node node_modules/@site-identity/mock-platform/dist/cli.js --port 4011',
      url: `${E2E_MOCK_URL}/_mock/state`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The app built against the e2e mock platform (.env.e2e), served by vite preview.
      command:
        'pnpm exec vite build --mode e2e --logLevel warn && pnpm exec vite preview --mode e2e',
      url: E2E_APP_URL,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});

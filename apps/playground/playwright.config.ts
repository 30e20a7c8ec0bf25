import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Ports of the end-to-end servers: distinct from `npm run dev` (5173 and 4010). */
export const E2E_APP_URL = 'http://127.0.0.1:4173';
export const E2E_MOCK_URL = 'http://127.0.0.1:4011';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: E2E_APP_URL,
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
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
      command: 'pnpm exec vite build --mode e2e --logLevel warn && pnpm exec vite preview --mode e2e',
      url: E2E_APP_URL,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});

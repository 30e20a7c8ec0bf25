import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

/**
 * The Playwright configuration every end-to-end suite shares: Debian's Chromium
 * (or `CHROMIUM_PATH`) started with the flags this closed network needs, one worker,
 * no retries, and a JSON report that `npm test` sums into its closing line.
 *
 * A suite's `playwright.config.ts`:
 * ```ts
 * import { e2eConfig } from '../../config/playwright.base';
 *
 * export default e2eConfig({ webServer: { command: '…', url: '…' } });
 * ```
 */
/** Debian's Chromium (or `CHROMIUM_PATH`) with the flags this closed network needs. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
};

export function e2eConfig(overrides: PlaywrightTestConfig = {}) {
  return defineConfig({
    testDir: 'e2e',
    fullyParallel: false,
    workers: 1,
    forbidOnly: true,
    retries: 0,
    timeout: 30_000,
    reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
    ...overrides,
    use: {
      ...overrides.use,
      launchOptions: chromiumLaunchOptions,
    },
  });
}

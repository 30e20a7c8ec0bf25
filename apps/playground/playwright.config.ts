import { e2eConfig } from '../../config/playwright.base';

/** Ports of the end-to-end servers: distinct from `npm run dev` (5173 and 4010). */
export const E2E_APP_URL = 'http://127.0.0.1:4173';
export const E2E_MOCK_URL = 'http://127.0.0.1:4011';
/**
 * The same app under another name: a page at `localhost` and the platform at
 * `127.0.0.1` are different sites, so the platform's cookies in a hidden frame of
 * the page are third-party cookies.
 */
export const E2E_CROSS_SITE_APP_URL = 'http://localhost:4173';

/** The cross-site project's specs; the same-site project runs every other spec. */
const CROSS_SITE_SPECS = /cross-site\.spec\.ts$/;

export default e2eConfig({
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_APP_URL,
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    // The app and the platform on one site (127.0.0.1): the hidden frame has its cookies.
    { name: 'same-site', testIgnore: CROSS_SITE_SPECS },
    {
      // The app on localhost, the platform on 127.0.0.1, and Chromium blocking
      // third-party cookies, as Safari, Firefox and Brave do by default and Chrome in a
      // private window: Playwright's contexts are off-the-record profiles, in which
      // Chromium blocks them (measured: the frame's Set-Cookie is blocked with the
      // reason UserPreferences; Chromium's --test-third-party-cookie-phaseout changes
      // nothing here). Should that ever change, the frame would sign in and the
      // fallback tests fail: they expect the frame's login_required.
      name: 'cross-site',
      testMatch: CROSS_SITE_SPECS,
      use: { baseURL: E2E_CROSS_SITE_APP_URL },
    },
  ],
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

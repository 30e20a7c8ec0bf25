// The testing entry of @site-identity/mock-platform: an emulated browser tab for the
// library's `window` option, so that a member's whole flow runs in a unit test, and
// strict MSW listen options for msw 2 and 3. Nothing here imports msw or a Node built-in.

export { strictListenOptions } from './listen-options';
export { createTestBrowser } from './test-browser';
export { installTestBrowser, type InstalledTestBrowser } from './install-test-browser';
export type { HostedCredentials, TestBrowser, TestBrowserOptions } from './test-browser';

import { e2eConfig } from '../../config/playwright.base';

// The emulator is started by the spec itself (on a free loopback port), and the page is
// served by Playwright's routing: nothing listens on a fixed port.
export default e2eConfig({ expect: { timeout: 10_000 } });

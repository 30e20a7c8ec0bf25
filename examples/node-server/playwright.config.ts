import { e2eConfig } from '../../config/playwright.base';

// The spec starts its own servers (the mock platform, the site, an attacker's page).
export default e2eConfig({ expect: { timeout: 10_000 } });

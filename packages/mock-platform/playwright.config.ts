import { e2eConfig } from '../../config/playwright.base';

export default e2eConfig();

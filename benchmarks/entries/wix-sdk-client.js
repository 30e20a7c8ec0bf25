// @wix/sdk's createClient alone: what every row of the drop-in table has in common.
export { createClient } from '@wix/sdk';

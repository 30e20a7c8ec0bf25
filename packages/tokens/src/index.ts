/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/tokens';
 * console.log(PACKAGE_NAME); // '@site-identity/tokens'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/tokens';

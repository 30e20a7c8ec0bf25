/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/http';
 * console.log(PACKAGE_NAME); // '@site-identity/http'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/http';

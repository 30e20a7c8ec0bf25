/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/redirects';
 * console.log(PACKAGE_NAME); // '@site-identity/redirects'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/redirects';

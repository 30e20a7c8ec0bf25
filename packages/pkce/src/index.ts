/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/pkce';
 * console.log(PACKAGE_NAME); // '@site-identity/pkce'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/pkce';

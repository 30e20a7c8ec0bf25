/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/member-auth';
 * console.log(PACKAGE_NAME); // '@site-identity/member-auth'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/member-auth';

/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/mock-platform';
 * console.log(PACKAGE_NAME); // '@site-identity/mock-platform'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/mock-platform';

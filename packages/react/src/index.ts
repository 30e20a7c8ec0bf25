/**
 * The npm name of this package.
 *
 * @example
 * ```ts
 * import { PACKAGE_NAME } from '@site-identity/react';
 * console.log(PACKAGE_NAME); // '@site-identity/react'
 * ```
 */
export const PACKAGE_NAME = '@site-identity/react';

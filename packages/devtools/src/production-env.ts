declare const process: { env: Record<string, string | undefined> } | undefined;

/**
 * Whether the app was built or runs with `NODE_ENV=production`: bundlers replace
 * `process.env.NODE_ENV`; a page without a bundler has no `process`. @internal
 */
export function isProductionEnv(): boolean {
  try {
    return process!.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

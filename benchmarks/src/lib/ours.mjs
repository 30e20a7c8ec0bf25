// Loading our own packages, which may not be written or built yet. A missing
// package or export is reported as "not available yet", never as a number.
import { setTimeout as sleep } from 'node:timers/promises';

export const NOT_AVAILABLE = 'not available yet';

/** Thrown when a package or one of the names a measurement needs is missing. */
export class NotAvailable extends Error {
  name = 'NotAvailable';
}

const missingModule = (error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED';

/** One import per package and process, however many rows need it. */
const modules = new Map();

/**
 * Imports `specifier`, retrying for a while when its `dist/` is missing,
 * because another build may be replacing it right now.
 */
async function importWithRetry(specifier, attempts, delayMs) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await import(specifier);
    } catch (error) {
      if (!missingModule(error)) throw error;
      if (attempt >= attempts) throw new NotAvailable(`${specifier} is not built`);
      await sleep(delayMs);
    }
  }
}

/** Imports `specifier` and returns the module once every name in `names` is exported. */
export async function loadOurs(specifier, names, { attempts = 15, delayMs = 2000 } = {}) {
  if (!modules.has(specifier))
    modules.set(specifier, importWithRetry(specifier, attempts, delayMs));
  const module = await modules.get(specifier);
  const missing = names.filter((name) => module[name] === undefined);
  if (missing.length > 0)
    throw new NotAvailable(`${specifier} does not export ${missing.join(', ')} yet`);
  return module;
}

/** `true` when `error` means "not there yet" rather than "broken". */
export function isNotAvailable(error) {
  return error instanceof NotAvailable;
}

/** The text a table cell shows for a failed measurement. */
export function failure(error) {
  if (isNotAvailable(error)) return NOT_AVAILABLE;
  const message = String(error?.message ?? error).split('\n')[0];
  return `error: ${message.length > 120 ? `${message.slice(0, 117)}...` : message}`;
}

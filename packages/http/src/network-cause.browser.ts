/**
 * `networkCause` where the `browser` condition resolves `#network-cause`: a
 * browser's `fetch` rejects with a bare `TypeError` ("Failed to fetch", "Load
 * failed") and no operating-system code in its causes, so there is nothing to
 * read, and browser bundles do not carry the Node diagnosis of
 * `./network-cause.ts`. Always `undefined`, whatever it is given.
 */
export function networkCause(): undefined {
  return undefined;
}

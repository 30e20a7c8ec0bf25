// Runs one measurement module in its own process and prints its result as one
// JSON line after a marker, so that the runner can tell it from any other output.
// Usage: node --expose-gc src/lib/child.mjs src/measurements/<name>.mjs
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { MARKER } from './marker.mjs';

const file = process.argv[2];
try {
  const measurement = await import(pathToFileURL(resolve(file)).href);
  const result = await measurement.measure();
  process.stdout.write(`\n${MARKER}${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  console.error(error?.stack ?? error);
  process.exit(1);
}

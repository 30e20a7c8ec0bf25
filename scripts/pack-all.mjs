#!/usr/bin/env node
// Packs every published package the way it would be published (`pnpm pack` turns the
// workspace ranges between them into ordinary ones, `^0.0.0` today), to try them in a
// project outside the monorepo before they are on the registry.
// Usage: node scripts/pack-all.mjs [destination]   (default .packs/; build first)
// Prints what to put in the project's package.json: the tarballs it depends on, and
// `overrides` so that what the tarballs need of each other comes from the tarballs too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Packs every public package into `destination`; answers `{ [name]: tarball path }`. */
export function packAll(destination) {
  mkdirSync(destination, { recursive: true });
  const tarballs = {};
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.private) continue;
    const result = spawnSync('pnpm', ['pack', '--pack-destination', destination, '--json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`pnpm pack failed for ${manifest.name}:\n${result.stdout}${result.stderr}`);
    const { filename } = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
    tarballs[manifest.name] = join(destination, basename(filename));
  }
  return tarballs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tarballs = packAll(resolve(process.argv[2] ?? join(root, '.packs')));
  const files = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  );
  console.log("Packed. In your project's package.json, depend on the ones you use, e.g.");
  console.log(`  "dependencies": { "@site-identity/tokens": "${files['@site-identity/tokens']}" }`);
  console.log('and add, so that what they need of each other comes from these tarballs too:');
  console.log(`  "overrides": ${JSON.stringify(files, null, 4).replace(/\n}/, '\n  }')}`);
  console.log('then run npm install.');
}

#!/usr/bin/env node
// mock-platform [--port 4010] [--host 127.0.0.1] [--require-email-verification]
//               [--require-owner-approval] [--captcha off|invisible|visible]
//               [--refresh-token-reuse reject|revoke-family] [--seed seed.json]
//               [--client my-app --redirect-uri URL... --allowed-origin ORIGIN...]...
//               [--unpublished]
import { readFile } from 'node:fs/promises';
import { isMockPlatformError } from './mock-platform-error';
import type { MockClient, RefreshTokenReuse } from './options';
import { addClientFlag, CLIENT_FLAGS, strictnessNote, type CliClient } from './cli-clients';
import { createMockPlatform, type MockPlatform } from './platform';
import { parseSeedFile, type SeedFile } from './seed-file';
import { startMockPlatformServer } from './server';

const USAGE = `Usage: mock-platform [--port 4010] [--host 127.0.0.1] [--require-email-verification]
                     [--require-owner-approval] [--captcha off|invisible|visible]
                     [--refresh-token-reuse reject|revoke-family] [--seed seed.json]
                     [--client my-app [--redirect-uri URL]... [--allowed-origin ORIGIN]...]...
                     [--unpublished]
  --client: an OAuth app of the site, as strict as the platform: only the client ids
          given are accepted, each with exactly its --redirect-uri values (repeatable),
          and its hosted pages post answers only to its --allowed-origin values
          (repeatable; default: the origins of its redirect URIs). Without --client the
          platform is lenient: any client id, any https (or loopback http) redirect URI,
          any origin.
  --unpublished: the site is not published: every call is refused (403).
  --seed: the members (and data collections) to create at every start: a JSON array of
          members, e.g. [{ "email": "ada@example.com", "password": "secret" }], or
          { "members": [...], "collections": [{ "id": "Products", "read": "ANYONE", "items": [...] }] }`;

function fail(message: string): never {
  process.stderr.write(`mock-platform: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(argv: readonly string[]): Promise<void> {
  let port = 4010;
  let host = '127.0.0.1';
  let captcha: 'off' | 'invisible' | 'visible' = 'off';
  let requireEmailVerification = false;
  let requireOwnerApproval = false;
  let refreshTokenReuse: RefreshTokenReuse = 'reject';
  let seed: string | undefined;
  let published = true;
  const clients: CliClient[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => argv[++i] ?? fail(`${arg} needs a value`);
    if (arg === '--port' || arg === '-p') port = Number(value());
    else if (arg === '--host') host = value();
    else if (arg === '--seed') seed = value();
    else if (arg === '--captcha') {
      const mode = value();
      if (mode !== 'off' && mode !== 'invisible' && mode !== 'visible')
        fail('--captcha must be off, invisible or visible');
      captcha = mode;
    } else if (arg === '--refresh-token-reuse') {
      const mode = value();
      if (mode !== 'reject' && mode !== 'revoke-family')
        fail(`--refresh-token-reuse must be reject or revoke-family, got ${JSON.stringify(mode)}`);
      refreshTokenReuse = mode;
    } else if (arg === '--require-email-verification') requireEmailVerification = true;
    else if (arg === '--require-owner-approval') requireOwnerApproval = true;
    else if (arg === '--unpublished') published = false;
    else if (CLIENT_FLAGS.includes(arg ?? '')) {
      const problem = addClientFlag(clients, arg!, value());
      if (problem !== undefined) fail(problem);
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return;
    } else fail(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail('--port must be an integer between 0 and 65535');
  let seeded: SeedFile = { members: [] };
  if (seed !== undefined) {
    let text: string;
    try {
      text = await readFile(seed, 'utf8');
    } catch (error) {
      fail(
        `--seed ${seed} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
    try {
      seeded = parseSeedFile(text, seed);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  let platform: MockPlatform;
  try {
    platform = createMockPlatform({
      site: { captcha, requireEmailVerification, requireOwnerApproval, published },
      refreshTokenReuse,
      ...(clients.length > 0 && { clients: clients satisfies MockClient[] }),
      ...seeded,
    });
  } catch (error) {
    if (isMockPlatformError(error)) fail(error.message);
    throw error;
  }
  const server = await startMockPlatformServer({ port, host, platform });
  const counted = (count: number, noun: string): string =>
    `${count} ${noun}${count === 1 ? '' : 's'}`;
  const { members, collections } = seeded;
  const seededNote =
    seed === undefined
      ? ''
      : ` with ${counted(members.length, 'member')}${collections === undefined ? '' : ` and ${counted(collections.length, 'collection')}`} from ${seed}`;
  process.stdout.write(`mock-platform listening on ${server.url}${seededNote}\n`);
  process.stdout.write(`${strictnessNote(clients, published)}\n`);
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `mock-platform: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

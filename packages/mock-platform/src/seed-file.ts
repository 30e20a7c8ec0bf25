import { collectionInputProblem, type CollectionInput } from './collections';
import type { MemberInput } from './members';

/**
 * What a `--seed` file creates: its members and, when it names them, its collections
 * (otherwise the platform's default collections).
 */
export interface SeedFile {
  readonly members: readonly MemberInput[];
  readonly collections?: readonly CollectionInput[];
}

function fileProblem(path: string, problem: string): Error {
  return new Error(`--seed ${path}: ${problem}`);
}

/**
 * The members and collections of a `--seed` file: a JSON array of member inputs, as in
 * `createMockPlatform({ members })`, or an object `{ "members": [...], "collections": [...] }`
 * (collections as in `createMockPlatform({ collections })`), e.g.
 * `{ "members": [{ "email": "ada@example.com", "password": "secret" }], "collections": [{ "id": "Products", "read": "ANYONE", "items": [{ "title": "Mug" }] }] }`.
 * Each member's fields are checked by the platform when it is created. Throws an
 * `Error` naming the file, what was expected and what came. @internal
 */
export function parseSeedFile(text: string, path: string): SeedFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`--seed ${path} must be JSON; ${(error as Error).message}`, { cause: error });
  }
  const record = Array.isArray(parsed) ? undefined : (parsed as Record<string, unknown> | null);
  const members = Array.isArray(parsed) ? parsed : record?.['members'];
  if (!Array.isArray(members))
    throw new Error(
      `--seed ${path} must hold a JSON array of members ([{ "email": "…", "password": "…" }]); got ${parsed === null ? 'null' : typeof parsed}`,
    );
  members.forEach((member: unknown, index) => {
    if (typeof (member as { email?: unknown } | null)?.email !== 'string')
      throw fileProblem(
        path,
        `member ${index} must be an object with an "email" string; got ${JSON.stringify(member)?.slice(0, 80)}`,
      );
  });
  const collections = record?.['collections'];
  if (collections === undefined) return { members: members as MemberInput[] };
  if (!Array.isArray(collections))
    throw fileProblem(
      path,
      `"collections" must be an array of { "id", "read"?, "items"? }; got ${collections === null ? 'null' : typeof collections}`,
    );
  collections.forEach((collection: unknown) => {
    const problem = collectionInputProblem(collection as Partial<CollectionInput> | null);
    if (problem !== undefined) throw fileProblem(path, problem);
  });
  return { members: members as MemberInput[], collections: collections as CollectionInput[] };
}

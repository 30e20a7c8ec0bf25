import type { MemberInput } from './members';

/**
 * The members of a `--seed` file: a JSON array of member inputs, as in
 * `createMockPlatform({ members })`, e.g.
 * `[{ "email": "ada@example.com", "password": "secret" }, { "email": "bob@example.com", "password": "pw", "emailVerified": false }]`.
 * Each member's fields are checked by the platform when it is created. Throws an
 * `Error` naming the file, what was expected and what came. @internal
 */
export function parseSeedFile(text: string, path: string): readonly MemberInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`--seed ${path} must be JSON; ${(error as Error).message}`, { cause: error });
  }
  const members = Array.isArray(parsed)
    ? parsed
    : (parsed as { members?: unknown } | null)?.members;
  if (!Array.isArray(members))
    throw new Error(
      `--seed ${path} must hold a JSON array of members ([{ "email": "…", "password": "…" }]); got ${parsed === null ? 'null' : typeof parsed}`,
    );
  members.forEach((member: unknown, index) => {
    if (typeof (member as { email?: unknown } | null)?.email !== 'string')
      throw new Error(
        `--seed ${path}: member ${index} must be an object with an "email" string; got ${JSON.stringify(member)?.slice(0, 80)}`,
      );
  });
  return members as MemberInput[];
}

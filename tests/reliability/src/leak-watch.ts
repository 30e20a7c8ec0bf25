// What the suite watches for leaks: every secret the platform issued or the
// library generated (tokens, session and state tokens, codes, code verifiers),
// every error the tests saw and every console line. `src/setup.ts` scans them
// after each test; a secret inside an error message or a log line fails the test.

/** Secrets shorter than this are left out: six-digit codes would match by chance. */
const MIN_SECRET_LENGTH = 16;

/** Field names whose string values are secrets, in answers and request bodies. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'sessionToken',
  'stateToken',
  'recoveryToken',
  'code',
  'codeVerifier',
  'value',
]);

const secrets = new Map<string, string>();
const errors: unknown[] = [];
const logLines: string[] = [];
const pending = new Set<Promise<unknown>>();

/** Remembers `value` as a secret of kind `kind` (`'access token'`, `'code verifier'`, …). */
export function rememberSecret(value: unknown, kind: string): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.set(value, kind);
}

/** Every secret remembered so far, with its kind. */
export function knownSecrets(): ReadonlyMap<string, string> {
  return secrets;
}

/** Remembers the secret fields of a JSON value, at any depth. */
export function rememberSecretsIn(value: unknown, depth = 0): void {
  if (depth > 8 || typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' && SECRET_FIELDS.has(key)) {
      // An error body's `code` is a constant such as INVALID_GRANT, not a secret.
      if (!(key === 'code' && /^[A-Z0-9_-]+$/.test(field))) rememberSecret(field, key);
    } else rememberSecretsIn(field, depth + 1);
  }
}

/** Remembers `code`, `state`-less secrets carried in a URL's query or fragment (a hosted page's redirect). */
export function rememberSecretsInUrl(href: string | null | undefined): void {
  if (!href) return;
  try {
    const url = new URL(href, 'https://base.invalid');
    for (const params of [url.searchParams, new URLSearchParams(url.hash.slice(1))]) {
      for (const field of ['code', 'sessionToken']) rememberSecret(params.get(field), field);
    }
  } catch {
    // Not a URL: nothing to remember.
  }
}

/** Reads the JSON body of a copy of `message` (request or response) in the background and remembers its secrets. */
export function harvest(message: Request | Response): void {
  let copy: Request | Response;
  try {
    copy = message.clone();
  } catch {
    return;
  }
  const job = copy
    .text()
    .then((text) => {
      try {
        rememberSecretsIn(JSON.parse(text));
      } catch {
        // Not JSON (an HTML page, an empty or truncated body).
      }
    })
    .catch(() => undefined);
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Waits for the bodies `harvest` is still reading. */
export async function harvested(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Hands an error (or a failed result's cause) to the leak scan; returns it. */
export function collectError<T>(error: T): T {
  errors.push(error);
  return error;
}

/** Every error collected so far in this test file. */
export function collectedErrors(): readonly unknown[] {
  return errors;
}

/** Every console line captured so far in this test file. */
export function collectedLogLines(): readonly string[] {
  return logLines;
}

/** Remembers a console line. */
export function collectLogLine(line: string): void {
  logLines.push(line);
}

/** The messages of `error` and of its causes (depth 6), and its `error` text if it is a failed result. */
export function messagesOf(error: unknown, depth = 0): string[] {
  if (depth > 6 || error === null || error === undefined) return [];
  if (typeof error === 'string') return [error];
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a function's text is checked too
  if (typeof error !== 'object') return [String(error)];
  const {
    message,
    cause,
    error: text,
    stack,
  } = error as { message?: unknown; cause?: unknown; error?: unknown; stack?: unknown };
  const own = [message, text, stack].filter((part): part is string => typeof part === 'string');
  return [...own, ...messagesOf(cause, depth + 1)];
}

/** A console call as one line: strings as they are, errors by their messages, anything else as JSON. */
export function formatLogArguments(args: readonly unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === 'string') return arg;
      if (arg instanceof Error || (typeof arg === 'object' && arg !== null && 'message' in arg))
        return messagesOf(arg).join(' | ');
      try {
        return JSON.stringify(arg);
      } catch {
        return String(arg);
      }
    })
    .join(' ');
}

/** A secret found where it must not be. */
export interface Leak {
  readonly kind: string;
  readonly where: string;
}

/** Every secret of `known` that appears in one of `texts`. */
export function leaksIn(
  texts: readonly { text: string; where: string }[],
  known: ReadonlyMap<string, string>,
): Leak[] {
  const leaks: Leak[] = [];
  for (const { text, where } of texts) {
    for (const [secret, kind] of known) {
      if (text.includes(secret))
        leaks.push({
          kind,
          where: `${where}: ${text.split(secret).join(`<${kind}>`).slice(0, 160)}`,
        });
    }
  }
  return leaks;
}

/** Every secret that appears in a collected error message or a console line since `from` (indices into both lists). */
export function findLeaks(
  from: { errors: number; logLines: number } = { errors: 0, logLines: 0 },
): Leak[] {
  return leaksIn(
    [
      ...errors
        .slice(from.errors)
        .flatMap((error) => messagesOf(error).map((text) => ({ text, where: 'error message' }))),
      ...logLines.slice(from.logLines).map((text) => ({ text, where: 'console line' })),
    ],
    secrets,
  );
}

/** Where the lists stand now, for {@link findLeaks}. */
export function watermark(): { errors: number; logLines: number } {
  return { errors: errors.length, logLines: logLines.length };
}

import { isRecord } from '@site-identity/http/internal';
import { problem } from './answers';

/**
 * A form post must come from the site itself: an `Origin` of another site (or of
 * `null`, a sandboxed page) is refused, so no other site can log a member in or out.
 * @internal
 */
export function crossOrigin(request: Request, origin: URL): Response | undefined {
  const from = request.headers.get('origin');
  if (from === null || from === origin.origin) return undefined;
  return problem(request, 403, 'FORBIDDEN_ORIGIN', 'A form post from another origin is refused');
}

/** A form or JSON body as a record of strings; `undefined` when it is neither. @internal */
export async function readFields(request: Request): Promise<Record<string, string> | undefined> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (/application\/json/i.test(type)) {
      const body: unknown = await request.json();
      if (!isRecord(body)) return undefined;
      return Object.fromEntries(
        Object.entries(body).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
    if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === 'string') fields[name] ??= value;
      return fields;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

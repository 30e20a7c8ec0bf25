/** What a network failure's cause says, as far down as Node's `fetch` puts it. */
interface CauseFields {
  readonly code?: unknown;
  readonly hostname?: unknown;
  readonly address?: unknown;
  readonly port?: unknown;
  readonly cause?: unknown;
}

/**
 * The operating system's code of a failed request (`ECONNREFUSED`, `ENOTFOUND`,
 * `ERR_SSL_…`) found in `error` or its causes, with the words that tell the
 * developer what it means for the host of `url` (none for a path that could not be
 * resolved); `undefined` where there is none (a browser's `fetch` says only
 * "Failed to fetch").
 */
export function networkCause(
  error: unknown,
  url: URL | string,
): { code: string; reason: string } | undefined {
  const host = typeof url === 'object' ? url.host : '';
  let at: unknown = error;
  for (let depth = 0; depth < 6 && typeof at === 'object' && at !== null; depth += 1) {
    const { code, hostname, address, port } = at as CauseFields;
    if (typeof code === 'string' && /^E[A-Z_]+$|^ERR_/.test(code)) {
      const target =
        typeof address === 'string' && typeof port === 'number' ? `${address}:${port}` : host;
      const reason =
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? `the host ${typeof hostname === 'string' ? hostname : host} was not found (${code}); check the host name`
          : code === 'ECONNREFUSED'
            ? `nothing listens on ${target} (${code}); is the server running, on that port?`
            : /SSL|TLS|EPROTO/.test(code)
              ? `${host} does not answer in TLS (${code}); is it http, not https?`
              : `${code} from ${target}`;
      return { code, reason };
    }
    at = (at as CauseFields).cause;
  }
  return undefined;
}

import { isLoopbackHost } from './options';

/**
 * Why the HTTP server refuses a request to the control API (`/_mock/…`), or
 * `undefined` when it may go on. The control API adds members, injects faults and
 * shows the e-mail codes: on a developer's machine it must answer that machine only.
 *
 * - The `Host` header must name a loopback host (`localhost`, `*.localhost`,
 *   `127.x.x.x`, `[::1]`) or the host the server was started on: a DNS-rebinding page
 *   (a name of the attacker's that now points at 127.0.0.1) sends its own name and is
 *   refused (421).
 * - An `Origin`, when a browser sends one, must be a loopback http(s) origin: any other
 *   web page is refused (403), whatever it asks.
 * - A body must be `application/json` (its media type parsed, not matched): a
 *   `text/plain` or form body, which a page can send without a CORS preflight, is
 *   refused (415).
 *
 * @example
 * ```ts
 * controlRefusal({ method: 'POST', host: '127.0.0.1:4010', origin: 'https://evil.example', contentType: 'application/json', hasBody: true }, '127.0.0.1');
 * // { status: 403, message: 'The control API answers loopback origins only; got Origin "https://evil.example"' }
 * ```
 * @see https://fetch.spec.whatwg.org/#cors-safelisted-request-header
 */
export function controlRefusal(
  request: {
    readonly method: string;
    readonly host: string | undefined;
    readonly origin: string | undefined;
    readonly contentType: string | undefined;
    readonly hasBody: boolean;
  },
  listenHost: string,
): { readonly status: 403 | 415 | 421; readonly message: string } | undefined {
  const hostname = hostnameOf(request.host);
  const listening = listenHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    hostname === undefined ||
    !(isLoopbackHost(hostname) || hostname.replace(/^\[|\]$/g, '') === listening)
  )
    return {
      status: 421,
      message: `The control API answers requests for this machine only (Host localhost, 127.0.0.1 or [::1]); got Host ${JSON.stringify(request.host ?? '')}`,
    };
  if (request.origin !== undefined && !isLoopbackOrigin(request.origin))
    return {
      status: 403,
      message: `The control API answers loopback origins only; got Origin ${JSON.stringify(request.origin.slice(0, 100))}`,
    };
  const type = (request.contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (request.hasBody && type !== 'application/json')
    return {
      status: 415,
      message: `The control API takes JSON bodies only (Content-Type: application/json); got ${type === '' ? 'no Content-Type' : JSON.stringify(type)}`,
    };
  return undefined;
}

/** The host name of a `Host` header (`127.0.0.1:4010` → `127.0.0.1`, `[::1]:80` → `[::1]`). */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** Whether `origin` is an http(s) origin on a loopback host. */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

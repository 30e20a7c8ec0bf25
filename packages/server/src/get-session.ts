import { invalid, optionsOf } from '@site-identity/http/internal';
import type { Tokens } from '@site-identity/tokens';
import { invalidArgument } from './server-identity-error';
import type { RequestLike } from './request-origin';
import type { ResolvedSession } from './resolve-session';
import type { GetSessionOptions, ServerSession } from './server-identity-types';
import type { MemberRead } from './session-member';

/** What `getSession` was asked for, checked. */
interface Wanted {
  readonly member: boolean;
  readonly refresh: boolean;
}

/** `getSession`'s options, checked before anything is read or sent. */
function wantedOf(options: GetSessionOptions | undefined): Wanted {
  const { member } = optionsOf<GetSessionOptions>(options, 'options', invalidArgument);
  if (member === undefined || member === null) return { member: false, refresh: false };
  if (typeof member === 'boolean') return { member, refresh: false };
  const { refresh = false } = optionsOf<{ refresh?: boolean }>(
    member,
    'options.member',
    invalidArgument,
  );
  if (typeof refresh !== 'boolean')
    throw invalid(
      { name: 'options.member.refresh', expected: 'a boolean', value: refresh },
      invalidArgument,
    );
  return { member: true, refresh };
}

/**
 * `getSession` over a session resolver: the snapshot (never a token), the access
 * token when the session is usable, the `Set-Cookie` headers to add, and, when asked,
 * the member read through the members API (tokens it renewed stored too). @internal
 */
export function sessionGetter(
  resolve: (request: RequestLike) => Promise<ResolvedSession>,
  readMember: (tokens: Tokens, read: { readonly refresh: boolean }) => Promise<MemberRead>,
): (request: RequestLike, options?: GetSessionOptions) => Promise<ServerSession> {
  return async (request, options) => {
    if (!(request?.headers instanceof Headers))
      throw invalid(
        { name: 'request', expected: 'a Request or { headers: Headers }', value: request },
        invalidArgument,
      );
    const wanted = wantedOf(options);
    const resolved = await resolve(request);
    const { error } = resolved;
    let { tokens, setCookies } = resolved;
    const valid = tokens && error === undefined ? tokens : undefined;
    let member: MemberRead | undefined;
    if (wanted.member) {
      member = valid ? await readMember(valid, wanted) : { member: null };
      if (member.renewed) setCookies = await resolved.store((tokens = member.renewed));
    }
    const usable = member?.renewed ?? valid;
    const headers = new Headers();
    for (const line of setCookies) headers.append('set-cookie', line);
    return {
      snapshot: Object.freeze({ status: tokens?.refreshToken.role ?? 'none', tokens: null }),
      accessToken: usable?.accessToken.value,
      expiresAt: usable?.accessToken.expiresAt,
      headers,
      ...(error !== undefined && { error }),
      ...(member && { member: member.member }),
      ...(member?.error !== undefined && { memberError: member.error }),
    };
  };
}

import { NextResponse, type NextRequest } from 'next/server';
import { withSessionCookies } from '@site-identity/server';
import { identity } from './lib/identity';

/** Renews the session (or mints a visitor's) before any page renders, and passes the cookie on. */
export async function proxy(request: NextRequest) {
  const { headers } = await identity.getSession(request);
  const response = NextResponse.next({
    request: { headers: withSessionCookies(request.headers, headers) },
  });
  for (const cookie of headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}

export const config = { matcher: ['/((?!auth/|_next/|favicon.ico).*)'] };

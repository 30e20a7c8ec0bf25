import type { RouteHandler } from './context';
import {
  changePasswordRoute,
  loginRoute,
  logoutRoute,
  registerRoute,
  signOnRoute,
} from './routes/authentication';
import { queryDataItemsRoute } from './routes/data-items';
import { verifyFactorRoute } from './routes/factor-verify';
import {
  authorizePageRoute,
  intentPageRoute,
  loginPageRoute,
  resetPasswordPageRoute,
} from './routes/hosted';
import { getMyMemberRoute, updateMemberRoute } from './routes/members-api';
import { activationEmailRoute, recoverRoute, sendRecoveryEmailRoute } from './routes/recovery';
import { redirectSessionRoute } from './routes/redirect-session';
import { resendRoute, startVerificationRoute, verifyRoute } from './routes/verification';

/**
 * Who may call a route: anyone (a token, if sent, must be valid), any valid token, or a member's token.
 *
 * @example
 * ```ts
 * const access: RouteAccess = 'member';
 * ```
 */
export type RouteAccess = 'public' | 'token' | 'member';

/**
 * One row of the route table.
 *
 * @example
 * ```ts
 * const route: Route = { methods: ['POST'], path: '/_api/iam/authentication/v2/login', access: 'public', handler: loginRoute };
 * ```
 */
export interface Route {
  readonly methods: readonly string[];
  readonly path: string | RegExp;
  readonly access: RouteAccess;
  readonly handler: RouteHandler;
}

const AUTH = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';
const REDIRECTS = '/_api/redirects-api';
// The members and data services, at the paths `@wix/sdk` resolves for the API host
// (`/members/v1/members`, `/wix-data/v2`) and for a site's own host (`/_api/members/v1/members`,
// `/_api/cloud-data/v2`).
const MY_MEMBER = /^(?:\/_api)?\/members\/v1\/members\/my$/;
const MEMBER_BY_ID = /^(?:\/_api)?\/members\/v1\/members\/([^/]+)$/;
const DATA_ITEMS_QUERY = /^\/(?:wix-data|_api\/cloud-data)\/v2\/items\/query$/;
const INTENT_PAGES =
  /^\/_hosted\/(bookingsCheckout|ecomCheckout|eventsCheckout|paidPlansCheckout|storesProduct|bookingsBook)$/;

/**
 * Every platform path the emulator answers (the token endpoint and `/_mock/` are handled apart).
 *
 * @example
 * ```ts
 * ROUTES.map((route) => route.path);
 * ```
 */
export const ROUTES: readonly Route[] = [
  { methods: ['POST'], path: `${AUTH}/v2/register`, access: 'public', handler: registerRoute },
  { methods: ['POST'], path: `${AUTH}/v2/login`, access: 'public', handler: loginRoute },
  {
    methods: ['POST'],
    path: `${AUTH}/v2/change-password`,
    access: 'member',
    handler: changePasswordRoute,
  },
  { methods: ['POST'], path: `${AUTH}/v2/sign-on`, access: 'public', handler: signOnRoute },
  { methods: ['GET'], path: `${AUTH}/v1/logout`, access: 'public', handler: logoutRoute },
  {
    methods: ['POST'],
    path: /^\/_api\/iam\/authentication\/v2\/([A-Za-z_]+)\/verify$/,
    access: 'public',
    handler: verifyFactorRoute,
  },
  {
    methods: ['POST'],
    path: `${RECOVERY}/v1/send-email`,
    access: 'public',
    handler: sendRecoveryEmailRoute,
  },
  {
    methods: ['POST'],
    path: `${RECOVERY}/v1/activation-email`,
    access: 'public',
    handler: activationEmailRoute,
  },
  { methods: ['POST'], path: `${RECOVERY}/v1/recover`, access: 'public', handler: recoverRoute },
  {
    methods: ['POST'],
    path: `${VERIFICATION}/v1/Start`,
    access: 'public',
    handler: startVerificationRoute,
  },
  {
    methods: ['POST'],
    path: `${VERIFICATION}/v1/auth/verify`,
    access: 'public',
    handler: verifyRoute,
  },
  {
    methods: ['POST'],
    path: `${VERIFICATION}/v1/auth/resend`,
    access: 'public',
    handler: resendRoute,
  },
  {
    methods: ['POST'],
    path: `${REDIRECTS}/v1/redirect-session`,
    access: 'token',
    handler: redirectSessionRoute,
  },
  { methods: ['GET'], path: MY_MEMBER, access: 'member', handler: getMyMemberRoute },
  { methods: ['PATCH'], path: MEMBER_BY_ID, access: 'member', handler: updateMemberRoute },
  {
    methods: ['GET', 'POST'],
    path: DATA_ITEMS_QUERY,
    access: 'token',
    handler: queryDataItemsRoute,
  },
  {
    methods: ['GET', 'POST'],
    path: '/_hosted/oauth2/authorize',
    access: 'public',
    handler: authorizePageRoute,
  },
  { methods: ['GET', 'POST'], path: '/_hosted/login', access: 'public', handler: loginPageRoute },
  {
    methods: ['GET', 'POST'],
    path: '/_hosted/reset-password',
    access: 'public',
    handler: resetPasswordPageRoute,
  },
  { methods: ['GET'], path: INTENT_PAGES, access: 'public', handler: intentPageRoute },
];

/**
 * A route found for a path: the route, its regex groups, and whether the method fits.
 *
 * @example
 * ```ts
 * const match: RouteMatch = findRoute('GET', '/nowhere'); // { kind: 'none' }
 * ```
 */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly params: readonly string[] }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

/**
 * Finds the route of a method and path.
 *
 * @example
 * ```ts
 * findRoute('POST', '/_api/iam/authentication/v2/login').kind; // 'found'
 * ```
 */
export function findRoute(
  method: string,
  path: string,
  routes: readonly Route[] = ROUTES,
): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    let params: readonly string[] | undefined;
    if (typeof route.path === 'string') params = route.path === path ? [] : undefined;
    else params = route.path.exec(path)?.slice(1);
    if (params === undefined) continue;
    if (route.methods.includes(method)) return { kind: 'found', route, params };
    allowed.push(...route.methods);
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}

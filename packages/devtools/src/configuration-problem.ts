import {
  configurationRefusal,
  type ConfigurationRefusal,
  type HeardRefusal,
} from '@site-identity/member-auth/internal';
import type { HeardFailure, RedirectsCall } from '@site-identity/redirects/internal';
import type { TokenManager } from '@site-identity/tokens';

/** How many configuration problems the panel lists, the last seen first. @internal */
export const MAX_PROBLEMS = 5;

/**
 * A configuration problem as the panel lists it: what was refused (`cause`), the
 * setting to change (`fix`), the error's own account (`detail`: the URL, the status,
 * the platform's words), who met it (`seenBy`, the last first), when last (`at`) and
 * how many times. @internal
 */
export interface ConfigurationProblem {
  readonly cause: string;
  readonly fix: string;
  readonly detail: string;
  readonly seenBy: readonly string[];
  readonly at: number;
  readonly times: number;
}

/** Who met a refusal, as the panel names it. @internal */
export const TOKENS_SOURCE = 'token manager';

/** A member client's call as the panel names it (`verify` is either verification). */
const CALLS: Record<HeardRefusal['call'], string> = {
  register: 'memberAuth.register',
  login: 'memberAuth.login',
  verify: 'memberAuth.verifyEmail/verifyFactor',
};

/** The member client's call that met `refusal`, as the panel names it. @internal */
export const memberAuthSource = (refusal: HeardRefusal): string => CALLS[refusal.call];

/** The calls of a redirect client that are separate imports taking it, not its methods. */
const SEPARATE_IMPORTS: readonly RedirectsCall[] = ['loginWithPopup', 'prewarm'];

/**
 * The redirect client's call that met `failure`, as the panel names it: a method of the
 * client (`redirects.silentLogin`), or the separate import that took it
 * (`loginWithPopup`, `prewarm`). @internal
 */
export const redirectsSource = ({ call }: HeardFailure): string =>
  SEPARATE_IMPORTS.includes(call) ? call : `redirects.${call}`;

/**
 * A failure the token manager reported, diagnosed by the one rule member-auth answers
 * `SITE_MISCONFIGURED` by (`configurationRefusal`), with the client id and API base the
 * manager sends: a refusal of the token endpoint caused by the app's configuration, or
 * `undefined` for a moment's trouble (network, time-out, server failure) and a refresh
 * token the endpoint no longer takes. @internal
 */
export const tokensRefusal = (
  error: unknown,
  tokens: TokenManager,
): ConfigurationRefusal | undefined =>
  configurationRefusal(error, { clientId: tokens.clientId, base: tokens.apiBaseUrl });

/**
 * A failure of the redirect client's own calls, diagnosed by the same rule with the
 * client id and API base the redirect client sends (its own `apiBaseUrl` may differ
 * from the token manager's). @internal
 */
export const redirectsRefusal = ({ error, sent }: HeardFailure): ConfigurationRefusal | undefined =>
  configurationRefusal(error, sent);

/**
 * `problems` with `refusal`, met by `source` at `at`, first: the same cause and fix met
 * again (by the same source or another: a login refused because the token endpoint
 * refused is met by both) moves to the top, counted, its sources the last first; at most
 * {@link MAX_PROBLEMS}. @internal
 */
export function withProblem(
  problems: readonly ConfigurationProblem[],
  seen: { readonly refusal: ConfigurationRefusal; readonly source: string; readonly at: number },
): ConfigurationProblem[] {
  const { refusal, source, at } = seen;
  const { cause, fix } = refusal;
  const same = problems.find((problem) => problem.cause === cause && problem.fix === fix);
  const problem: ConfigurationProblem = {
    cause,
    fix,
    detail: refusal.error.message,
    seenBy: [source, ...(same?.seenBy ?? []).filter((other) => other !== source)],
    at,
    times: (same?.times ?? 0) + 1,
  };
  return [problem, ...problems.filter((other) => other !== same)].slice(0, MAX_PROBLEMS);
}

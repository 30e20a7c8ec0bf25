import { parseJsonBody, type JsonObject, type PlatformRequest } from './context';
import { isMockPlatformError, MockPlatformError } from './mock-platform-error';
import type { FaultController, FaultSpec } from './faults';
import type { MockMember } from './members';
import { settingProblem, type PlatformSettings } from './options';
import { mfaControlRoute } from './control-mfa';
import { bareError, json } from './responses';
import type { PlatformState } from './state';

/**
 * The control API's view of a member (no password hash).
 *
 * @example
 * ```ts
 * json(publicMember(member));
 * ```
 */
export function publicMember(member: MockMember): JsonObject {
  return {
    id: member.id,
    email: member.email,
    hasPassword: member.passwordHash !== undefined,
    emailVerified: member.emailVerified,
    ownerApproved: member.ownerApproved,
    resetPasswordRequired: member.resetPasswordRequired,
    mfa: member.mfa ?? null,
    profile: member.profile,
    createdDate: member.createdDate,
  };
}

function updateSettings(settings: PlatformSettings, patch: JsonObject): Response {
  for (const [key, value] of Object.entries(patch)) {
    const problem = settingProblem(key, value);
    if (problem !== undefined) throw new MockPlatformError(problem, { code: 'INVALID_SETTING' });
  }
  Object.assign(settings, patch);
  return json(settings);
}

function toFault(body: JsonObject): FaultSpec {
  const { pathPattern, times, ...rest } = body;
  let path: RegExp | undefined;
  if (pathPattern !== undefined) {
    try {
      path = new RegExp(pathPattern as string);
    } catch {
      throw new MockPlatformError(
        `pathPattern must be a regular expression source, got ${JSON.stringify(pathPattern)}`,
        { code: 'INVALID_FAULT' },
      );
    }
  }
  return {
    ...(rest as unknown as FaultSpec),
    ...(path ? { path } : {}),
    ...(times === null || times === 'Infinity'
      ? { times: Infinity }
      : times !== undefined
        ? { times: times as number }
        : {}),
  };
}

/**
 * The emulator as the control API drives it.
 *
 * @example
 * ```ts
 * const platform: ControlledPlatform = { state, faults, reset, now: Date.now };
 * ```
 */
export interface ControlledPlatform {
  /** The emulator's state, which the control routes read and change. */
  readonly state: PlatformState;
  /** The pending faults, which `faults` adds to and clears. */
  readonly faults: FaultController;
  /** Clears the state and the faults (`POST reset`). */
  reset(): void;
  /** The emulator's clock (ms since the epoch). */
  now(): number;
}

/**
 * The JSON control API under `/_mock/` for the playground and end-to-end tests:
 * GET `state`, `outbox`, `requests`, `collections`; POST `settings`, `members`,
 * `collections` (adds or replaces one), `approve`, `faults`, `reset`; DELETE `faults`; the second factors' routes of {@link mfaControlRoute}. A fault is a {@link FaultSpec} as JSON, with `pathPattern`
 * (a RegExp source) for a RegExp `path` and `times: null` or `"Infinity"` for every
 * request. A bad setting or fault answers 400 with the code `INVALID_SETTING` or
 * `INVALID_FAULT` and a message naming the field. Over HTTP the server answers it
 * only for a loopback `Host` and `Origin`, and takes JSON bodies only
 * (`controlRefusal` in control-guard.ts).
 *
 * @example
 * ```ts
 * const headers = { 'content-type': 'application/json' };
 * await fetch(`${server.url}/_mock/settings`, { method: 'POST', headers, body: JSON.stringify({ refreshTokenReuse: 'revoke-family' }) });
 * await fetch(`${server.url}/_mock/faults`, { method: 'POST', headers, body: JSON.stringify({ path: '/oauth2/token', kind: 'lost', times: 1 }) });
 * ```
 */
export async function controlRoute(
  { request, path, rawBody }: PlatformRequest,
  platform: ControlledPlatform,
): Promise<Response> {
  const { state, faults } = platform;
  const route = `${request.method} ${path.slice('/_mock/'.length)}`;
  const body = request.method === 'POST' ? parseJsonBody(rawBody) : {};
  if (body instanceof Response) return body;
  try {
    switch (route) {
      case 'GET state':
        return json({
          settings: state.settings,
          members: [...state.members.values()].map(publicMember),
          counts: {
            outbox: state.outbox.length,
            requests: state.requests.length,
            tokens: state.tokens.size,
            sessions: state.sessions.size,
            refreshTokenReuses: state.refreshTokenReuses,
          },
          faults: faults.pending.map((fault) => ({
            ...fault,
            path: fault.path instanceof RegExp ? fault.path.source : fault.path,
          })),
        });
      case 'GET outbox':
        return json(state.outbox);
      case 'GET requests':
        return json(state.requests);
      case 'POST settings':
        return updateSettings(state.settings, body);
      case 'POST members':
        return json(publicMember(state.addMember(body as never)), 201);
      case 'GET collections':
        return json([...state.collections.values()]);
      case 'POST collections':
        return json(state.addCollection(body as never), 201);
      case 'POST approve':
        return json(
          publicMember(state.approveMember(typeof body['email'] === 'string' ? body['email'] : '')),
        );
      case 'POST faults':
        faults.inject(toFault(body));
        return json({ pending: faults.pending.length }, 201);
      case 'DELETE faults':
        faults.clear();
        return json({ pending: 0 });
      case 'POST reset':
        platform.reset();
        return json({});
      default:
        return (
          (await mfaControlRoute(route, { body, state, now: platform.now() })) ??
          bareError(404, `No control route for ${request.method} ${path}`)
        );
    }
  } catch (error) {
    if (!isMockPlatformError(error)) throw error;
    const status =
      error.code === 'MEMBER_NOT_FOUND' || error.code === 'PUSH_NOT_FOUND'
        ? 404
        : error.code === 'MEMBER_EXISTS'
          ? 409
          : 400;
    return json(
      {
        message: error.message,
        details: { applicationError: { code: error.code, description: error.message, data: {} } },
      },
      status,
    );
  }
}

// @vitest-environment happy-dom
// Wrong argument types anywhere in the public surface. Every function each package
// exports (walked from its export list), and every method of the objects its
// factories return, is called with null, undefined, numbers, strings, booleans,
// objects (with the option names the packages read), arrays and functions in each
// argument position, the other positions holding plausible values. A call may
// succeed; when it throws or rejects, the error is the package's own (its exported
// guard), and unless it is one of the package's invalid-input codes it carries no
// engine error (TypeError, RangeError, "Cannot read properties of …") in its message
// or causes. Every call settles within a bound. Seeded: the same calls every run.
import * as http from '@site-identity/http';
import * as memberAuth from '@site-identity/member-auth';
import * as memberAuthCaptcha from '@site-identity/member-auth/captcha';
import * as externalLogin from '@site-identity/member-auth/external-login';
import * as mockPlatform from '@site-identity/mock-platform';
import * as mockTesting from '@site-identity/mock-platform/testing';
import * as pkce from '@site-identity/pkce';
import * as redirects from '@site-identity/redirects';
import * as redirectsPopup from '@site-identity/redirects/popup';
import * as redirectSession from '@site-identity/redirects/redirect-session';
import * as server from '@site-identity/server';
import * as serverBrowser from '@site-identity/server/browser';
import * as tokens from '@site-identity/tokens';
import * as tokensAuthorizedClient from '@site-identity/tokens/authorized-client';
import * as tokensAutoRefresh from '@site-identity/tokens/auto-refresh';
import * as tokensInspection from '@site-identity/tokens/inspection';
import * as tokenRequestHeaders from '@site-identity/tokens/token-request-headers';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MEMBER, PAGE_ORIGIN, REDIRECT_URI, usePlatform, type World } from './harness';

const SEED = 20_261_123;
/** Argument lists per function: each position gets the same share. */
const RUNS = 24;
/** The longest a call may take to settle. */
const BOUND_MS = 2_000;
const API = 'https://www.wixapis.com';

type PackageName =
  'http' | 'pkce' | 'tokens' | 'redirects' | 'member-auth' | 'mock-platform' | 'server';

/** Each package's own error: its guard and the codes it gives bad input. */
const OWN: Record<PackageName, { guard: (value: unknown) => boolean; invalid: string[] }> = {
  http: { guard: http.isPlatformError, invalid: ['INVALID_OPTIONS'] },
  pkce: {
    guard: pkce.isPkceError,
    invalid: [
      'INVALID_VERIFIER_LENGTH',
      'INVALID_VERIFIER',
      'INVALID_REDIRECT_URI',
      'INVALID_ORIGINAL_URI',
    ],
  },
  tokens: {
    guard: (value) => tokens.isTokensError(value) || tokens.isTokenEndpointError(value),
    invalid: ['INVALID_ARGUMENT'],
  },
  redirects: { guard: redirects.isRedirectsError, invalid: ['INVALID_ARGUMENT'] },
  'member-auth': {
    guard: memberAuth.isMemberAuthError,
    invalid: ['invalidArgument', 'INVALID_ARGUMENT', 'invalidEmail', 'invalidPassword'],
  },
  'mock-platform': {
    guard: mockPlatform.isMockPlatformError,
    invalid: ['INVALID_OPTION', 'INVALID_MEMBER', 'INVALID_FAULT', 'INVALID_SETTING'],
  },
  server: { guard: server.isServerIdentityError, invalid: ['INVALID_ARGUMENT'] },
};

/** The option and field names the packages read, so that objects reach past the first check. */
const KEYS = [
  'clientId',
  'apiBaseUrl',
  'tokenUrl',
  'baseUrl',
  'fetch',
  'storage',
  'tokens',
  'redirects',
  'redirectUri',
  'originalUri',
  'postLogoutRedirectUri',
  'signal',
  'timeoutMs',
  'email',
  'password',
  'profile',
  'state',
  'code',
  'codeVerifier',
  'accessToken',
  'refreshToken',
  'value',
  'expiresAt',
  'role',
  'method',
  'url',
  'body',
  'headers',
  'searchParams',
  'getAuthorization',
  'retry',
  'path',
  'kind',
  'status',
  'times',
  'sessionToken',
  'stateToken',
  'memberId',
  'idp',
  'prompt',
  'responseMode',
  'captcha',
  'captchaToken',
  'factorType',
  'completeLogin',
  'navigate',
  'leewaySeconds',
  'secret',
  'secrets',
  'members',
  'settings',
];

const scalars: readonly unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  'x',
  MEMBER.email,
  REDIRECT_URI,
  'https://elsewhere.example/a#b',
  '/relative',
  true,
  false,
  [],
  [1, 'a', null],
  {},
  () => undefined,
];
const scalar = fc.constantFrom(...scalars);
const record = fc.dictionary(fc.constantFrom(...KEYS), scalar, {
  maxKeys: 4,
  noNullPrototype: true,
});
/** Any wrong (or right) value: a scalar, an object of options, an array. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 3, arbitrary: record },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...KEYS), record, {
      maxKeys: 2,
      noNullPrototype: true,
    }),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(scalar, record), { maxLength: 3 }) },
);
/** What the other positions hold: values a caller would plausibly pass (a flow gives up soon). */
const plausible = fc.constantFrom<unknown>(undefined, 'x', MEMBER.email, REDIRECT_URI, {
  timeoutMs: 500,
});

/** One function of the public surface, found on `make(world)` when its test runs. */
interface Subject {
  readonly pkg: PackageName;
  readonly name: string;
  readonly construct: boolean;
  readonly arity: number;
  readonly find: (context: Context) => (...args: unknown[]) => unknown;
}

interface Context {
  readonly world: World;
  readonly platform: mockPlatform.MockPlatform;
}

type Factory = (context: Context) => unknown;

/** The objects the factories return, built with good options; their methods are fuzzed. */
const INSTANCES: { pkg: PackageName; name: string; make: Factory }[] = [
  { pkg: 'http', name: 'createHttpClient()', make: () => http.createHttpClient({ baseUrl: API }) },
  {
    pkg: 'tokens',
    name: 'createTokenEndpoint()',
    make: () => tokens.createTokenEndpoint({ clientId: 'reliability-app' }),
  },
  { pkg: 'tokens', name: 'createTokenManager()', make: ({ world }) => world.tokens },
  { pkg: 'tokens', name: 'memoryStorage()', make: () => tokens.memoryStorage() },
  { pkg: 'tokens', name: 'webStorage()', make: () => tokens.webStorage(localStorage) },
  { pkg: 'redirects', name: 'createRedirects()', make: ({ world }) => world.redirects },
  { pkg: 'member-auth', name: 'createMemberAuth()', make: ({ world }) => world.auth },
  { pkg: 'member-auth', name: 'createCaptcha()', make: () => memberAuthCaptcha.createCaptcha() },
  { pkg: 'mock-platform', name: 'createMockPlatform()', make: ({ platform }) => platform },
  {
    pkg: 'mock-platform',
    name: 'createTestBrowser()',
    make: ({ platform }) => mockTesting.createTestBrowser(platform),
  },
  {
    pkg: 'server',
    name: 'createServerIdentity()',
    make: () =>
      server.createServerIdentity({
        clientId: 'reliability-app',
        secret: 'a secret of at least thirty-two characters',
      }),
  },
  { pkg: 'server', name: 'memoryCoordinator()', make: () => server.memoryCoordinator() },
  {
    pkg: 'server',
    name: 'serverSessionSource()',
    make: () => serverBrowser.serverSessionSource({ origin: PAGE_ORIGIN }),
  },
];

/** The exported functions of each entry point, from its export list. */
const MODULES: { pkg: PackageName; entry: string; module: Record<string, unknown> }[] = [
  { pkg: 'http', entry: '@site-identity/http', module: http },
  { pkg: 'pkce', entry: '@site-identity/pkce', module: pkce },
  { pkg: 'tokens', entry: '@site-identity/tokens', module: tokens },
  { pkg: 'tokens', entry: '@site-identity/tokens/auto-refresh', module: tokensAutoRefresh },
  { pkg: 'tokens', entry: '@site-identity/tokens/inspection', module: tokensInspection },
  {
    pkg: 'tokens',
    entry: '@site-identity/tokens/authorized-client',
    module: tokensAuthorizedClient,
  },
  {
    pkg: 'tokens',
    entry: '@site-identity/tokens/token-request-headers',
    module: tokenRequestHeaders,
  },
  { pkg: 'redirects', entry: '@site-identity/redirects', module: redirects },
  { pkg: 'redirects', entry: '@site-identity/redirects/popup', module: redirectsPopup },
  {
    pkg: 'redirects',
    entry: '@site-identity/redirects/redirect-session',
    module: redirectSession,
  },
  { pkg: 'member-auth', entry: '@site-identity/member-auth', module: memberAuth },
  { pkg: 'member-auth', entry: '@site-identity/member-auth/captcha', module: memberAuthCaptcha },
  {
    pkg: 'member-auth',
    entry: '@site-identity/member-auth/external-login',
    module: externalLogin,
  },
  { pkg: 'mock-platform', entry: '@site-identity/mock-platform', module: mockPlatform },
  { pkg: 'mock-platform', entry: '@site-identity/mock-platform/testing', module: mockTesting },
  { pkg: 'server', entry: '@site-identity/server', module: server },
  { pkg: 'server', entry: '@site-identity/server/browser', module: serverBrowser },
];

/**
 * The separate imports that take the client they extend: besides the walk above
 * (where the first argument is never a real client), each is called with the world's
 * client first and wrong arguments in the other positions.
 */
const EXTENSIONS: {
  pkg: PackageName;
  name: string;
  fn: (client: never, ...args: never[]) => unknown;
  client: (context: Context) => unknown;
}[] = [
  {
    pkg: 'tokens',
    name: 'authorizedClient(manager, …)',
    fn: tokensAuthorizedClient.authorizedClient,
    client: ({ world }) => world.tokens,
  },
  {
    pkg: 'tokens',
    name: 'inspect(manager, …)',
    fn: tokensInspection.inspect,
    client: ({ world }) => world.tokens,
  },
  {
    pkg: 'redirects',
    name: 'loginWithPopup(redirects, …)',
    fn: redirectsPopup.loginWithPopup,
    client: ({ world }) => world.redirects,
  },
  {
    pkg: 'redirects',
    name: 'createRedirectSession(redirects, …)',
    fn: redirectSession.createRedirectSession,
    client: ({ world }) => world.redirects,
  },
  {
    pkg: 'member-auth',
    name: 'getMemberTokensForExternalLogin(memberAuth, …)',
    fn: externalLogin.getMemberTokensForExternalLogin,
    client: ({ world }) => world.auth,
  },
  {
    pkg: 'member-auth',
    name: 'getMemberTokensForExternalLoginWithSession(memberAuth, …)',
    fn: externalLogin.getMemberTokensForExternalLoginWithSession,
    client: ({ world }) => world.auth,
  },
];

/** Starting a real server is not fuzzed with numbers that could be a port. */
const SKIPPED = new Set(['@site-identity/mock-platform.startMockPlatformServer']);

/**
 * Calls that, given good arguments, wait for the hosted page in a hidden frame (which
 * no page answers here) until the flow's own time-out, OAUTH_FLOW_TIMEOUT_MS: still
 * pending at the bound is their normal course, not a hang.
 */
const WAITS_FOR_THE_HOSTED_PAGE = new Set(['createRedirects().silentLogin']);

/**
 * Emulations of the web platform (the test browser's window, document and storages,
 * the fetch functions): they refuse what they are given as the browser does, with
 * its TypeError or DOMException, which is what code written for a browser expects.
 */
const WEB_PLATFORM = [
  /^createTestBrowser\(\)\.window\./,
  /^createMockPlatform\(\)\.(fetch|handle)$/,
  /^serverSessionSource\(\)\.(fetch|storage\.)/,
];

const isClass = (value: (...args: unknown[]) => unknown) =>
  /^class\b/.test(Function.prototype.toString.call(value)) || /Error$/.test(value.name);

/** Own and nested methods of `value` (`platform.state.tokens.issue`), as paths. */
function methodPaths(value: unknown, prefix = '', seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const paths: string[] = [];
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'function') paths.push(`${prefix}${key}`);
    else if (!Array.isArray(member)) paths.push(...methodPaths(member, `${prefix}${key}.`, seen));
  }
  return paths;
}

function at(value: unknown, path: string): { owner: unknown; member: unknown } {
  const keys = path.split('.');
  let owner = value;
  for (const key of keys.slice(0, -1)) owner = (owner as Record<string, unknown>)[key];
  return { owner, member: (owner as Record<string, unknown>)[keys.at(-1)!] };
}

/** Builds the instances once, outside any test, only to list their methods. */
function listSubjects(): Subject[] {
  const subjects: Subject[] = [];
  for (const { pkg, entry, module } of MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function' || SKIPPED.has(`${entry}.${name}`)) continue;
      const fn = value as (...args: unknown[]) => unknown;
      subjects.push({
        pkg,
        name: `${entry}.${name}`,
        construct: isClass(fn),
        arity: Math.max(fn.length, 1) + 1,
        find: () => fn,
      });
    }
  }
  const platform = mockPlatform.createMockPlatform();
  const listing: Context = {
    platform,
    world: {
      tokens: tokens.createTokenManager({ clientId: 'listing', crossTab: false }),
      redirects: undefined as never,
      auth: undefined as never,
      navigations: [],
    },
  };
  const world = listing.world as { redirects: unknown; auth: unknown };
  world.redirects = redirects.createRedirects({
    clientId: 'listing',
    tokens: listing.world.tokens,
  });
  world.auth = memberAuth.createMemberAuth({
    clientId: 'listing',
    tokens: listing.world.tokens,
    redirects: listing.world.redirects,
  });
  for (const { pkg, name, make } of INSTANCES) {
    const instance = make(listing);
    for (const path of methodPaths(instance)) {
      if (WEB_PLATFORM.some((pattern) => pattern.test(`${name}.${path}`))) continue;
      const fn = at(instance, path).member as (...args: unknown[]) => unknown;
      subjects.push({
        pkg,
        name: `${name}.${path}`,
        construct: false,
        arity: Math.max(fn.length, 1) + 1,
        find: (context) => {
          const { owner, member } = at(make(context), path);
          return (member as (...args: unknown[]) => unknown).bind(owner);
        },
      });
    }
  }
  for (const { pkg, name, fn, client } of EXTENSIONS) {
    subjects.push({
      pkg,
      name,
      construct: false,
      arity: Math.max(fn.length - 1, 1) + 1,
      find:
        (context) =>
        (...args: unknown[]) =>
          (fn as (...all: unknown[]) => unknown)(client(context), ...args),
    });
  }
  listing.world.tokens.dispose();
  return subjects;
}

type Settled =
  { kind: 'returned' } | { kind: 'threw' | 'rejected'; error: unknown } | { kind: 'hung' };

async function call(fn: (...args: unknown[]) => unknown, construct: boolean, args: unknown[]) {
  let result: unknown;
  try {
    result = construct ? Reflect.construct(fn, args) : fn(...args);
  } catch (error) {
    return { kind: 'threw', error } satisfies Settled;
  }
  if (typeof (result as { then?: unknown } | null)?.then !== 'function') {
    return { kind: 'returned' } satisfies Settled;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung' }), BOUND_MS);
  });
  const settled = Promise.resolve(result).then(
    (): Settled => ({ kind: 'returned' }),
    (error: unknown): Settled => ({ kind: 'rejected', error }),
  );
  const outcome = await Promise.race([settled, bound]);
  clearTimeout(timer);
  return outcome;
}

const ENGINE_NAMES = new Set(['TypeError', 'RangeError', 'SyntaxError', 'ReferenceError']);
const ENGINE_TEXT =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot destructure|Invalid time value|Maximum call stack/;

/** The engine error in `error`'s message or causes, if any. */
function engineErrorIn(error: unknown, depth = 0): string | undefined {
  if (depth > 6 || typeof error !== 'object' || error === null) return undefined;
  const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (depth > 0 && typeof name === 'string' && ENGINE_NAMES.has(name))
    return `${name}: ${String(message)}`;
  if (typeof message === 'string' && ENGINE_TEXT.test(message)) return message;
  return engineErrorIn(cause, depth + 1);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
  }
  return `${typeof error} ${String(error)}`;
}

/** What is wrong with a call's outcome, or undefined. */
function problemOf(subject: Subject, outcome: Settled): string | undefined {
  const { pkg, name } = subject;
  if (outcome.kind === 'returned') return undefined;
  if (outcome.kind === 'hung')
    return WAITS_FOR_THE_HOSTED_PAGE.has(name) ? undefined : `did not settle within ${BOUND_MS} ms`;
  const own = OWN[pkg];
  if (!own.guard(outcome.error)) return `${outcome.kind} ${describeError(outcome.error)}`;
  const code = (outcome.error as { code?: unknown }).code;
  const engine = engineErrorIn(outcome.error);
  if (typeof code === 'string' && own.invalid.includes(code)) return undefined;
  return engine ? `${outcome.kind} ${describeError(outcome.error)} (engine: ${engine})` : undefined;
}

function describeArgs(args: unknown[]): string {
  return args
    .map((arg) =>
      typeof arg === 'function'
        ? 'fn'
        : arg === undefined
          ? 'undefined'
          : Number.isNaN(arg)
            ? 'NaN'
            : JSON.stringify(arg),
    )
    .join(', ');
}

/** A seed per function, so that adding one leaves the others' calls as they were. */
function seedOf(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The argument lists for a function: position `run % arity` wrong, the others plausible. */
function argumentLists(subject: Subject): unknown[][] {
  const lists = fc.sample(
    fc.tuple(fc.array(plausible, { minLength: subject.arity, maxLength: subject.arity }), anyValue),
    { seed: seedOf(subject.name), numRuns: RUNS },
  );
  return lists.map(([args, wrong], run) => {
    const list = [...args];
    list[run % subject.arity] = wrong;
    return list;
  });
}

const subjects = listSubjects();
let calls = 0;

describe('every public function refuses wrong arguments with its package error', () => {
  const { platform, createWorld } = usePlatform();

  test('the walk covers every exported function of every entry point', () => {
    for (const { entry, module } of MODULES) {
      const exported = Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => `${entry}.${name}`)
        .filter((name) => !SKIPPED.has(name));
      expect(exported.length).toBeGreaterThan(0);
      for (const name of exported) expect(subjects.map((s) => s.name)).toContain(name);
    }
    expect(subjects.length).toBeGreaterThan(100);
  });

  test.each(subjects.map((subject) => [subject.name, subject] as const))(
    '%s',
    async (_name, subject) => {
      const context: Context = { world: createWorld(), platform };
      const problems = new Map<string, string>();
      for (const args of argumentLists(subject)) {
        const fn = subject.find(context);
        const outcome = await call(fn, subject.construct, args);
        calls += 1;
        const problem = problemOf(subject, outcome);
        if (problem && !problems.has(problem)) problems.set(problem, describeArgs(args));
      }
      expect(
        [...problems].map(([problem, args]) => `(${args}) → ${problem}`),
        `${subject.name} with wrong arguments`,
      ).toEqual([]);
    },
  );

  test('the number of calls made', () => {
    expect(calls).toBe(subjects.length * RUNS);
  });
});

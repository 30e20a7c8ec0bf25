import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { isPlatformError, PlatformError } from './platform-error';
import { isSiteIdentityError, SiteIdentityError } from './site-identity-error';

/**
 * The error classes as another copy of the package in another realm (an iframe)
 * has them: the same sources, compiled, run in a new `vm` context with its own
 * `Error`, `Object` and prototypes.
 */
function otherRealm(): {
  SiteIdentityError: typeof SiteIdentityError;
  PlatformError: typeof PlatformError;
  isSiteIdentityError: typeof isSiteIdentityError;
} {
  const compiled = (file: string) =>
    ts.transpileModule(readFileSync(new URL(file, import.meta.url), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
  const modules: Record<string, Record<string, unknown>> = {};
  const context = runInNewContext('globalThis') as object;
  // Each module runs as a function of (exports, require) inside the other realm.
  const wrap = (source: string) => `(function (exports, require) {${source}\n})`;
  const run = (name: string) => {
    const exports: Record<string, unknown> = {};
    (
      runInNewContext(wrap(compiled(`./${name}.ts`)), context) as (
        exports: Record<string, unknown>,
        require: (path: string) => unknown,
      ) => void
    )(exports, (path) => modules[path.slice(2)]);
    modules[name] = exports;
  };
  run('site-identity-error');
  run('platform-error');
  return {
    SiteIdentityError: modules['site-identity-error']!
      .SiteIdentityError as typeof SiteIdentityError,
    PlatformError: modules['platform-error']!.PlatformError as typeof PlatformError,
    isSiteIdentityError: modules['site-identity-error']!
      .isSiteIdentityError as typeof isSiteIdentityError,
  };
}

describe('SiteIdentityError', () => {
  test('is built from its message and { code, cause, ...fields }', () => {
    const cause = new Error('underneath');
    const error = new SiteIdentityError('Not ready', {
      code: 'NOT_READY',
      cause,
      attempts: 2,
    } as never);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SiteIdentityError',
      message: 'Not ready',
      code: 'NOT_READY',
      attempts: 2,
    });
    expect(error.cause).toBe(cause);
    expect('cause' in new SiteIdentityError('x', { code: 'X' })).toBe(false);
  });

  test('keeps a raw response non-enumerable', () => {
    const response = new Response('{}', { status: 500 });
    const error = new SiteIdentityError('x', { code: 'X', response });
    expect((error as unknown as { response: Response }).response).toBe(response);
    expect(Object.keys(error)).toEqual(['name', 'code']);
    expect(JSON.stringify(error)).not.toContain('Response');
  });

  test('built from JavaScript without its init, it is an error without fields, not a TypeError', () => {
    const Untyped = SiteIdentityError as unknown as new (message: string) => SiteIdentityError;
    const error = new Untyped('bare');
    expect(error).toBeInstanceOf(SiteIdentityError);
    // Branded, but without a string code: no guard recognises it.
    expect([error.message, error.code, isSiteIdentityError(error)]).toEqual([
      'bare',
      undefined,
      false,
    ]);
    const BarePlatform = PlatformError as unknown as new (message: string) => PlatformError;
    const platform = new BarePlatform('bare');
    expect([platform.message, platform.code, platform.kind]).toEqual([
      'bare',
      undefined,
      undefined,
    ]);
    expect(platform).toMatchObject({
      retryable: false,
      fieldViolations: [],
    });
  });
  test.each([
    ['a string', 'x'],
    ['a number', 42],
    ['null', null],
  ])(
    'built from JavaScript with %s for its init, it is an error without fields',
    (_label, init) => {
      const Untyped = SiteIdentityError as unknown as new (
        m: string,
        i: unknown,
      ) => SiteIdentityError;
      const error = new Untyped('odd', init);
      expect([error.message, error.code, Object.keys(error)]).toEqual(['odd', undefined, ['name']]);
    },
  );
});

describe('isSiteIdentityError', () => {
  class TokensLike extends SiteIdentityError {
    static override readonly brand: string = 'TokensLike';
    override name = 'TokensLike' as const;
  }
  class EndpointLike extends PlatformError {
    static override readonly brand: string = 'EndpointLike';
    override name = 'EndpointLike' as const;
  }
  // A user's subclass that names no brand of its own is still what it extends.
  class AppError extends TokensLike {}

  test.each([
    ['the base', new SiteIdentityError('x', { code: 'X' }), ['SiteIdentityError']],
    [
      'a PlatformError',
      new PlatformError('x', { kind: 'system', code: 'X' }),
      ['PlatformError', 'SiteIdentityError'],
    ],
    ['a subclass', new TokensLike('x', { code: 'X' }), ['TokensLike', 'SiteIdentityError']],
    [
      'a subclass of PlatformError',
      new EndpointLike('x', { kind: 'http', code: 'X' }),
      ['EndpointLike', 'PlatformError', 'SiteIdentityError'],
    ],
    ["a user's subclass", new AppError('x', { code: 'X' }), ['TokensLike', 'SiteIdentityError']],
  ])('%s carries the names of its class chain', (_label, error, names) => {
    for (const name of ['SiteIdentityError', 'PlatformError', 'TokensLike', 'EndpointLike'])
      expect(isSiteIdentityError(error, name)).toBe(names.includes(name));
    expect(isSiteIdentityError(error)).toBe(true);
  });

  test.each([
    ['a plain Error', new Error('SiteIdentityError')],
    [
      'an object with the name and fields',
      { name: 'PlatformError', kind: 'network', code: 'NETWORK_ERROR', fieldViolations: [] },
    ],
    [
      'an Error named like one',
      Object.assign(new Error('x'), { name: 'SiteIdentityError', code: 'X' }),
    ],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'SiteIdentityError'],
    ['a number', 42],
  ])('%s is not one', (_label, value) => {
    expect(isSiteIdentityError(value)).toBe(false);
    expect(isSiteIdentityError(value, 'PlatformError')).toBe(false);
    expect(isPlatformError(value)).toBe(false);
  });

  test('recognises errors of another realm and another copy of the package, subclasses included', () => {
    const other = otherRealm();
    expect(other.SiteIdentityError).not.toBe(SiteIdentityError);
    const base: unknown = new other.SiteIdentityError('x', { code: 'X' });
    const platform: unknown = new other.PlatformError('y', {
      kind: 'network',
      code: 'NETWORK_ERROR',
      retryable: true,
    });
    expect(base instanceof Error).toBe(false);
    expect(platform instanceof PlatformError).toBe(false);
    expect(isSiteIdentityError(base)).toBe(true);
    expect(isSiteIdentityError(base, 'PlatformError')).toBe(false);
    expect(isSiteIdentityError(platform)).toBe(true);
    expect(isSiteIdentityError(platform, 'PlatformError')).toBe(true);
    expect(isPlatformError(platform)).toBe(true);
    // …and the other way round: the other copy recognises ours.
    const ours = new PlatformError('z', { kind: 'timeout', code: 'TIMEOUT' });
    expect(other.isSiteIdentityError(ours, 'PlatformError')).toBe(true);
    expect(other.isSiteIdentityError(new Error('z'))).toBe(false);
  });
});

describe('the one guard rule', () => {
  class Branded extends SiteIdentityError {
    static override readonly brand: string = 'Branded';
  }
  test.each([
    ['a string code', 'X', true],
    ['an empty code', '', true],
    ['no code', undefined, false],
    ['a number code', 42, false],
    ['an object code', { toString: () => 'X' }, false],
  ])('a branded error with %s is recognised: %s', (_label, code, recognised) => {
    const error = new Branded('x', { code } as never);
    expect(isSiteIdentityError(error)).toBe(recognised);
    expect(isSiteIdentityError(error, 'Branded')).toBe(recognised);
  });
});

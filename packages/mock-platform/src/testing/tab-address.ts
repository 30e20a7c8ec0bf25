import { MockPlatformError } from '../mock-platform-error';

/** `value` resolved against `base` as a URL; else `INVALID_OPTION` naming `name`. @internal */
export function absolute(value: string, base: string | undefined, name: string): URL {
  try {
    return new URL(value, base);
  } catch (cause) {
    throw new MockPlatformError(`${name} must be an absolute URL`, {
      code: 'INVALID_OPTION',
      cause,
    });
  }
}

const LOCATION_PARTS = [
  'origin',
  'protocol',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
] as const;

/** The address of an emulated tab, its `location` and its `history`. @internal */
export interface TabAddress {
  /** The address the tab shows now. */
  readonly href: string;
  readonly origin: () => string;
  /** A top-level navigation: a new history entry without state. */
  readonly navigate: (url: string | URL) => void;
  readonly location: object;
  readonly history: object;
}

/**
 * The address of an emulated tab, starting at `initial`: `location` (with `assign`,
 * `replace` and the parts of the URL) and `history` (`state`, `pushState`,
 * `replaceState`, same-origin only, as a browser enforces). @internal
 */
export function createTabAddress(initial: string): TabAddress {
  let href = absolute(initial, undefined, 'url').href;
  let historyState: unknown = null;
  let historyLength = 1;
  const origin = (): string => new URL(href).origin;

  const navigate = (url: string | URL): void => {
    href = absolute(String(url), href, 'url').href;
    historyState = null;
    historyLength += 1;
  };

  const setHistory = (state: unknown, url: string | URL | null | undefined, push: boolean) => {
    if (url !== undefined && url !== null) {
      const next = absolute(String(url), href, 'url');
      if (next.origin !== origin())
        throw new DOMException(
          `history cannot show ${next.origin} from ${origin()}`,
          'SecurityError',
        );
      href = next.href;
    }
    historyState = state;
    if (push) historyLength += 1;
  };

  const location = {
    get href() {
      return href;
    },
    set href(value: string) {
      navigate(value);
    },
    assign: navigate,
    replace: (url: string | URL) => {
      navigate(url);
      historyLength -= 1;
    },
    reload: () => undefined,
    toString: () => href,
  };
  for (const part of LOCATION_PARTS) {
    Object.defineProperty(location, part, { enumerable: true, get: () => new URL(href)[part] });
  }

  const history = {
    get state() {
      return historyState;
    },
    get length() {
      return historyLength;
    },
    scrollRestoration: 'auto',
    pushState: (state: unknown, _unused: string, url?: string | URL | null) =>
      setHistory(state, url, true),
    replaceState: (state: unknown, _unused: string, url?: string | URL | null) =>
      setHistory(state, url, false),
    back: () => undefined,
    forward: () => undefined,
    go: () => undefined,
  };

  return {
    get href() {
      return href;
    },
    origin,
    navigate,
    location,
    history,
  };
}

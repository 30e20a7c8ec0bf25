const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/**
 * What a hosted page's inline scripts see as their `window`: its address, its parent
 * (the only thing the platform's pages talk to) and a document without cookies.
 *
 * @example
 * ```ts
 * const scope: PageScope = { location: new URL(pageUrl), parent: { postMessage: (data, origin) => post(data, origin) } };
 * ```
 */
export interface PageScope {
  readonly location: URL;
  readonly parent: { postMessage(data: unknown, targetOrigin: string): void };
}

/**
 * Runs the inline `<script>` blocks of a hosted page, in order, as a browser would run
 * them in a frame: `window`, `self`, `parent`, `top`, `location` and `document` are the
 * page's. A script that throws stops only itself; its error is handed to `onError`.
 * Scripts with a `src` are not loaded (the platform's pages have none).
 *
 * @example
 * ```ts
 * runPageScripts(html, scope, (error) => errors.push(error));
 * ```
 */
export function runPageScripts(
  html: string,
  scope: PageScope,
  onError: (error: unknown) => void,
): void {
  const document = { cookie: '', referrer: '', location: scope.location };
  const page = { ...scope, self: undefined as unknown, top: scope.parent, document };
  page.self = page;
  for (const [, attributes = '', source = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    try {
      // The platform's own page, run in its frame's scope: the emulator of a browser.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- running the page's script is the point
      new Function('window', 'self', 'parent', 'top', 'location', 'document', source)(
        page,
        page,
        page.parent,
        page.top,
        page.location,
        document,
      );
    } catch (error) {
      onError(error);
    }
  }
}

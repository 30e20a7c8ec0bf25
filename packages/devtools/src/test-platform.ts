// Helpers shared by this package's tests (not part of the build's entry points).
import type { TokenManager } from '@site-identity/tokens';
import { mountIdentityDevtools } from './index';
import type { DevtoolsOptions } from './options';

/**
 * Devtools over `tokens` with `options`, unmounted by `cleanups`; reads its
 * "Configuration problems" section: the whole text, and each problem by its parts
 * (who met it and how often, without the time; the cause; the fix; the error's account).
 */
export function mountReadingProblems(
  tokens: TokenManager,
  { options, cleanups }: { options: DevtoolsOptions; cleanups: (() => void)[] },
) {
  const mounted = mountIdentityDevtools(tokens, options);
  cleanups.push(() => mounted.unmount());
  const root = document.querySelector('[data-site-identity-devtools]')!.shadowRoot!;
  const section = root.querySelector('[data-field="configuration"]')!;
  const part = (item: Element, name: string) =>
    item.querySelector(`[data-part="${name}"]`)?.textContent;
  return {
    mounted,
    text: () => section.textContent,
    problems: () =>
      [...section.querySelectorAll('li')].map((item) => ({
        seen: item.querySelector('p')?.textContent?.replace(/^\d\d:\d\d:\d\d\.\d{3}/, ''),
        cause: part(item, 'cause'),
        fix: part(item, 'fix'),
        detail: part(item, 'detail'),
      })),
  };
}

/** Lets the listeners (each told on its own microtask) run. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

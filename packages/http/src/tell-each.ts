/**
 * Tells every listener of `listeners` `value`, each on its own microtask, after the
 * call that met it has settled for its caller: a listener that throws changes nothing of
 * that call's result nor stops the others (its error is still seen, as an uncaught
 * one), and one removed meanwhile is not told.
 *
 * @example
 * ```ts
 * import { tellEach } from '@site-identity/http/internal';
 *
 * const listeners = new Set([(value: string) => console.log(value)]);
 * tellEach(listeners, 'refused'); // logs 'refused' on a microtask
 * ```
 */
export function tellEach<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
  for (const listener of listeners)
    queueMicrotask(() => {
      if (listeners.has(listener)) listener(value);
    });
}

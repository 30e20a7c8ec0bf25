import { useEffect, useState } from 'react';

/**
 * Calls `load` now and every `intervalMs` while the component is mounted, and
 * returns the last value it resolved with (or the error it rejected with).
 */
export function usePolling<T>(
  load: () => Promise<T>,
  intervalMs: number,
): { value: T | undefined; error: string | undefined } {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let active = true;
    const tick = () => {
      load().then(
        (next) => {
          if (!active) return;
          setValue(next);
          setError(undefined);
        },
        (reason: unknown) => {
          if (active) setError(reason instanceof Error ? reason.message : String(reason));
        },
      );
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [load, intervalMs]);
  return { value, error };
}

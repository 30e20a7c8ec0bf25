import type { TokenStorage } from './storage';

/**
 * Tells other tabs that the stored tokens changed and listens for them saying
 * the same: a `BroadcastChannel` named `channelName` (the message carries no
 * token, only a nudge to re-read storage) plus the storage's own change
 * notifications (the `storage` event of `webStorage`). @internal
 */
export function watchOtherTabs(
  channelName: string,
  storage: TokenStorage,
  key: string,
  onChange: () => void,
): { announce(): void; stop(): void } {
  let channel: BroadcastChannel | undefined;
  try {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : undefined;
  } catch {
    channel = undefined;
  }
  const onMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { key?: unknown } | null)?.key === key) onChange();
  };
  channel?.addEventListener('message', onMessage);
  (channel as { unref?: () => void } | undefined)?.unref?.();
  let unsubscribe: (() => void) | undefined;
  try {
    unsubscribe = storage.subscribe?.(key, onChange);
  } catch {
    unsubscribe = undefined;
  }
  return {
    announce() {
      try {
        channel?.postMessage({ type: 'tokens-changed', key });
      } catch {
        // a closed channel: nothing to tell
      }
    },
    stop() {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      unsubscribe?.();
    },
  };
}

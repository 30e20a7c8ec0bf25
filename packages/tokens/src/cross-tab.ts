import { attempt } from './attempt';
import type { TokenStorage } from './storage';

/**
 * Tells other tabs that the stored tokens changed and listens for them saying
 * the same: a `BroadcastChannel` named `channelName` (the message carries no
 * token, only a nudge to re-read storage) plus the storage's own change
 * notifications (the `storage` event of `webStorage`). A runtime without
 * `BroadcastChannel`, a closed channel or a storage that refuses to subscribe
 * leaves that part out. @internal
 */
export function watchOtherTabs(
  channelName: string,
  storage: TokenStorage,
  key: string,
  onChange: () => void,
): { announce(): void; stop(): void } {
  const channel = attempt(() => new BroadcastChannel(channelName));
  const onMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { key?: unknown } | null)?.key === key) onChange();
  };
  channel?.addEventListener('message', onMessage);
  (channel as { unref?: () => void } | undefined)?.unref?.();
  const unsubscribe = attempt(() => storage.subscribe?.(key, onChange));
  return {
    announce: () => attempt(() => channel?.postMessage({ type: 'tokens-changed', key })),
    stop() {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      unsubscribe?.();
    },
  };
}

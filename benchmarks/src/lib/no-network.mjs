// A global `fetch` that counts and refuses every call, for measurements that
// must not touch the network at all: any request shows up in the report.

/** Replaces `globalThis.fetch`; returns a function that reads the count. */
export function refuseNetwork() {
  let calls = 0;
  globalThis.fetch = async (input) => {
    calls += 1;
    throw new TypeError(`network refused in this measurement: ${String(input?.url ?? input)}`);
  };
  return () => calls;
}

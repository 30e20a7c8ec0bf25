// An in-process token endpoint for the memory measurements: it answers every
// token request with fresh tokens and counts the grants, so that the heap holds
// nothing but the library under measurement (no request log). Like a network
// answer, each answer arrives in a later task of the event loop, not in the
// same microtask queue.
import { setImmediate as nextTask } from 'node:timers/promises';

/** A `fetch` that answers the platform's token endpoint; `grants` counts by grant type. */
export function tokenEndpointStub() {
  const grants = {};
  let issued = 0;
  async function fetch(input, init) {
    const body = input instanceof Request ? await input.json() : JSON.parse(init.body);
    const grant = body.grantType ?? body.grant_type ?? 'unknown';
    grants[grant] = (grants[grant] ?? 0) + 1;
    issued += 1;
    const answer = {
      access_token: `access-${issued}`,
      refresh_token: `refresh-${issued}`,
      expires_in: 3600,
    };
    await nextTask();
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
  return { fetch, grants };
}

// An in-process token endpoint for the memory measurements: it answers every
// refresh grant with fresh tokens at once and counts the grants, so that the
// heap holds nothing but the library under measurement (no request log).

/** A `fetch` that answers the platform's token endpoint; `grants` counts by grant type. */
export function tokenEndpointStub() {
  const grants = {};
  let issued = 0;
  async function fetch(input, init) {
    const request = new Request(input, init);
    const body = await request.json();
    const grant = body.grantType ?? body.grant_type ?? 'unknown';
    grants[grant] = (grants[grant] ?? 0) + 1;
    issued += 1;
    const answer = { access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in: 3600 };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }
  return { fetch, grants };
}

// The server package's memory under a large POST: the peak resident memory (VmHWM)
// of a node:http process that serves @site-identity/server through its adapter,
// before and after one 200 MB POST, for three requests an attacker can send: to a
// path that is not a route, cross-origin to /auth/logout, and same-origin to
// /auth/login. Each runs in a fresh process so that one peak does not hide another.
//
//   node scripts/body-memory.mjs [--mb 200] [--dist packages/server/dist]
//
// Needs the packages built (`pnpm turbo run build --filter=@site-identity/server...`).
// Linux only (reads /proc/self/status).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    dist: { type: 'string', default: `${root}packages/server/dist` },
    serve: { type: 'boolean', default: false },
  },
});

/** Resident memory now and at its peak, in MB, from /proc/self/status. */
function memory() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function serve() {
  const dist = pathToFileURL(`${values.dist}/`);
  const { createServerIdentity } = await import(new URL('index.js', dist).href);
  const { toWebRequest, sendWebResponse } = await import(new URL('node.js', dist).href);
  // No platform: every platform call fails at once, which the routes survive; what is
  // measured is what the adapter and the routes hold of the body.
  const identity = createServerIdentity({
    clientId: 'memory',
    secret: 'a-memory-measurement-secret-0123456789',
    fetch: async () => new Response('unavailable', { status: 503 }),
  });
  const origin = 'http://localhost:3000';
  const { createServer } = await import('node:http');
  const server = createServer(async (req, res) => {
    if (req.url === '/__memory') return res.end(JSON.stringify(memory()));
    try {
      // The adapter as its documentation uses it.
      const webRequest = await toWebRequest(req, { origin });
      const routed = await identity.handle(webRequest);
      await sendWebResponse(res, routed ?? new Response('Not found', { status: 404 }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
}

/** One POST of `mb` MB in 1 MB writes; resolves with the status once the answer came. */
function post(port, path, headers, mb) {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': mb * chunk.length },
      },
      (res) => {
        res.resume();
        // The answer is what counts; what is still unsent need not be.
        res.on('end', () => {
          req.destroy();
          resolve(res.statusCode);
        });
      },
    );
    req.on('error', (error) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    let sent = 0;
    const write = () => {
      while (sent < mb && !req.destroyed) {
        sent++;
        if (!req.write(chunk)) return req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

const getJson = (port, path) =>
  new Promise((resolve, reject) =>
    request({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    })
      .on('error', reject)
      .end(),
  );

async function measure(name, path, headers) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--serve', '--dist', values.dist],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (d) => resolve(Number(String(d)))),
  );
  try {
    const before = await getJson(port, '/__memory');
    const status = await post(port, path, headers, Number(values.mb));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await getJson(port, '/__memory');
    return { name, status, peakBefore: before.peak, peakAfter: after.peak, rssAfter: after.rss };
  } finally {
    child.kill();
  }
}

if (values.serve) await serve();
else {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const rows = [
    await measure('a path that is not a route', '/not-ours', form),
    await measure('cross-origin /auth/logout', '/auth/logout', {
      ...form,
      origin: 'https://evil.example',
    }),
    await measure('same-origin /auth/login', '/auth/login', {
      ...form,
      origin: 'http://localhost:3000',
    }),
  ];
  console.log(`${values.mb} MB POST through toWebRequest + handle (${values.dist})`);
  console.log('request | answer | peak RSS before | peak RSS after | RSS after');
  for (const r of rows)
    console.log(
      `${r.name} | ${r.status} | ${r.peakBefore.toFixed(0)} MB | ${r.peakAfter.toFixed(0)} MB | ${r.rssAfter.toFixed(0)} MB`,
    );
}

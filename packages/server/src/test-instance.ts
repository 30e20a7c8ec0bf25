// One instance of a site for the multi-instance test: node:http in front of
// createServerIdentity, with the coordinator the environment names. Run as a
// child process (bundled by the test); prints "ready" once it listens.
import { createServer } from 'node:http';
import { createClient } from 'redis';
import { createServerIdentity, memoryCoordinator, redisCoordinator } from './index';
import { sendWebResponse as send, toWebRequest } from './node-adapter';

const { PORT, PLATFORM_URL, REDIS_URL, SECRET } = process.env;

const redis = REDIS_URL ? await createClient({ url: REDIS_URL }).connect() : undefined;
const identity = createServerIdentity({
  clientId: 'multi-instance',
  secret: SECRET!,
  apiBaseUrl: PLATFORM_URL!,
  coordinator: redis ? redisCoordinator(redis) : memoryCoordinator(),
});

const server = createServer((req, res) => {
  void (async () => {
    const request = await toWebRequest(req, { origin: `http://127.0.0.1:${PORT}` });
    const answer = await identity.handle(request);
    if (answer) return send(res, answer);
    const session = await identity.getSession(request);
    const page = Response.json(
      { instance: PORT, status: session.snapshot.status, accessToken: session.accessToken },
      { headers: session.headers },
    );
    return send(res, page);
  })().catch((error: unknown) => {
    res.statusCode = 500;
    res.end(String(error));
  });
});
server.listen(Number(PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void redis?.quit().finally(() => process.exit(0));
  if (!redis) process.exit(0);
});

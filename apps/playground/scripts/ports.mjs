// Checks, before anything starts, that the ports `npm run dev` needs are free,
// and says which one is taken and how to choose others.
import { createServer } from 'node:net';

/** Resolves true when nothing listens on host:port (we could listen there ourselves). */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The ports of `npm run dev`, from PORT and MOCK_PLATFORM_PORT (defaults 5173 and 4010). */
export function devPorts(env = process.env) {
  const read = (name, fallback) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      console.error(
        `${name} must be a port number between 1 and 65535, got ${JSON.stringify(raw)}.`,
      );
      process.exit(2);
    }
    return port;
  };
  return { app: read('PORT', 5173), mock: read('MOCK_PLATFORM_PORT', 4010) };
}

/**
 * Exits with a clear message when a port is taken (or both variables name the same port);
 * otherwise returns the ports.
 */
export async function checkDevPorts(env = process.env) {
  const ports = devPorts(env);
  if (ports.app === ports.mock) {
    console.error(`PORT and MOCK_PLATFORM_PORT are both ${ports.app}: choose two different ports.`);
    process.exit(2);
  }
  const taken = [];
  if (!(await portIsFree(ports.mock)))
    taken.push(`the mock platform port ${ports.mock} (MOCK_PLATFORM_PORT)`);
  if (!(await portIsFree(ports.app))) taken.push(`the playground port ${ports.app} (PORT)`);
  if (taken.length > 0) {
    console.error(
      `Cannot start: ${taken.join(' and ')} ${taken.length > 1 ? 'are' : 'is'} taken on 127.0.0.1.`,
    );
    console.error('Another `npm run dev` may still be running. Stop it, or choose other ports:');
    console.error(`  PORT=${ports.app + 10} MOCK_PLATFORM_PORT=${ports.mock + 10} npm run dev`);
    process.exit(1);
  }
  return ports;
}

import { spawn } from 'node:child_process';

/**
 * Starts Debian's `redis-server` (or `REDIS_SERVER_PATH`) on 127.0.0.1:`port`, in
 * memory only, and resolves once it accepts connections; `stop()` ends it. For tests.
 */
export async function startRedis(
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const binary = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start on ${port}:\n${output}`)),
      10_000,
    );
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${binary} could not start (run npm test's setup to install it): ${error.message}`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

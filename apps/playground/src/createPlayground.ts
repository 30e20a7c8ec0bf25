import { createIdentityClients } from './identity';
import { createPlaygroundCaptcha } from './lib/captcha';
import { createEventLog } from './lib/eventLog';
import type { Playground } from './PlaygroundContext';

/**
 * Creates everything the playground needs, once per page: the event log, the
 * simulated captcha and the library's clients, with every session event the
 * token manager reports written to the log.
 */
export function createPlayground(): Playground {
  const log = createEventLog();
  const captcha = createPlaygroundCaptcha((kind) =>
    log.add(`Captcha: the platform asked for the ${kind} reCAPTCHA`),
  );
  const clients = createIdentityClients(captcha);
  let lastError: unknown;
  clients.tokens.subscribe((snapshot, event) => {
    if (event) log.add(`${event}: role ${snapshot.status}`);
    if (snapshot.error && snapshot.error !== lastError) {
      log.add(`Renewal failed (${snapshot.error.code}); the session stays ${snapshot.status}`);
    }
    lastError = snapshot.error;
  });
  return { ...clients, captcha, log };
}

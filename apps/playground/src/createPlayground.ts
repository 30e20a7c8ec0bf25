import { createIdentityClients } from './identity';
import { createPlaygroundCaptcha } from './lib/captcha';
import { createEventLog } from './lib/eventLog';
import { createMockWatch } from './lib/mockWatch';
import { createPrefill } from './lib/prefill';
import { createRequestTracker } from './lib/requestTracker';
import { expectReturn, takeReturn } from './lib/returnNote';
import { createSessionEpoch } from './lib/sessionEpoch';
import { tabIdentity } from './lib/tabIdentity';
import type { Playground } from './PlaygroundContext';

/**
 * Creates everything the playground needs, once per page: the event log, the
 * simulated captcha, this tab's request tracker and the library's clients (whose
 * requests go through the tracker), with every session event the token manager
 * reports written to the log.
 */
export function createPlayground(): Playground {
  const log = createEventLog();
  const captcha = createPlaygroundCaptcha((kind) =>
    log.add(`Captcha: the platform asked for the ${kind} reCAPTCHA`),
  );
  const requests = createRequestTracker(tabIdentity());
  document.title = `${requests.tab} · Site Identity playground`;
  const clients = createIdentityClients(captcha, requests.fetch, ({ reason }) => {
    expectReturn('login-redirect');
    log.add(
      reason === 'strategy'
        ? 'Login: completing by redirect through the hosted page'
        : `Login: the hidden frame ${reason === 'loginRequired' ? 'cannot sign in (login_required)' : 'did not answer in time'}; completing by redirect through the hosted page`,
    );
  });
  let lastError: unknown;
  clients.tokens.subscribe((snapshot, event) => {
    if (event) log.add(`${event}: role ${snapshot.status}`);
    if (snapshot.error && snapshot.error !== lastError) {
      log.add(`Renewal failed (${snapshot.error.code}); the session stays ${snapshot.status}`);
    }
    lastError = snapshot.error;
  });
  const returnedFrom = window.location.pathname === '/callback' ? undefined : takeReturn();
  if (returnedFrom === 'hosted-login') log.add('Back from the hosted login');
  if (returnedFrom === 'login-redirect') log.add('Back from the login completed by redirect');
  if (returnedFrom === 'hosted-logout')
    log.add('Back from the hosted logout: the hosted session ended');
  return {
    ...clients,
    captcha,
    log,
    requests,
    mock: createMockWatch(),
    epoch: createSessionEpoch(clients.tokens),
    prefill: createPrefill(),
    returnedFrom,
  };
}

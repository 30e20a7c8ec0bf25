import { loginWithPopup, type LoginWithPopupOptions } from '@site-identity/redirects/popup';
import type { OutcomeValue } from '../components/Outcome';
import type { Playground } from '../PlaygroundContext';
import { explainError } from './explain';
import type { ReportStep } from './useAction';

/**
 * Calls `report` each time this tab's redirect-session request made after now has been
 * answered: the popup is then on a hosted page. The first popup login of a page shows a
 * check page first (answered at once, then the login page is asked for, which says
 * 'asking the platform…' again), so the last report stands for the login page, waiting
 * for the member. Returns the unsubscribe function.
 */
function whenHostedPageOpens(requests: Playground['requests'], report: () => void): () => void {
  const since = Date.now();
  let reported = 0;
  return requests.subscribe(() => {
    const answered = requests
      .getSnapshot()
      .filter(
        (request) =>
          request.tab === requests.tab &&
          request.start >= since &&
          request.path.endsWith('/redirect-session') &&
          request.outcome === 'ok',
      ).length;
    if (answered > reported) {
      reported = answered;
      report();
    }
  });
}

/**
 * A login in a popup window, as a panel's step: `loginWithPopup(redirects)` is called
 * first, before anything is awaited, so the window opens inside the click that
 * started the step (a popup blocker lets only that through). Reports when the popup
 * waits for the member; resolves with the outcome to show, or rejects with the
 * library's error for the shared error component (a blocked or closed popup
 * included). `what` names the login in the event log.
 */
export function loginInPopup(
  { redirects, requests, log }: Playground,
  report: ReportStep,
  options: LoginWithPopupOptions,
  what: string,
): Promise<OutcomeValue> {
  const login = loginWithPopup(redirects, options);
  const stop = whenHostedPageOpens(requests, () =>
    report('waiting for you to sign in in the popup window'),
  );
  return login.then(
    () => {
      stop();
      log.add(`${what}: signed in through the popup, role member`);
      return {
        tone: 'ok',
        message: `Logged in through the popup (${what}): role member.`,
        detail:
          'The popup posted the code back to this page, which exchanged it once; the popup is closed and this page never left.',
      };
    },
    (error: unknown) => {
      stop();
      const code = (error as { code?: unknown } | null)?.code;
      log.add(
        `${what}: the popup login ended without a login (${typeof code === 'string' ? code : 'error'})`,
      );
      if (code === 'OAUTH_FLOW_TIMED_OUT')
        return {
          ...explainError(error),
          message: 'The popup login was not finished in time (2 minutes). Nothing changed.',
        };
      throw error;
    },
  );
}

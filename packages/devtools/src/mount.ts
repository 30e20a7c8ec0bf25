import { configurationRefusals } from '@site-identity/member-auth/internal';
import { callFailures } from '@site-identity/redirects/internal';
import { TokensError, type InspectionEvent, type TokenManager } from '@site-identity/tokens';
import { inspect } from '@site-identity/tokens/inspection';
import {
  memberAuthSource,
  redirectsRefusal,
  redirectsSource,
  TOKENS_SOURCE,
  tokensRefusal,
} from './configuration-problem';
import { describeEvent } from './describe-event';
import { element } from './dom';
import { timeOfDay } from './format';
import type { DevtoolsOptions, MountedDevtools } from './options';
import { memberFollower, memberText, type MemberView } from './member-view';
import { buildPanel, type Action, type Panel } from './panel';
import { problemList } from './problems-view';
import { hear, sessionRows, type Heard } from './session-view';

const NOTHING: MountedDevtools = Object.freeze({
  open() {},
  close() {},
  unmount() {},
});

const isManager = (value: unknown): value is TokenManager =>
  ['subscribe', 'getSnapshot', 'refresh', 'setTokens', 'clear'].every(
    (method) => typeof (value as Record<string, unknown> | null)?.[method] === 'function',
  );

/** Shows the session's token values (only while "Reveal tokens" is pressed). */
function showValues(panel: Panel, manager: TokenManager, revealed: boolean): void {
  const tokens = revealed ? manager.getSnapshot().tokens : null;
  panel.reveal.setAttribute('aria-pressed', String(revealed));
  panel.values.hidden = !revealed;
  panel.values.replaceChildren(
    ...(tokens
      ? [
          element('dt', {}, 'Access token'),
          element('dd', {}, element('code', {}, tokens.accessToken.value)),
          element('dt', {}, 'Refresh token'),
          element('dd', {}, element('code', {}, tokens.refreshToken.value)),
        ]
      : revealed
        ? [element('dt', {}, 'No tokens')]
        : []),
  );
}

/** What each action of the panel does with the manager. */
function actionsOf(manager: TokenManager, options: DevtoolsOptions) {
  return {
    renew: () => manager.refresh(),
    expire: async () => {
      const tokens = manager.getSnapshot().tokens;
      if (!tokens) return;
      const expiresAt = Math.floor(Date.now() / 1000);
      await manager.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt } });
    },
    signOut: () => manager.clear(),
    signOutEverywhere: () => options.signOutEverywhere?.(),
  } satisfies Record<Action, () => unknown>;
}

/** Runs each action on its button's click; the app's own sign-out's failure goes to `failed`. */
function wireActions(
  panel: Panel,
  actions: ReturnType<typeof actionsOf>,
  failed: (error: unknown) => void,
): void {
  for (const [action, button] of Object.entries(panel.buttons))
    button.addEventListener('click', () => {
      button.setAttribute('aria-busy', 'true');
      // The manager reports its own failures as events; the app's sign-out is shown here.
      void Promise.resolve()
        .then(actions[action as Action])
        .catch((error: unknown) => {
          if (action === 'signOutEverywhere') failed(error);
        })
        .finally(() => button.removeAttribute('aria-busy'));
    });
}

/** The button opens and closes the panel, Close and Escape close it; the focus follows. */
function wireOpening(panel: Panel, setOpen: (open: boolean, focus: boolean) => void): void {
  panel.toggle.addEventListener('click', () => setOpen(!!panel.panel.hidden, true));
  panel.close.addEventListener('click', () => setOpen(false, true));
  panel.panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false, true);
  });
}

/** Adds a line to the panel's last errors (five at most, the last first). */
function addError(panel: Panel, at: number, text: string): void {
  panel.errors.prepend(element('li', {}, element('time', {}, timeOfDay(at)), text));
  while (panel.errors.children.length > 5) panel.errors.lastElementChild?.remove();
}

/**
 * Adds the Site Identity devtools to the page: a floating button that opens a
 * panel with the session (role, access token expiry as a countdown, refresh-token
 * role; token values only after "Reveal tokens"), the event log (session changes
 * with why a session ended and whether another tab caused it, renewals with their
 * duration and outcome, hand-offs between tabs with the generation, automatic
 * renewal's back-off), the member (id and e-mail, with the `member` option), the last
 * typed errors, the configuration problems met (each refusal caused by the app's
 * configuration, with the setting to change: the token manager's, with the `memberAuth`
 * option those of the member client's logins, with the `redirects` option those of the
 * redirect client's own calls), and actions: renew now,
 * expire the access token now, sign out here, sign out everywhere. Keyboard-usable
 * (Escape closes the panel); its styles live in a shadow root.
 *
 * Costs nothing in production: under the `production` export condition (which
 * Vite and webpack apply in a build with `NODE_ENV=production`) the import resolves
 * to a no-op with none of the panel's code. Without a document (a server) it does nothing.
 *
 * @param tokens - the app's token manager (`createTokenManager`)
 * @throws TokensError `INVALID_ARGUMENT` when `tokens` is not a token manager
 * @throws MemberAuthError `INVALID_ARGUMENT` when `options.memberAuth` was not made by `createMemberAuth`
 * @throws RedirectsError `INVALID_ARGUMENT` when `options.redirects` was not made by `createRedirects`
 * @example
 * ```ts
 * import { mountIdentityDevtools } from '@site-identity/devtools';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const devtools = mountIdentityDevtools(tokens, { position: 'bottom-left' });
 * // later: devtools.unmount();
 * ```
 */
export function mountIdentityDevtools(
  tokens: TokenManager,
  options: DevtoolsOptions = {},
): MountedDevtools {
  if (!isManager(tokens))
    throw new TokensError(
      `tokens must be a token manager (createTokenManager()); got ${tokens === null ? 'null' : typeof tokens}`,
      { code: 'INVALID_ARGUMENT' },
    );
  // The member client's refusals, its INVALID_ARGUMENT thrown here, with or without a page.
  const hearRefusals =
    options.memberAuth === undefined ? undefined : configurationRefusals(options.memberAuth);
  // The redirect client's failures, its INVALID_ARGUMENT thrown here too.
  const hearFailures =
    options.redirects === undefined ? undefined : callFailures(options.redirects);
  if (!globalThis.document) return NOTHING;
  const { maxEvents = 100, initialIsOpen = false, position = 'bottom-right' } = options;
  const host = element('div', { 'data-site-identity-devtools': '' });
  const all: Action[] = ['renew', 'expire', 'signOut', 'signOutEverywhere'];
  const panel = buildPanel(
    host,
    position,
    all.filter((action) => action !== 'signOutEverywhere' || options.signOutEverywhere),
  );
  const heard: Heard = { renewals: 0 };
  const addProblem = problemList(panel);
  let member: MemberView = { state: options.member ? 'none' : 'unset' };
  let revealed = false;
  let ticking: ReturnType<typeof setInterval> | undefined;

  function render(): void {
    const snapshot = tokens.getSnapshot();
    panel.toggle.textContent = `Identity devtools · ${snapshot.status}`;
    const rows = sessionRows(snapshot, heard, Date.now());
    for (const [row, text] of Object.entries(rows))
      panel.rows[row as keyof typeof rows].textContent = text;
    panel.rows.member.textContent = memberText(member);
    panel.buttons.expire.disabled = !snapshot.tokens;
    panel.noErrors.hidden = panel.errors.children.length > 0;
    if (revealed) showValues(panel, tokens, true);
  }

  function record(event: InspectionEvent): void {
    hear(heard, event);
    const at = element('time', { datetime: new Date(event.at).toISOString() }, timeOfDay(event.at));
    panel.log.prepend(element('li', { 'data-type': event.type }, at, describeEvent(event)));
    while (panel.log.children.length > maxEvents) panel.log.lastElementChild?.remove();
    if (event.type === 'error') {
      const { code, retryable, message } = event.error;
      addError(panel, event.at, `${code}${retryable ? ' (retryable)' : ''}: ${message}`);
      // The app's configuration, not a moment's trouble: what to change.
      addProblem(tokensRefusal(event.error, tokens), TOKENS_SOURCE, event.at);
    }
    render();
  }

  function setOpen(open: boolean, focus = false): void {
    panel.panel.hidden = !open;
    panel.toggle.setAttribute('aria-expanded', String(open));
    clearInterval(ticking);
    ticking = open ? setInterval(render, 1000) : undefined;
    render();
    if (focus) (open ? panel.panel : panel.toggle).focus();
  }

  wireActions(panel, actionsOf(tokens, options), (error) =>
    addError(
      panel,
      Date.now(),
      `Sign out everywhere failed: ${(error as Error)?.message ?? String(error)}`,
    ),
  );
  wireOpening(panel, setOpen);
  panel.reveal.addEventListener('click', () => showValues(panel, tokens, (revealed = !revealed)));
  const followMember = memberFollower(options.member, (view) => {
    member = view;
    render();
  });
  const stops = [inspect(tokens, record), tokens.subscribe(render), tokens.subscribe(followMember)];
  if (hearRefusals)
    stops.push(
      hearRefusals((refusal) => {
        addProblem(refusal, memberAuthSource(refusal), Date.now());
        render();
      }),
    );
  if (hearFailures)
    stops.push(
      // Diagnosed by the same rule as the manager's, with what the redirect client sends:
      // most failures are not the configuration.
      hearFailures((failure) => {
        addProblem(redirectsRefusal(failure), redirectsSource(failure), Date.now());
        render();
      }),
    );
  followMember(tokens.getSnapshot());
  (options.container ?? document.body).append(host);
  setOpen(initialIsOpen);

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    unmount() {
      clearInterval(ticking);
      for (const stop of stops) stop();
      host.remove();
    },
  };
}

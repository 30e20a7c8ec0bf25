import { element } from './dom';
import type { DevtoolsPosition } from './options';
import { STYLES } from './styles';

/** The rows of the session table, in order, with their labels. @internal */
export const SESSION_ROWS = {
  status: 'Role',
  member: 'Member',
  expires: 'Access token expires',
  refresh: 'Refresh token',
  generation: 'Epoch · generation',
  renewals: 'Renewals',
  handOff: 'Last hand-off',
  ended: 'Last session end',
  retry: 'Automatic renewal',
} as const;

/** A row of the session table. @internal */
export type SessionRow = keyof typeof SESSION_ROWS;

/** The actions the panel offers, with their labels. @internal */
export const ACTIONS = {
  renew: 'Renew now',
  expire: 'Expire access token now',
  signOut: 'Sign out here',
  signOutEverywhere: 'Sign out everywhere',
} as const;

/** An action of the panel. @internal */
export type Action = keyof typeof ACTIONS;

/**
 * The devtools' elements in an open shadow root on `host`: the floating button,
 * the panel (a labelled region, hidden until opened) with its session table,
 * token reveal, actions, event log, last errors and the last configuration problems
 * seen. @internal
 */
export function buildPanel(host: HTMLElement, position: DevtoolsPosition, actions: Action[]) {
  const root = host.attachShadow({ mode: 'open' });
  const title = element('h2', { id: 'title' }, 'Site Identity session');
  const close = element('button', { type: 'button', 'aria-label': 'Close devtools' }, 'Close');
  const rows = {} as Record<SessionRow, HTMLElement>;
  const table = element('dl');
  for (const [row, label] of Object.entries(SESSION_ROWS)) {
    rows[row as SessionRow] = element('dd', { 'data-field': row });
    table.append(element('dt', {}, label), rows[row as SessionRow]);
  }
  const reveal = element('button', { type: 'button', 'aria-pressed': 'false' }, 'Reveal tokens');
  const values = element('dl', { hidden: true });
  const buttons = {} as Record<Action, HTMLButtonElement>;
  const actionBar = element('div', { class: 'actions' });
  for (const action of actions) {
    buttons[action] = element('button', { type: 'button', 'data-action': action }, ACTIONS[action]);
    actionBar.append(buttons[action]);
  }
  const heading = (id: string, text: string) => element('h3', { id }, text);
  const log = element('ol');
  const errors = element('ul', { 'aria-labelledby': 'errors-title' });
  const noErrors = element('p', {}, 'None.');
  const problems = element('ul', { 'aria-labelledby': 'config-title', class: 'problems' });
  const noProblems = element('p', {}, 'None seen.');
  const section = (id: string, text: string, ...children: Node[]) =>
    element('section', { 'aria-labelledby': id }, heading(id, text), ...children);
  const panel = element(
    'section',
    { id: 'panel', class: 'panel', 'aria-labelledby': 'title', tabindex: '-1', hidden: true },
    element('header', {}, title, close),
    element(
      'div',
      { class: 'grid' },
      section('session-title', 'Session', table, element('p', {}, reveal), values),
      section('actions-title', 'Actions', actionBar),
    ),
    section(
      'log-title',
      'Event log',
      element('div', { role: 'log', 'aria-labelledby': 'log-title', class: 'log' }, log),
    ),
    section('errors-title', 'Last errors', errors, noErrors),
    section(
      'config-title',
      'Configuration problems',
      element('div', { 'data-field': 'configuration' }, problems, noProblems),
    ),
  );
  const toggle = element('button', {
    type: 'button',
    class: 'toggle',
    'aria-expanded': 'false',
    'aria-controls': 'panel',
  });
  root.append(
    element('style', {}, STYLES),
    element('div', { class: `root ${position}` }, toggle, panel),
  );
  return {
    toggle,
    panel,
    close,
    rows,
    reveal,
    values,
    buttons,
    log,
    errors,
    noErrors,
    problems,
    noProblems,
  };
}

/** The parts of {@link buildPanel}. @internal */
export type Panel = ReturnType<typeof buildPanel>;

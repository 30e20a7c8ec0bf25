import type { ConfigurationRefusal } from '@site-identity/member-auth/internal';
import { withProblem, type ConfigurationProblem } from './configuration-problem';
import { element } from './dom';
import { timeOfDay } from './format';
import type { Panel } from './panel';

/** `text` as the start of a sentence. */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One item of the "Configuration problems" list: when it was last met and by whom (and
 * how many times), what was refused, the setting to change, and the error's own account.
 * Never a token value (the errors carry none). @internal
 */
function problemItem(problem: ConfigurationProblem): HTMLLIElement {
  const { at, seenBy, times, cause, fix, detail } = problem;
  return element(
    'li',
    { class: 'problem' },
    element(
      'p',
      {},
      element('time', { datetime: new Date(at).toISOString() }, timeOfDay(at)),
      `${seenBy.join(', ')}${times > 1 ? ` · ${times} times` : ''}`,
    ),
    element('p', { 'data-part': 'cause' }, `${sentence(cause)}.`),
    element('p', { 'data-part': 'fix', class: 'fix' }, `To fix it, ${fix}.`),
    element('p', { 'data-part': 'detail', class: 'detail' }, detail),
  );
}

/**
 * The "Configuration problems" list of `panel`: the function that lists `refusal` (when
 * there is one), met by `source` at `at`, the last met first (see `withProblem`). @internal
 */
export function problemList(
  panel: Pick<Panel, 'problems' | 'noProblems'>,
): (refusal: ConfigurationRefusal | undefined, source: string, at: number) => void {
  let problems: ConfigurationProblem[] = [];
  return (refusal, source, at) => {
    if (!refusal) return;
    problems = withProblem(problems, { refusal, source, at });
    panel.problems.replaceChildren(...problems.map(problemItem));
    panel.noProblems.hidden = true;
  };
}

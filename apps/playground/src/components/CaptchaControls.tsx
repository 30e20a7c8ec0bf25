import { useCaptchaSettings, type InvisibleAnswer } from '../lib/captcha';
import { useMockWatch } from '../lib/mockWatch';
import { usePlayground } from '../PlaygroundContext';

/** Why a captcha setting leads nowhere, for the mode the site is in. */
function hintFor(mode: string, invisible: InvisibleAnswer, visibleSolved: boolean): string {
  if (mode === 'visible')
    return visibleSolved
      ? 'The site wants the visible reCAPTCHA: ticked, so the next try passes.'
      : 'The site wants the visible reCAPTCHA: tick "I\'m not a robot", or every try answers USER_CAPTCHA_REQUIRED.';
  if (invisible === 'nothing')
    return 'With nothing from the invisible reCAPTCHA the platform answers SILENT_CAPTCHA_REQUIRED and never asks for the visible one, so ticking "I\'m not a robot" does not help: choose a token.';
  if (invisible === 'rejected')
    return visibleSolved
      ? 'The rejected invisible token makes the platform ask for the visible one, which is ticked: the next try passes.'
      : 'The platform rejects the invisible token and asks for the visible one (USER_CAPTCHA_REQUIRED): tick "I\'m not a robot" and try again.';
  return 'The invisible reCAPTCHA answers a good token: register and login pass without a tick.';
}

/**
 * The simulated reCAPTCHA, in the register and login panels (both use it): shown
 * while the mock site asks for a captcha, with a hint for each dead end.
 */
export function CaptchaControls() {
  const { captcha, mock } = usePlayground();
  const settings = useCaptchaSettings(captcha);
  const mode = useMockWatch(mock).state?.settings.captcha ?? 'off';
  if (mode === 'off')
    return (
      <p className="hint">
        No captcha on this site. Turn on reCAPTCHA in "Mock site settings" to try the captcha
        states.
      </p>
    );
  return (
    <fieldset className="stack captcha">
      <legend>Simulated reCAPTCHA (the site asks for the {mode} one)</legend>
      <label className="field">
        The invisible reCAPTCHA answers
        <select
          value={settings.invisible}
          onChange={(event) => captcha.update({ invisible: event.target.value as InvisibleAnswer })}
        >
          <option value="valid">a token the platform accepts</option>
          <option value="rejected">a token the platform rejects</option>
          <option value="nothing">nothing (it could not run)</option>
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.visibleSolved}
          onChange={(event) => captcha.update({ visibleSolved: event.target.checked })}
        />
        I'm not a robot (the visible reCAPTCHA)
      </label>
      <p className="hint" data-testid="captcha-hint">
        {hintFor(mode, settings.invisible, settings.visibleSolved)}
      </p>
    </fieldset>
  );
}

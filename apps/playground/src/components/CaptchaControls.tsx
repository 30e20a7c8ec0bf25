import { useCaptchaSettings, type InvisibleAnswer } from '../lib/captcha';
import { usePlayground } from '../PlaygroundContext';

/**
 * The simulated reCAPTCHA, shared by register and login. Only asked when the
 * mock site requires a captcha (see "Mock site settings").
 */
export function CaptchaControls() {
  const { captcha } = usePlayground();
  const settings = useCaptchaSettings(captcha);
  return (
    <fieldset className="stack captcha">
      <legend>Simulated reCAPTCHA (asked only when the site requires one)</legend>
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
    </fieldset>
  );
}

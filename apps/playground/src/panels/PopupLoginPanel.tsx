import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { loginInPopup } from '../lib/popupLogin';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** The hosted login page in a popup window: this page stays, the code comes back by web_message. */
export function PopupLoginPanel() {
  const playground = usePlayground();
  const action = useAction();
  return (
    <Panel
      id="popup-login"
      title="Popup login"
      intro="Opens the platform's hosted login page in a popup window, opened at once inside your click so the browser's popup blocker lets it through. The page posts the code back to this tab (web_message, origin and window checked), which exchanges it; the popup closes and this page never leaves. A blocked popup or one you close gets its own error."
    >
      <div className="row">
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action.run((report) => loginInPopup(playground, report, {}, 'e-mail and password'))
          }
        >
          Log in in a popup
        </button>
      </div>
      <Outcome value={action.outcome} working={action.working} label="Popup login result" />
    </Panel>
  );
}

import { ActionButton } from '../components/ActionButton';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { useMockWatch } from '../lib/mockWatch';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Anonymous visitor tokens: fetched once, then reused from storage on every reload. */
export function VisitorTokensPanel() {
  const { tokens, log, mock } = usePlayground();
  const action = useAction();
  const { requests } = useMockWatch(mock);
  const grants = requests?.filter((request) => request.grantType === 'anonymous').length;

  return (
    <Panel
      id="visitor-tokens"
      title="Visitor tokens"
      intro="A site visitor who has not logged in still gets tokens: the anonymous grant gives role visitor. The playground asks for tokens when it loads; reload the page and they come from localStorage, with no new request. Five calls at once make one request."
    >
      <dl className="facts">
        <dt>Anonymous grants so far</dt>
        <dd data-testid="anonymous-grants">{grants ?? '…'}</dd>
      </dl>
      <div className="row">
        <ActionButton
          action={action}
          onRun={async () => {
            const sets = await Promise.all(Array.from({ length: 5 }, () => tokens.getTokens()));
            const first = sets[0];
            log.add(
              `Visitor tokens: 5 concurrent getTokens() calls answered with role ${first?.refreshToken.role ?? 'none'}`,
            );
            return {
              tone: 'ok',
              message: `Five concurrent getTokens() calls resolved with role ${first?.refreshToken.role ?? 'none'}.`,
              detail: 'The request log shows at most one token request for all five.',
            };
          }}
        >
          Call getTokens() five times at once
        </ActionButton>
      </div>
      <Outcome value={action.outcome} working={action.working} label="Visitor tokens result" />
    </Panel>
  );
}

import { useState } from 'react';
import type { RedirectSessionRequest } from '@site-identity/redirects';
import { createRedirectSession } from '@site-identity/redirects/redirect-session';
import { ActionForm } from '../components/ActionForm';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** The checkout intents a redirect session can carry, with the id each one names. */
const INTENTS = {
  ecomCheckout: { label: 'Store checkout', field: 'checkoutId', example: 'checkout-1001' },
  bookingsCheckout: { label: 'Bookings checkout', field: 'slotAvailability', example: 'slot-42' },
  eventsCheckout: { label: 'Events checkout', field: 'reservationId', example: 'reservation-7' },
  paidPlansCheckout: { label: 'Paid plans checkout', field: 'planId', example: 'plan-gold' },
  storesProduct: { label: 'Store product page', field: 'productSlug', example: 'blue-mug' },
  bookingsBook: { label: 'Book a service', field: 'resourceId', example: 'room-3' },
} as const;

type Intent = keyof typeof INTENTS;

/** The redirect-session request for one intent, with the site's page as the place to come back to. */
function requestFor(intent: Intent, id: string): RedirectSessionRequest {
  const callbacks = { postFlowUrl: `${window.location.origin}/` };
  switch (intent) {
    case 'ecomCheckout':
      return { ecomCheckout: { checkoutId: id }, callbacks };
    case 'bookingsCheckout':
      return { bookingsCheckout: { slotAvailability: id }, callbacks };
    case 'eventsCheckout':
      return { eventsCheckout: { reservationId: id }, callbacks };
    case 'paidPlansCheckout':
      return { paidPlansCheckout: { planId: id }, callbacks };
    case 'storesProduct':
      return { storesProduct: { productSlug: id }, callbacks };
    case 'bookingsBook':
      return { bookingsBook: { resourceId: id }, callbacks };
  }
}

/** Redirect sessions: the platform hands back a full URL of its hosted page for an intent. */
export function CheckoutPanel() {
  const { redirects, log } = usePlayground();
  const [intent, setIntent] = useState<Intent>('ecomCheckout');
  const [id, setId] = useState<string>(INTENTS.ecomCheckout.example);
  const [session, setSession] = useState<{ fullUrl: string; endpoint: string; id: string }>();
  const action = useAction();
  const spec = INTENTS[intent];

  return (
    <Panel
      id="checkout"
      title="Checkout redirect sessions"
      intro="A site sends a visitor to the platform's hosted pages (checkout, booking, a product) through a redirect session: it posts the intent, and the platform answers a full URL to open. After the flow the platform returns to the postFlowUrl."
    >
      <ActionForm
        action={action}
        submit="Create the redirect session"
        onSubmit={async () => {
          const redirectSession = await createRedirectSession(redirects, requestFor(intent, id));
          const sessionId = redirectSession.id ?? '(no id)';
          setSession({
            fullUrl: redirectSession.fullUrl,
            endpoint: redirectSession.urlDetails?.endpoint ?? '',
            id: sessionId,
          });
          log.add(`Redirect session for ${intent}: ${sessionId}`);
          return {
            tone: 'ok',
            message: `The platform created redirect session ${sessionId}. Open its URL to continue on the hosted page.`,
          };
        }}
      >
        <label className="field">
          Intent
          <select
            value={intent}
            onChange={(event) => {
              const next = event.target.value as Intent;
              setIntent(next);
              setId(INTENTS[next].example);
              setSession(undefined);
            }}
          >
            {(Object.keys(INTENTS) as Intent[]).map((key) => (
              <option key={key} value={key}>
                {INTENTS[key].label} ({key})
              </option>
            ))}
          </select>
        </label>
        <TextField label={spec.field} value={id} onChange={setId} required />
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Redirect session result" />
      {session ? (
        <dl className="facts" style={{ marginTop: '0.75rem' }}>
          <dt>endpoint</dt>
          <dd className="mono" data-testid="redirect-endpoint">
            {session.endpoint}
          </dd>
          <dt>fullUrl</dt>
          <dd className="mono" data-testid="redirect-url">
            <a href={session.fullUrl}>{session.fullUrl}</a>
          </dd>
        </dl>
      ) : null}
    </Panel>
  );
}

import { useSession } from '@site-identity/react';
import { useMember } from '@site-identity/react/member';
import { useEffect, useState } from 'react';
import { Panel } from '../components/Panel';
import { MOCK_PLATFORM_URL } from '../config';
import { usePlayground } from '../PlaygroundContext';

/** A product of the platform's `Products` data collection. */
interface Product {
  readonly id: string;
  readonly title: string;
  readonly price: number;
}

type Listing =
  | { readonly state: 'loading' }
  | { readonly state: 'done'; readonly products: readonly Product[] }
  | { readonly state: 'error'; readonly message: string };

/** The data items query (`@wix/data` `items.query('Products').find()` sends the same request). */
const QUERY_URL = `${MOCK_PLATFORM_URL}/wix-data/v2/items/query`;

/** One product of the answer `{ dataItems: [{ id, data }] }`, or undefined for anything else. */
function productOf(item: unknown): Product | undefined {
  const { id, data } = (item ?? {}) as { id?: unknown; data?: Record<string, unknown> };
  if (typeof id !== 'string' || typeof data?.['title'] !== 'string') return undefined;
  return { id, title: data['title'], price: Number(data['price']) };
}

/**
 * What a storefront shows: the member greeted by name (`useMember`, one members API request
 * per member session) and the products of a data collection, read with the session's
 * access token, again when a member signs in or out.
 */
export function StorefrontPanel() {
  const { tokens, requests } = usePlayground();
  const { member, status: memberStatus, error } = useMember();
  const { status } = useSession();
  const signedIn = status === 'member';
  const [listing, setListing] = useState<Listing>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    const list = async () => {
      const response = await requests.fetch(QUERY_URL, {
        method: 'POST',
        headers: {
          authorization: await tokens.getAccessToken(),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          dataCollectionId: 'Products',
          query: { sort: [{ fieldName: 'title', order: 'ASC' }] },
        }),
      });
      if (!response.ok) throw new Error(`the data items API answered ${response.status}`);
      const { dataItems } = (await response.json()) as { dataItems?: unknown[] };
      return (dataItems ?? []).map(productOf).filter((p): p is Product => p !== undefined);
    };
    list().then(
      (products) => live && setListing({ state: 'done', products }),
      (failure: unknown) =>
        live &&
        setListing({
          state: 'error',
          message: failure instanceof Error ? failure.message : String(failure),
        }),
    );
    return () => {
      live = false;
    };
  }, [tokens, requests, signedIn]);

  const greeting =
    memberStatus === 'loading'
      ? '…'
      : memberStatus === 'error'
        ? `The member could not be read: ${error?.message ?? 'unknown error'}`
        : member
          ? `Welcome, ${member.contact.firstName ?? member.profile.nickname ?? member.loginEmail ?? 'member'}`
          : 'Welcome, visitor';

  return (
    <Panel
      id="storefront"
      title="Storefront"
      intro="What a shop page shows with the session: the member greeted by name (useMember: one members API request per member session, none for a visitor) and the products of the Products data collection, read with the session's access token, again when a member signs in or out."
    >
      <p data-testid="member-greeting">{greeting}</p>
      {member && (
        <dl className="facts">
          <dt>Member id</dt>
          <dd data-testid="member-id">{member.id}</dd>
          <dt>E-mail</dt>
          <dd>{member.loginEmail ?? '—'}</dd>
        </dl>
      )}
      {listing.state === 'loading' && <p>Loading products…</p>}
      {listing.state === 'error' && <p role="alert">Products unavailable: {listing.message}</p>}
      {listing.state === 'done' && (
        <ul aria-label="Products">
          {listing.products.map((product) => (
            <li key={product.id}>
              {product.title} — ${product.price}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

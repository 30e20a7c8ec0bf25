import { useSession } from '@site-identity/react';
import { useEffect, useState } from 'react';
import type { StoreClient } from './identity';

/** A product as the store's `Products` collection holds it. */
interface Product {
  readonly _id: string;
  readonly title?: string;
  readonly price?: number;
  readonly inStock?: boolean;
}

type Listing =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly products: readonly Product[] }
  | { readonly status: 'error'; readonly message: string };

/**
 * The `Products` collection through @wix/data's `items.query(...).find()`, read again
 * when the session changes hands (a member may read what a visitor may not).
 */
export function Products({ client }: { client: StoreClient }) {
  const { status } = useSession();
  // Read once for a visitor (the strategy gets visitor tokens when there are none) and
  // again when a member signs in or out; not for a renewal of the same session.
  const signedIn = status === 'member';
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    client.items
      .query('Products')
      .ascending('title')
      .find()
      .then(
        (result) => live && setListing({ status: 'done', products: result.items as Product[] }),
        (error: unknown) =>
          live && setListing({ status: 'error', message: (error as Error).message }),
      );
    return () => {
      live = false;
    };
  }, [client, signedIn]);
  if (listing.status === 'loading') return <p>Loading products…</p>;
  if (listing.status === 'error')
    return <p role="alert">Products unavailable: {listing.message}</p>;
  return (
    <ul aria-label="Products">
      {listing.products.map((product) => (
        <li key={product._id}>
          {product.title} — ${product.price}
          {product.inStock === false && ' (out of stock)'}
        </li>
      ))}
    </ul>
  );
}

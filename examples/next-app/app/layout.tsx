import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { identity } from '../lib/identity';
import { Providers } from './providers';

export const metadata = { title: 'Site Identity on Next.js' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The proxy renewed the session already; this reads it (and never writes cookies).
  const { snapshot } = await identity.getSession({ headers: await headers() });
  return (
    <html lang="en">
      <body>
        <Providers session={snapshot}>{children}</Providers>
      </body>
    </html>
  );
}

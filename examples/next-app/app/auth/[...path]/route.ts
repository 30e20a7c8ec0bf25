import { identity } from '../../../lib/identity';

const handle = async (request: Request) =>
  (await identity.handle(request)) ?? new Response('Not found', { status: 404 });

export { handle as GET, handle as POST };

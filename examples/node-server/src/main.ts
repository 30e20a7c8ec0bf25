import { createSite } from './site.js';

const port = Number(process.env.PORT ?? 4484);
const origin = `http://localhost:${port}`;
createSite({
  origin,
  secret: process.env.SESSION_SECRET ?? 'an-example-secret-that-is-long-enough-0123',
  ...(process.env.PLATFORM_URL && { platformUrl: process.env.PLATFORM_URL }),
}).listen(port, '127.0.0.1', () => console.log(`listening on ${origin}`));

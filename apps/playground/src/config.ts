/**
 * Where the playground finds the mock platform, and who it is to the platform.
 *
 * `VITE_MOCK_PLATFORM_URL` is read at build time: `npm run dev` serves the app on
 * port 5173 against a mock platform on port 4010; the end-to-end build
 * (`vite build --mode e2e`, see `.env.e2e`) points at port 4011 instead.
 */
export const MOCK_PLATFORM_URL: string = (
  import.meta.env.VITE_MOCK_PLATFORM_URL ?? 'http://127.0.0.1:4010'
).replace(/\/+$/, '');

/** The client id of the playground's site; the mock platform accepts any id. */
export const CLIENT_ID: string = import.meta.env.VITE_CLIENT_ID ?? 'playground-client';

/** The token endpoint of the mock platform. */
export const TOKEN_URL = `${MOCK_PLATFORM_URL}/oauth2/token`;

/** The page the hosted login page returns to. */
export function callbackUrl(): string {
  return `${window.location.origin}/callback`;
}

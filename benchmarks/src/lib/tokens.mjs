// Token sets built in the shape both our library and @wix/sdk use:
// `{ accessToken: { value, expiresAt }, refreshToken: { value, role } }`.

/** Epoch seconds now. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token set whose access token is valid for `seconds` more (negative: expired). */
export function tokenSet({ accessToken, refreshToken, role = 'visitor', expiresIn = 3600 }) {
  return {
    accessToken: { value: accessToken, expiresAt: nowSeconds() + expiresIn },
    refreshToken: { value: refreshToken, role },
  };
}

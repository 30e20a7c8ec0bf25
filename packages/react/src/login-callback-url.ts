/**
 * Whether `href` carries a hosted-login answer: a `state` with a `code` or an
 * `error`, in the fragment (the default response mode) or in the query.
 * Anything unparsable is not a callback. @internal
 */
export function hasLoginCallback(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return [url.hash.slice(1), url.search.slice(1)].some((part) => {
    const params = new URLSearchParams(part);
    return params.has('state') && (params.has('code') || params.has('error'));
  });
}

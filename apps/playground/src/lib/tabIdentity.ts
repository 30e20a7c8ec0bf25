const KEY = 'site-identity-playground:tab';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A short name for this tab ("Tab K"), kept in sessionStorage so that it survives
 * reloads and the hosted round trip of the same tab, and shown in the page title
 * so that two tabs tell themselves apart.
 */
export function tabIdentity(): string {
  try {
    const known = window.sessionStorage.getItem(KEY);
    if (known) return known;
    const name = `Tab ${LETTERS[Math.floor(Math.random() * LETTERS.length)]}${Math.floor(Math.random() * 10)}`;
    window.sessionStorage.setItem(KEY, name);
    return name;
  } catch {
    return 'This tab';
  }
}

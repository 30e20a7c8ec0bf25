/**
 * Escapes text for HTML content and attribute values.
 *
 * @example
 * ```ts
 * escapeHtml('<b>'); // '&lt;b&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serialises a value for an inline `<script>` (no `</script>` break-out).
 *
 * @example
 * ```ts
 * `<script>post(${scriptJson({ code })})</script>`;
 * ```
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A complete hosted page.
 *
 * @example
 * ```ts
 * page('Sign in', '<form>…</form>');
 * ```
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="card">
<p class="brand"><span class="mark" aria-hidden="true"></span>Site Identity</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** The hosted pages' look: a centred card, as a real login page. */
const STYLE =
  'body{margin:0;padding:0 .75rem;background:#e8ecf5;font:16px/1.45 system-ui,sans-serif;color:#1d2330}' +
  '.card{box-sizing:border-box;max-width:24rem;margin:8vh auto 2rem;padding:2rem 1.5rem;background:#fff;border-radius:14px;box-shadow:0 8px 28px #1d233022}' +
  '.brand{margin:0 0 1rem;font-weight:700;color:#2f5bea}.mark{display:inline-block;width:1rem;height:1rem;margin-right:.5rem;border-radius:4px;background:#2f5bea}' +
  'h1{margin:0 0 1rem;font-size:1.4rem}label{display:block;margin:0 0 .9rem;font-weight:600}' +
  'input,button{display:block;width:100%;box-sizing:border-box;margin-top:.3rem;padding:.6rem;font:inherit;border:1px solid #cdd3df;border-radius:8px}' +
  'button{font-weight:600;border-color:#2f5bea;background:#2f5bea;color:#fff}button[value=cancel]{background:#fff;color:#2f5bea}' +
  '.error{padding:.6rem;border-radius:8px;background:#fde8e6;color:#b42318}code{overflow-wrap:anywhere}';

/**
 * The e-mail and password form of the hosted pages. It posts to the page's own URL.
 *
 * @example
 * ```ts
 * page('Sign in', loginForm({ error: 'Wrong e-mail or password', email }));
 * ```
 */
export function loginForm({
  error,
  email = '',
  cancel = false,
}: {
  error?: string;
  email?: string;
  cancel?: boolean;
}): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="">
<label>E-mail <input name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" name="action" value="login">Sign in</button>
${cancel ? '<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>' : ''}
</form>`;
}

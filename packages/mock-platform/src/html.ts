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
<style>body{font:16px system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;box-sizing:border-box}.error{color:#b00020}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;
}

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

// Answers shaped the way the platform shapes them. Every answer gets its
// `x-wix-request-id` header later, in one place (the platform's fetch handler).

/**
 * A field violation of a validation error.
 *
 * @example
 * ```ts
 * const violation: FieldViolation = { field: 'loginId.email', description: 'must be a valid e-mail address', data: { type: 'EMAIL' } };
 * ```
 */
export interface FieldViolation {
  readonly field: string;
  readonly description: string;
  readonly data?: { readonly type: string };
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  302: 'Found',
  303: 'See Other',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The standard reason phrase of an HTTP status.
 *
 * @example
 * ```ts
 * statusText(404); // 'Not Found'
 * ```
 */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}

/**
 * A JSON answer.
 *
 * @example
 * ```ts
 * return json({ state: 'SUCCESS' });
 * ```
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: statusText(status),
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * An application error: `{ message, details: { applicationError: { code, description, data: {} } } }`
 * (the emulator's errors carry no data).
 *
 * @example
 * ```ts
 * return applicationError(409, '-19995', 'Email already exists');
 * ```
 */
export function applicationError(status: number, code: string, description: string): Response {
  return json(
    { message: description, details: { applicationError: { code, description, data: {} } } },
    status,
  );
}

/**
 * A validation error: `{ message, details: { validationError: { fieldViolations } } }`, status 400.
 *
 * @example
 * ```ts
 * return validationError([{ field: 'loginId.email', description: 'must be an e-mail', data: { type: 'EMAIL' } }]);
 * ```
 */
export function validationError(fieldViolations: readonly FieldViolation[]): Response {
  const fields = fieldViolations
    .map((violation) => `${violation.field}: ${violation.description}`)
    .join(', ');
  return json(
    { message: `INVALID_ARGUMENT: ${fields}`, details: { validationError: { fieldViolations } } },
    400,
  );
}

/**
 * A 4xx or 5xx without details, `{ message, details: {} }`, as the platform answers
 * an unknown path or a wrong method.
 *
 * @example
 * ```ts
 * return bareError(404, 'No route for GET /nowhere');
 * ```
 */
export function bareError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ message, details: {} }, status, headers);
}

/**
 * An OAuth error answer of the token endpoint (RFC 6749 §5.2), in the platform's
 * error envelope too: `{ error, error_description, message, details: { applicationError } }`.
 *
 * @example
 * ```ts
 * return oauthError(400, 'invalid_grant', 'refresh token already used');
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2
 */
export function oauthError(status: number, error: string, description: string): Response {
  return json(
    {
      error,
      error_description: description,
      message: description,
      details: { applicationError: { code: error, description, data: {} } },
    },
    status,
  );
}

/**
 * A redirect (302 by default, 303 after a form post).
 *
 * @example
 * ```ts
 * return redirect('https://app.example/callback#code=…', 303);
 * ```
 */
export function redirect(
  location: string,
  status = 302,
  headers: Record<string, string> = {},
): Response {
  return new Response(null, {
    status,
    statusText: statusText(status),
    headers: { location, ...headers },
  });
}

/**
 * An HTML answer.
 *
 * @example
 * ```ts
 * return html('<!doctype html><title>Checkout</title>');
 * ```
 */
export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    statusText: statusText(status),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

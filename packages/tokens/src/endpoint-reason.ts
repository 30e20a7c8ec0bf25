import { isRecord, MAX_SERVER_TEXT_LENGTH, serverText } from '@site-identity/http/internal';

/** The most characters of the endpoint's own reason a message carries: http's cap on a server's text. */
export const MAX_REASON_LENGTH = MAX_SERVER_TEXT_LENGTH;

/** The shortest value of the request that is kept out of the reason (a token, a code). */
const MIN_SECRET_LENGTH = 8;

/**
 * The token endpoint's own reason for a refusal, as it said it (RFC 6749 §5.2 `error`,
 * `error_description`), for a message: `invalid_client: unknown client`. Never
 * interpreted: control characters become a space, the text is capped at
 * {@link MAX_REASON_LENGTH} characters, and any value the request carried (a refresh
 * token, a code, a verifier: `secrets`) is replaced, so an endpoint that echoes its
 * input never puts a token in a message. `undefined` when the answer says neither.
 */
export function endpointReason(data: unknown, secrets: readonly string[]): string | undefined {
  if (!isRecord(data)) return undefined;
  const said = [data.error, data.error_description].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  if (said.length === 0) return undefined;
  let reason = said.join(': ');
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) reason = reason.split(secret).join('[redacted]');
  }
  // Redacted first, so that a cap never cuts a secret into a piece that is shown.
  return serverText(reason);
}

/** The fields of a grant's body that hold a secret (a client id or a redirect URI is not one). */
const SECRET_FIELDS = ['refreshToken', 'code', 'codeVerifier', 'session_token'];

/** The secret values of a grant's body and its `Authorization` parts: what a reason must not show. */
export function grantSecrets(body: unknown, authorization: string | undefined): string[] {
  const values = isRecord(body)
    ? SECRET_FIELDS.map((field) => body[field]).filter(
        (value): value is string => typeof value === 'string',
      )
    : [];
  return [...values, ...(authorization ?? '').split(',').map((part) => part.trim())];
}

/**
 * The checks every package of Site Identity shares, in one place. Internal: the
 * packages import them from `@site-identity/http/internal`; they are not public
 * API and may change in any release.
 */
export {
  absoluteUrl,
  attempt,
  clientIdOf,
  describeValue,
  fragmentFreeUrl,
  invalid,
  isRecord,
  keyedFlight,
  MAX_SERVER_TEXT_LENGTH,
  MAX_TARGET_LENGTH,
  nonNegative,
  optionalFunction,
  optionsOf,
  requiredString,
  sameOriginTarget,
  serverText,
  timeoutMs,
  type Invalid,
  type Mismatch,
} from './checks';
export { readCapped } from './read-capped';
export { tellEach } from './tell-each';
export { signalOf, untilAborted } from './signal';
export { lending, type Lending, type LendingOptions } from './lent';
export { exchange, type ExchangeSteps } from './exchange';
export { postJson, type PostJsonRequest } from './post-json';
export { readAnswer, RETRYABLE_STATUSES } from './error-from-response';
export { authorize, serialise } from './request-parts';
export { abortError, invalidOptions } from './platform-error';

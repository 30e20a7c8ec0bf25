export { createAuthFlowData, type AuthFlowData, type AuthFlowRequest } from './auth-flow-data';
export { calculateCodeChallenge } from './code-challenge';
export { generateCodeVerifier } from './code-verifier';
export {
  isPkceError,
  PkceError,
  type KnownPkceErrorCode,
  type PkceErrorCode,
  type PkceErrorInit,
} from './pkce-error';
export { generateState } from './state';

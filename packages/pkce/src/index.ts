export { createAuthFlowData, type AuthFlowData, type AuthFlowRequest } from './auth-flow-data';
export { calculateCodeChallenge } from './code-challenge';
export { generateCodeVerifier, VERIFIER_LENGTH } from './code-verifier';
export { isPkceError, PkceError, type KnownPkceErrorCode, type PkceErrorCode } from './pkce-error';
export { generateState } from './state';

// Internal: what redirects uses to make a flow from URIs it has already checked.
// Not public API (no API report, no semver promise).
export { authFlowOf } from './auth-flow-data';

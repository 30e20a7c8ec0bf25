/**
 * What the other packages of Site Identity use of redirects: the failures a redirect
 * client's calls meet, as they meet them (the devtools panel lists those the app's
 * configuration caused). Internal: not public API; a package that imports it depends
 * on redirects' exact version.
 */
export {
  callFailures,
  type FailureListener,
  type HeardFailure,
  type RedirectsCall,
} from './failure-listeners';

/**
 * What the other packages of Site Identity use of member-auth: the one rule that tells
 * a refusal caused by the app's configuration from the member's mistake or a moment's
 * trouble, and a member client's refusals as its login calls meet them (the devtools
 * panel lists both). Internal: not public API; a package that imports it depends on
 * member-auth's exact version.
 */
export {
  configurationRefusal,
  refusalMessage,
  type ConfigurationRefusal,
  type SentSettings,
} from './configuration-refusal';
export {
  configurationRefusals,
  type HeardRefusal,
  type RefusalListener,
} from './refusal-listeners';

export {
  useLoginWithPopup,
  type LoginWithPopupState,
  type UseLoginWithPopupResult,
} from './use-login-with-popup';

export { loginWithPopup, type LoginWithPopupOptions } from './popup-login';

import { useSyncExternalStore } from 'react';
import type { CaptchaKind } from '@site-identity/member-auth';
import type { CaptchaProvider } from '@site-identity/member-auth/captcha';

/** What the simulated invisible reCAPTCHA answers when the platform asks for it. */
export type InvisibleAnswer = 'valid' | 'rejected' | 'nothing';

export interface CaptchaSettings {
  readonly invisible: InvisibleAnswer;
  /** The person ticked "I'm not a robot" on the visible reCAPTCHA. */
  readonly visibleSolved: boolean;
}

/**
 * A stand-in for Google reCAPTCHA, so captcha flows work offline against the
 * mock platform. It is a real `CaptchaProvider`: member authentication asks it
 * for an invisible token when the platform says one is missing (-19971) and for
 * a visible one when the platform rejects the invisible one (-19970). The mock
 * platform rejects the token `invalid` and accepts any other.
 */
export interface PlaygroundCaptcha extends CaptchaProvider {
  getSettings(): CaptchaSettings;
  update(patch: Partial<CaptchaSettings>): void;
  subscribe(listener: () => void): () => void;
  /** The kinds asked for since the last `clearAsked()`, for the panels to explain. */
  readonly asked: CaptchaKind[];
}

export function createPlaygroundCaptcha(onAsk: (kind: CaptchaKind) => void): PlaygroundCaptcha {
  let settings: CaptchaSettings = { invisible: 'valid', visibleSolved: false };
  const listeners = new Set<() => void>();
  const asked: CaptchaKind[] = [];
  return {
    asked,
    getSettings: () => settings,
    update(patch) {
      settings = { ...settings, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async getToken(kind) {
      asked.push(kind);
      onAsk(kind);
      if (kind === 'visible')
        return settings.visibleSolved ? 'visible-recaptcha-solved' : undefined;
      if (settings.invisible === 'nothing') return undefined;
      return settings.invisible === 'valid' ? 'invisible-recaptcha-token' : 'invalid';
    },
  };
}

export function useCaptchaSettings(captcha: PlaygroundCaptcha): CaptchaSettings {
  return useSyncExternalStore(captcha.subscribe, captcha.getSettings, captcha.getSettings);
}

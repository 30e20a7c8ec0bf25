import type { IdentityProfile } from './identity';

/** What a sign-on says of the member, as `/v2/sign-on` reads it. @internal */
export interface SignOnFields {
  email: string;
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

/**
 * The body of `POST /v2/sign-on`, for both sign-ons (the member-auth call and the
 * external login): the e-mail as `loginId`, the flags `false` unless `true`. @internal
 */
export function signOnBody({ email, profile, verifyEmail, mergeExistingContact }: SignOnFields) {
  return {
    loginId: { email },
    profile: profile ?? {},
    verifyEmail: verifyEmail === true,
    mergeExistingContact: mergeExistingContact === true,
  };
}

export { useMfaStep, type MfaStepCallOptions, type UseMfaStepResult } from './use-mfa-step';

/** What other features may use of the auth feature (its public surface; the rest is internal). */
export { PasswordStrength } from './PasswordStrength';
export { AuthCard } from './AuthCard';
export { PhoneNumberField } from './parts/PhoneNumberField';
export { DoneStep } from './recover/DoneStep';
export { PhoneStep } from './recover/PhoneStep';
export { ResetStep } from './recover/ResetStep';
export { RECOVER_TOAST_ID } from './recover/types';
export type { Started } from './recover/types';
export { AccountStep } from './register/AccountStep';
export { EmploymentStep } from './register/EmploymentStep';
export { VerifyStep } from './register/VerifyStep';
export { ACCOUNT_FIELDS, EMPLOYMENT_FIELDS } from './register/types';
export type { AccountInput, AccountOutput, EmploymentInput, EmploymentOutput } from './register/types';
export { returnPath } from './returnPath';
export { useSignOut } from './useSignOut';

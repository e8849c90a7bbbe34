/** What other features may use of the auth feature (its public surface; the rest is internal). */
export { PasswordStrength } from './PasswordStrength';

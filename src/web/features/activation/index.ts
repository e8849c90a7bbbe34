/** What other features may use of the activation feature (its public surface; the rest is internal). */
export { PayoutAccountFields } from './PayoutAccountFields';
export { ActivationWizard } from './ActivationWizard';

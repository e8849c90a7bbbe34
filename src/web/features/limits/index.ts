/** What other features and pages may use of the limits feature (decision 085). */
export { LimitExplanation } from './LimitExplanation';
export { LimitsCard } from './LimitsCard';

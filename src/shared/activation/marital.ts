/**
 * Marital status options (specification section 3). DECISIONS.md section 3: the option 'Others'
 * carries the value 'Others' (the observed app sent 'Widow/Widower' for it).
 */
export const MARITAL_STATUSES = ['Single', 'Married', 'Separated', 'Divorced', 'Widow/Widower', 'Others'] as const;

export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

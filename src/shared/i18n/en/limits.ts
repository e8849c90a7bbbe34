/** The limit ladder (decision 085): the member's limit per product, why, and what would raise it; the officer sees the same. */
export const problems = {
  firstStep: 'The first step of the limit ladder needs no loan repaid (zero loans).',
  loansWhole: 'The loans a step needs are a whole number, zero or more.',
  ascending: 'Each step of the limit ladder needs more loans repaid on time and gives a higher amount than the one before.',
  stepPositive: 'Each step of the limit ladder gives an amount above zero.',
  fallbackRange: 'The amount after serious lateness ({{amount}}) must be above zero and at most the first step.',
  days: 'The days that make a payment late for the ladder are a whole number, and serious lateness is more days than that.',
} as const;

export const limits = {
  title: 'Your borrowing limits',
  officerTitle: 'Borrowing limits (limit ladder)',
  loading: 'Loading your limits',
  error: 'Your limits could not be loaded.',
  asOf: 'As of {{date}}.',
  limit: '{{product}}: up to {{amount}} PHP',
  bound: {
    LADDER: 'Set by the limit ladder: step {{step}} of {{steps}}, up to {{amount}} PHP.',
    FALLBACK: 'Lowered to {{amount}} PHP: an instalment of the last loan was {{days}} days late (serious lateness is {{seriousLateDays}} days or more).',
    PRODUCT: 'The most this product lends ({{amount}} PHP).',
    INCOME: 'Set by the monthly net income on record: up to {{amount}} PHP for the longest term it allows.',
  },
  ladderStep: 'Limit ladder: step {{step}} of {{steps}}, up to {{amount}} PHP.',
  onTimeRule:
    'A loan counts when it is repaid in full and no instalment was paid more than {{onTimeDays}} days after its due date. Loans of every product count.',
  counted_one: '{{count}} loan repaid on time counts:',
  counted_other: '{{count}} loans repaid on time count:',
  noneCounted: 'No loan repaid on time yet.',
  notCounted: 'Not counted (an instalment paid more than {{onTimeDays}} days after its due date):',
  loan: '{{product}}, repaid on {{date}}',
  lateLoan: '{{product}}, repaid on {{date}}, an instalment {{days}} days late',
  next_one: 'Repay {{count}} more loan on time to reach step {{step}}: up to {{amount}} PHP.',
  next_other: 'Repay {{count}} more loans on time to reach step {{step}}: up to {{amount}} PHP.',
  top: 'This is the highest step of the ladder.',
  fallbackLift: 'Repay a loan with no instalment {{seriousLateDays}} days or more late and the ladder gives up to {{amount}} PHP again.',
  incomeRaise: 'Your monthly net income on record allows up to {{amount}} PHP; a higher income on record would raise it.',
  wallet: 'Money kept in your wallet never changes your limits.',
  errors: {
    aboveLimit: 'Your limit for {{product}} is {{limit}} PHP (the limit ladder, with the product maximum). Choose an amount up to {{limit}} PHP.',
  },
  problems,
} as const;

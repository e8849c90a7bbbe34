/**
 * The 32 job categories of the registration form. The specification shows four of them
 * ('Accounting / Finance', 'Health Care / Medical', 'Seafarers / Seaman', 'Others / General Services');
 * the rest are the common categories of Philippine job boards.
 */
export const JOB_CATEGORIES = [
  'Accounting / Finance',
  'Admin / Office Support',
  'Agriculture / Fishing',
  'Arts / Media / Communications',
  'Banking / Financial Services',
  'BPO / Call Center',
  'Construction / Building Trades',
  'Customer Service',
  'Domestic Work / Household Services',
  'Driving / Transport / Logistics',
  'Education / Training',
  'Engineering',
  'Food and Beverage / Restaurant',
  'Government / Public Service',
  'Health Care / Medical',
  'Hospitality / Hotel / Tourism',
  'Human Resources',
  'Information Technology',
  'Legal',
  'Manufacturing / Production',
  'Marketing / Advertising',
  'Military / Police / Security Services',
  'Mining / Energy / Utilities',
  'Overseas Filipino Worker (Land-based)',
  'Real Estate / Property',
  'Retail / Sales',
  'Science / Research',
  'Seafarers / Seaman',
  'Self-employed / Small Business Owner',
  'Skilled Trades / Technician',
  'Telecommunications',
  'Others / General Services',
] as const;

export type JobCategory = (typeof JOB_CATEGORIES)[number];

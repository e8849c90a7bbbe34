/**
 * The currencies a borrower may choose for display (specification section 3, "Currency"): the peso
 * and the currencies Filipino borrowers and overseas workers use. Loans are booked in PHP.
 */
export interface Currency {
  readonly currencyCode: string;
  readonly currencyName: string;
  readonly currencySymbol: string;
  readonly countryName: string;
  readonly active: boolean;
}

export const DEFAULT_CURRENCY = 'PHP';

export const CURRENCIES: readonly Currency[] = [
  { currencyCode: 'PHP', currencyName: 'Philippine Peso', currencySymbol: '₱', countryName: 'Philippines', active: true },
  { currencyCode: 'USD', currencyName: 'US Dollar', currencySymbol: '$', countryName: 'United States', active: true },
  { currencyCode: 'EUR', currencyName: 'Euro', currencySymbol: '€', countryName: 'Euro area', active: true },
  { currencyCode: 'GBP', currencyName: 'Pound Sterling', currencySymbol: '£', countryName: 'United Kingdom', active: true },
  { currencyCode: 'JPY', currencyName: 'Japanese Yen', currencySymbol: '¥', countryName: 'Japan', active: true },
  { currencyCode: 'SGD', currencyName: 'Singapore Dollar', currencySymbol: 'S$', countryName: 'Singapore', active: true },
  { currencyCode: 'HKD', currencyName: 'Hong Kong Dollar', currencySymbol: 'HK$', countryName: 'Hong Kong', active: true },
  { currencyCode: 'AUD', currencyName: 'Australian Dollar', currencySymbol: 'A$', countryName: 'Australia', active: true },
  { currencyCode: 'CAD', currencyName: 'Canadian Dollar', currencySymbol: 'C$', countryName: 'Canada', active: true },
  { currencyCode: 'AED', currencyName: 'UAE Dirham', currencySymbol: 'AED', countryName: 'United Arab Emirates', active: true },
  { currencyCode: 'SAR', currencyName: 'Saudi Riyal', currencySymbol: 'SAR', countryName: 'Saudi Arabia', active: true },
  { currencyCode: 'QAR', currencyName: 'Qatari Riyal', currencySymbol: 'QAR', countryName: 'Qatar', active: true },
  { currencyCode: 'KWD', currencyName: 'Kuwaiti Dinar', currencySymbol: 'KWD', countryName: 'Kuwait', active: true },
  { currencyCode: 'KRW', currencyName: 'South Korean Won', currencySymbol: '₩', countryName: 'South Korea', active: true },
  { currencyCode: 'TWD', currencyName: 'New Taiwan Dollar', currencySymbol: 'NT$', countryName: 'Taiwan', active: true },
  { currencyCode: 'MYR', currencyName: 'Malaysian Ringgit', currencySymbol: 'RM', countryName: 'Malaysia', active: true },
];

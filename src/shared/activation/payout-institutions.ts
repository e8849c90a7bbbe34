/**
 * Where a member's loan proceeds can be sent (wizard step 5): Philippine banks and e-money issuers
 * that receive InstaPay and/or PESONet transfers. Shipped data, not code: the codes are Tapat's own
 * stable identifiers (stored with the payout account), the names are what the member sees.
 *
 * Source: the participant lists published by the Philippine Payments Management, Inc. (PPMI) and
 * the institutions' own pages, as of 2026. Check the list against PPMI's current one before going
 * live and on every release; a payout provider may support fewer channels than listed here.
 * E-wallet accounts are identified by the member's Philippine mobile number.
 */
export type PayoutChannel = 'INSTAPAY' | 'PESONET';
export type PayoutKind = 'BANK' | 'EWALLET';

export interface PayoutInstitution {
  readonly code: string;
  readonly name: string;
  readonly kind: PayoutKind;
  readonly channels: readonly PayoutChannel[];
}

const BOTH: readonly PayoutChannel[] = ['INSTAPAY', 'PESONET'];
const INSTAPAY: readonly PayoutChannel[] = ['INSTAPAY'];

const bank = (code: string, name: string, channels: readonly PayoutChannel[] = BOTH): PayoutInstitution => ({ code, name, kind: 'BANK', channels });
const ewallet = (code: string, name: string, channels: readonly PayoutChannel[] = INSTAPAY): PayoutInstitution => ({ code, name, kind: 'EWALLET', channels });

export const PAYOUT_INSTITUTIONS: readonly PayoutInstitution[] = [
  bank('ALLBANK', 'AllBank (A Thrift Bank)', INSTAPAY),
  bank('AUB', 'Asia United Bank'),
  bank('BDO', 'BDO Unibank'),
  bank('BDO_NETWORK', 'BDO Network Bank'),
  bank('BOC', 'Bank of Commerce'),
  bank('BPI', 'Bank of the Philippine Islands (BPI)'),
  bank('CARD_BANK', 'CARD Bank', INSTAPAY),
  bank('CBC', 'China Banking Corporation (China Bank)'),
  bank('CBS', 'China Bank Savings'),
  bank('CIMB', 'CIMB Bank Philippines'),
  bank('CTBC', 'CTBC Bank (Philippines)'),
  bank('DBP', 'Development Bank of the Philippines'),
  bank('EQB', 'Equicom Savings Bank'),
  bank('EWB', 'EastWest Bank'),
  bank('GOTYME', 'GoTyme Bank'),
  bank('HSBC', 'HSBC Philippines'),
  bank('LANDBANK', 'Land Bank of the Philippines'),
  bank('MAYA_BANK', 'Maya Bank'),
  bank('MAYBANK', 'Maybank Philippines'),
  bank('METROBANK', 'Metropolitan Bank and Trust Company (Metrobank)'),
  bank('NETBANK', 'Netbank (A Rural Bank)', INSTAPAY),
  bank('OFB', 'Overseas Filipino Bank', INSTAPAY),
  bank('PBB', 'Philippine Business Bank'),
  bank('PBCOM', 'Philippine Bank of Communications (PBCOM)'),
  bank('PNB', 'Philippine National Bank (PNB)'),
  bank('PSBANK', 'Philippine Savings Bank (PSBank)'),
  bank('PVB', 'Philippine Veterans Bank'),
  bank('RCBC', 'Rizal Commercial Banking Corporation (RCBC)'),
  bank('SEABANK', 'SeaBank Philippines', INSTAPAY),
  bank('SECB', 'Security Bank'),
  bank('STERLING', 'Sterling Bank of Asia'),
  bank('TONIK', 'Tonik Digital Bank'),
  bank('UB', 'UnionBank of the Philippines'),
  bank('UNION_DIGITAL', 'UnionDigital Bank', INSTAPAY),
  bank('UNO', 'UNObank', INSTAPAY),
  ewallet('COINS_PH', 'Coins.ph'),
  ewallet('GCASH', 'GCash'),
  ewallet('GRABPAY', 'GrabPay'),
  ewallet('MAYA', 'Maya Wallet'),
  ewallet('PALAWANPAY', 'PalawanPay'),
  ewallet('SHOPEEPAY', 'ShopeePay'),
  ewallet('STARPAY', 'Starpay'),
  ewallet('TAYOCASH', 'TayoCash'),
];

const BY_CODE: ReadonlyMap<string, PayoutInstitution> = new Map(PAYOUT_INSTITUTIONS.map((i) => [i.code, i]));

export function findPayoutInstitution(code: string): PayoutInstitution | undefined {
  return BY_CODE.get(code);
}

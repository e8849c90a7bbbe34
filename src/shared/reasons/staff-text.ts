import { scamWordIn } from '../loan/fees';
import { STAFF_TEXT_LONG_NUMBER_DIGITS } from '../text-lengths';

/**
 * The one check of every text that staff type and a borrower reads (decision 060): a support reply,
 * the company profile's texts (name, address, signatory, office hours, ...) shown on every page, PDF
 * and e-mail footer, a product's name. The advance-fee scheme this product is built against speaks
 * through exactly such text: "Your loan is FROZEN, pay PHP 5,000 to GCash 0917..., log in at
 * http://lender-verify.example". A borrower must be able to trust that text under the lender's name
 * never asks them to pay anyone, names no one else's account and links nowhere but the lender.
 *
 * What is refused, and why (the codes' texts: backoffice.validation.staffText.<CODE>, en and fil):
 * - LINK: a web address or e-mail address outside the lender's own (the public origins, the profile's
 *   own e-mail addresses and links).
 * - ACCOUNT_NUMBER: a run of 10 or more digits (a mobile number, a bank or e-wallet account) that is
 *   not one of the numbers the caller allows (the lender's registration numbers, the member's own
 *   phone or payout account).
 * - PAYMENT_INSTRUCTION: in one sentence, a word for paying or sending money with an amount, or a
 *   word for paying with a place to pay (GCash, a bank, a remittance centre): what is due and how to
 *   pay it comes from the system (the Loan page, the payment references), never from staff words.
 * - ADVANCE_FEE: a fee, charge or payment tied to a word of the advance-fee pattern (SCAM_FEE_WORDS:
 *   unlock, release, verification, unfreeze, processing, withdrawal, ...), such as "unfreeze fee" or
 *   "pay to release your loan"; a sentence that denies one ("there is no withdrawal fee", "we never
 *   ask you to pay to unlock a loan") passes.
 *
 * It is a pattern check, not a proof: it stops the scheme's wording in the lender's name, and the
 * standing warning (the lender never asks for a payment to release or unlock a loan) goes with every
 * reply whatever the officer wrote.
 */
export const STAFF_TEXT_PROBLEMS = ['LINK', 'ACCOUNT_NUMBER', 'PAYMENT_INSTRUCTION', 'ADVANCE_FEE'] as const;
export type StaffTextProblemCode = (typeof STAFF_TEXT_PROBLEMS)[number];

export interface StaffTextProblem {
  readonly code: StaffTextProblemCode;
  /** The words that tripped the check, as written (shown to the staff member beside the reason). */
  readonly found: string;
}

export interface StaffTextContext {
  /** The lender's own hosts: an address on one of them or a subdomain passes ("tapat.ph", "www.tapat.ph"). */
  readonly ownHosts: readonly string[];
  /** The lender's own e-mail addresses (exactly these pass; another address on a shared mail host does not). */
  readonly ownEmails?: readonly string[];
  /** The lender's own links: an address that starts with one passes (a support chat, a social page). */
  readonly ownLinks?: readonly string[];
  /** Numbers that may appear (compared by their digits): registration numbers, the member's own phone or account. */
  readonly allowedNumbers?: readonly string[];
}

const EMAIL = /[^\s@<>()[\]"',;:]+@((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})/gi;
const URL_LIKE = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"']+/gi;
/** Top-level domains a bare address ("bit.ly/x", "tapat-verify.example") is recognised by; a sentence without a space after its full stop is not one. */
const TLDS =
  'com|net|org|ph|io|co|me|app|link|xyz|top|info|biz|online|site|club|shop|store|live|click|page|ly|gl|cc|tk|ml|ga|cf|gq|example|test|dev|ai|us|uk|asia|pro|vip|win|icu|cn|ru|sg|gov|edu|website|tech|cloud|one|today|world|fun|space|email|finance|money|loan|loans|cash|credit';
const BARE_DOMAIN = new RegExp(`\\b((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${TLDS}))\\b(?:\\/[^\\s<>"']*)?`, 'gi');
/** 10 or more digits, spaces or hyphens between them allowed (a mobile number "0917 123 4567", an account "1234-5678-90"). */
const LONG_NUMBER = new RegExp(`(?<![\\w.,])\\+?\\d(?:[ -]?\\d){${STAFF_TEXT_LONG_NUMBER_DIGITS - 1},}(?![\\w])`, 'g');

const PAY_VERB =
  /\b(pay|paying|pays|send|sending|transfer|transferring|deposit|depositing|remit|remitting|wire|cash[- ]?in|bayad|magbayad|bayaran|babayaran|ibayad|nagbayad|padala|ipadala|magpadala|padalhan|ihulog|maghulog|i-?send|mag-?send|i-?transfer|mag-?transfer|ideposito|magdeposito|deposito)\b/i;
/** Paying proper (not the neutral "send" or "transfer"): with a place to pay, an instruction. */
const STRONG_PAY_VERB =
  /\b(pay|paying|pays|deposit|depositing|remit|remitting|wire|cash[- ]?in|bayad|magbayad|bayaran|babayaran|ibayad|ihulog|maghulog|ideposito|magdeposito|deposito)\b/i;
const AMOUNT = /(?:₱|\bphp\.?|\bp)\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:pesos?|piso|php)\b/i;
const PAY_PLACE =
  /\b(gcash|g-cash|maya|paymaya|palawan|cebuana|lhuillier|mlhuillier|western union|moneygram|lbc|remittance|padala center|coins\.ph|bdo|bpi|metrobank|landbank|unionbank|security bank|rcbc|pnb|chinabank|eastwest|7-eleven|seven eleven|bayad center|account number|account no|acct)\b/i;
const FEE_WORD = /^(fee|fees|charge|charges|bayad|bayarin|singil|multa)$/i;
const NEGATION = /\b(no|never|not|without|walang|wala|hindi|huwag|di)\b/i;

function hostOf(address: string): string {
  const withScheme = /^[a-z]+:\/\//i.test(address) ? address : `https://${address}`;
  try {
    return new URL(withScheme).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return address.toLowerCase();
  }
}

function isOwnHost(host: string, ctx: StaffTextContext): boolean {
  return ctx.ownHosts.some((own) => {
    const o = own.toLowerCase();
    return o !== '' && (host === o || host.endsWith(`.${o}`));
  });
}

function isOwnLink(address: string, ctx: StaffTextContext): boolean {
  const lower = address.toLowerCase();
  const bare = lower.replace(/^[a-z]+:\/\//, '');
  return (ctx.ownLinks ?? []).some((link) => {
    const l = link.toLowerCase().trim();
    if (l === '') return false;
    return lower.startsWith(l) || bare.startsWith(l.replace(/^[a-z]+:\/\//, ''));
  });
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

function isAllowedNumber(found: string, ctx: StaffTextContext): boolean {
  const digits = digitsOf(found);
  // A Philippine mobile number written 0917..., 63917... or +63917...: compared by its last 10 digits.
  const tail = digits.slice(-10);
  return (ctx.allowedNumbers ?? []).some((n) => {
    const allowed = digitsOf(n);
    return allowed.length > 0 && (allowed === digits || (allowed.length >= 10 && allowed.slice(-10) === tail && digits.length <= 12 && allowed.length <= 12));
  });
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+|\n+|(?<=[;:])\s+/).filter((s) => s.trim() !== '');
}

/** True when a negation stands within the four words before `index` in `sentence`. */
function negatedBefore(sentence: string, index: number): boolean {
  const before = sentence.slice(0, index).split(/\s+/).filter(Boolean).slice(-4).join(' ');
  return NEGATION.test(before);
}

function advanceFeeIn(sentence: string): string | null {
  const words = [...sentence.matchAll(/[\p{L}\p{N}₱-]+/gu)];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const scam = scamWordIn(word[0]);
    if (!scam) continue;
    // "unlock fee", "processing charge", "bayad sa release": a fee word within two words of it.
    const near = words.slice(Math.max(0, i - 2), i + 3).filter((w) => w !== word);
    const fee = near.find((w) => FEE_WORD.test(w[0]));
    if (fee && !negatedBefore(sentence, Math.min(word.index, fee.index)))
      return sentence.slice(Math.min(word.index, fee.index), Math.max(word.index + word[0].length, fee.index + fee[0].length));
    // "pay ... to release your loan": a word for paying anywhere before it in the sentence.
    const pay = STRONG_PAY_VERB.exec(sentence.slice(0, word.index));
    if (pay && !negatedBefore(sentence, pay.index)) return sentence.slice(pay.index, word.index + word[0].length);
  }
  return null;
}

/**
 * The first problem of `text` for a borrower's eyes, or null when it may be shown under the lender's
 * name. Links first (the most dangerous), then account numbers, payment instructions, advance fees.
 */
export function staffTextProblem(text: string, ctx: StaffTextContext): StaffTextProblem | null {
  const ownEmails = (ctx.ownEmails ?? []).map((e) => e.toLowerCase().trim());
  let rest = text;
  for (const match of text.matchAll(EMAIL)) {
    const address = match[0];
    if (!ownEmails.includes(address.toLowerCase()) && !isOwnHost(match[1]!.toLowerCase(), ctx)) return { code: 'LINK', found: address };
    rest = rest.replace(address, ' ');
  }
  for (const match of rest.matchAll(URL_LIKE)) {
    const address = match[0].replace(/[).,!?]+$/, '');
    if (!isOwnLink(address, ctx) && !isOwnHost(hostOf(address), ctx)) return { code: 'LINK', found: address };
  }
  rest = rest.replace(URL_LIKE, ' ');
  for (const match of rest.matchAll(BARE_DOMAIN)) {
    const address = match[0].replace(/[).,!?]+$/, '');
    if (!isOwnLink(address, ctx) && !isOwnHost(hostOf(address), ctx)) return { code: 'LINK', found: address };
  }
  for (const match of text.matchAll(LONG_NUMBER)) {
    if (!isAllowedNumber(match[0], ctx)) return { code: 'ACCOUNT_NUMBER', found: match[0] };
  }
  for (const sentence of sentencesOf(text)) {
    const verb = PAY_VERB.exec(sentence);
    const amount = AMOUNT.exec(sentence);
    if (verb && amount && !negatedBefore(sentence, verb.index)) return { code: 'PAYMENT_INSTRUCTION', found: sentence.trim() };
    const strong = STRONG_PAY_VERB.exec(sentence);
    const place = PAY_PLACE.exec(sentence);
    if (strong && place && !negatedBefore(sentence, strong.index)) return { code: 'PAYMENT_INSTRUCTION', found: sentence.trim() };
  }
  for (const sentence of sentencesOf(text)) {
    const fee = advanceFeeIn(sentence);
    if (fee) return { code: 'ADVANCE_FEE', found: fee };
  }
  return null;
}

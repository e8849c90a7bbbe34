import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fil } from './fil';
import { CATALOGUE_VALUES } from './values';
import { PRODUCT_VERSIONS } from '../loan/product';
import { descriptionProblem, describeProduct } from '../loan/description';

/**
 * A catalogue text never copies a number a constant enforces ("15 minutes", "at least 5 days", an
 * SEC cap, a length a schema checks): the number comes as a value, passed by the code that says the
 * text or filled from the catalogue values (values.ts), so changing the constant changes every text
 * in English and Filipino (decision 076). This scan refuses any digit outside a {{placeholder}},
 * except what the short allow-list below names, each with its reason.
 */
const ALLOWED: readonly { readonly pattern: RegExp; readonly reason: string }[] = [
  {
    pattern: /(Republic Act|Batas Republika|Act|Circular|Memorandum Circular) (No\.|Blg\.) \d+|Act of \d{4}|[Ss]eries of \d{4}|MC \d+ s\.\d{4}|Circular \d+/g,
    reason: 'a law or regulation cited by its number',
  },
  { pattern: /(decision|desisyon) \d{3}/g, reason: 'a decision record cited by its number' },
  {
    pattern: /SHA-256|7-Eleven|PAR30|ISO 8601/g,
    reason: 'a name (a hash function, a payment centre, the portfolio-at-risk measure, the date format standard)',
  },
  { pattern: /^\s*\d+\. /g, reason: 'the numbered items of the disclosure statement form (BSP Circular 730)' },
  { pattern: /\b1 \{\{(code|currency)\}\}/g, reason: 'one unit of a currency in an exchange rate' },
  {
    pattern: /0917 123 4567|07 03 1990|(example|halimbawa),? 1000|50 = 0\.5 %/g,
    reason: 'an example of a format (a mobile number, a date, a postal code, basis points)',
  },
  { pattern: /\}\}:00/g, reason: 'the minutes of a whole hour whose hour is a value ({{quietFromHour}}:00)' },
  { pattern: /\b2 (decimals|decimal)|0\.00|>= 0|12 x|x 12/g, reason: 'a fact of the peso (100 centavos), zero, or the 12 months of a year' },
];

/**
 * Texts that still state a number a constant (or a behaviour) holds, not yet given as a value: the
 * debt this test keeps from growing. Each names where the number lives. A key leaves the list when
 * its text takes the value; the test fails on a listed key that has no digit left.
 */
const NOT_YET_A_VALUE: Readonly<Record<string, string>> = {};

type Tree = { readonly [key: string]: string | Tree };

function leaves(node: string | Tree, prefix: string, out: [string, string][] = []): [string, string][] {
  if (typeof node === 'string') out.push([prefix, node]);
  else for (const [key, child] of Object.entries(node)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The digits a text states outside its placeholders and the allow-list. */
function statedNumbers(text: string): string[] {
  let rest = text;
  for (const { pattern } of ALLOWED) rest = rest.replace(pattern, ' ');
  rest = rest.replace(/\{\{\s*\w+\s*\}\}/g, ' ');
  return rest.match(/\d+/g) ?? [];
}

const CATALOGUES = { en: en as unknown as Tree, fil: fil as unknown as Tree };

describe('catalogue texts', () => {
  it.each(Object.entries(CATALOGUES))('in %s state no number a constant enforces: it comes as a value', (_, catalogue) => {
    const found = leaves(catalogue, '')
      .filter(([key, text]) => !(key in NOT_YET_A_VALUE) && statedNumbers(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(found, 'give the number as a value from its constant ({{name}}, catalogue values in values.ts or passed where the text is said)').toEqual([]);
  });

  it('list as debts only texts that still state a number', () => {
    const stale = Object.keys(NOT_YET_A_VALUE).filter((key) =>
      Object.values(CATALOGUES).every((catalogue) => statedNumbers(leaves(catalogue, '').find(([k]) => k === key)?.[1] ?? '').length === 0),
    );
    expect(stale).toEqual([]);
  });

  it('refuse a copied number, and take it as a value', () => {
    expect(statedNumbers('Please try again in 15 minutes.')).toEqual(['15']);
    expect(statedNumbers('Please try again in {{lockMinutes}} minutes.')).toEqual([]);
    expect(statedNumbers('Loan Application No. {{loan}} | Republic Act No. 3765 (Truth in Lending Act)')).toEqual([]);
  });

  it('have catalogue values for what the texts name, numbers each', () => {
    for (const value of Object.values(CATALOGUE_VALUES)) expect(Number.isInteger(value) && value > 0).toBe(true);
    expect(en.errors.SIGN_IN_LOCKED).toContain('{{lockMinutes}}');
    expect(en.extensions.errors.tooLate).toContain('{{days}}');
    expect(en.validation.otp).toContain('{{codeMinDigits}}');
  });
});

/**
 * A product's descriptions are texts a borrower reads as well, stored with each version: they state
 * no figure either (not in digits, not in words), but name the version's values, so that a version
 * with other amounts or terms says its own (decision 086). The ADMIN's drafts are held to the same
 * rule by the draft schema (descriptionProblem).
 */
describe('product descriptions', () => {
  it.each(PRODUCT_VERSIONS.map((p) => [`${p.code} ${p.version}`, p] as const))('of %s state no number: the version fills them', (_, p) => {
    for (const text of [p.descriptions.en, p.descriptions.fil]) {
      expect(statedNumbers(text), text).toEqual([]);
      expect(descriptionProblem(text), text).toBeNull();
    }
    const shown = describeProduct(p);
    for (const text of [shown.en, shown.fil]) expect(text).not.toMatch(/\{\{/);
  });

  it('refuse a figure in digits or in words, and a value that does not exist', () => {
    expect(descriptionProblem('PHP 1,000 to 10,000 over one to four months.')).toBe('FIGURE');
    expect(descriptionProblem('Binabayaran sa isa hanggang apat na buwan.')).toBe('FIGURE');
    expect(descriptionProblem('Over up to four years.')).toBe('FIGURE');
    expect(descriptionProblem('From {{min}} at {{fee}}.')).toBe('UNKNOWN_VALUE');
    expect(descriptionProblem('{{min}} to {{max}}, over {{termMin}} to {{termMax}} months at {{rate}} % a month.')).toBeNull();
    // A word that only contains a number word is no figure ("someone", "isang", "tenant").
    expect(descriptionProblem('For someone who rents: isang pautang para sa tenant.')).toBeNull();
  });
});

import { formatMoney } from '../money/money';
import { PRODUCT_V1, SMALL_PRODUCT_V1, bpsToPercent, type LocalText, type ProductConfig } from './product';

/**
 * A product's description is a template in English and Filipino, as a catalogue text is: it
 * states none of the product's figures itself, it names them as values ({{min}}, {{max}},
 * {{termMin}}, {{termMax}}, {{rate}}) filled from the version's own configuration when a page
 * shows it. An ADMIN who changes the amounts or the terms of a new version changes the words with
 * them (DECISIONS.md invariant 6; decision 086). The draft schema refuses a description that
 * states a figure (descriptionProblem), the catalogue-numbers test the products in code.
 */
const DESCRIPTION_VALUES = ['min', 'max', 'termMin', 'termMax', 'rate'] as const;
export type DescriptionValue = (typeof DESCRIPTION_VALUES)[number];

/** What a description's template is filled from: the version's own figures. */
export type DescribedProduct = Pick<ProductConfig, 'minAmount' | 'maxAmount' | 'terms'> & {
  readonly interest: Pick<ProductConfig['interest'], 'monthlyRateBps'>;
};

/** The values of a version: the amounts as the pages show them ("₱1,000.00"), the shortest and longest term in months, the monthly rate in percent. */
export function descriptionValues(p: DescribedProduct): Record<DescriptionValue, string> {
  return {
    min: formatMoney(p.minAmount),
    max: formatMoney(p.maxAmount),
    termMin: String(Math.min(...p.terms)),
    termMax: String(Math.max(...p.terms)),
    rate: bpsToPercent(p.interest.monthlyRateBps),
  };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** One template filled with the values; a name that is not a value stays as written (the schema refuses it before it is stored). */
export function fillDescription(template: string, values: Readonly<Record<DescriptionValue, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    (DESCRIPTION_VALUES as readonly string[]).includes(name) ? values[name as DescriptionValue] : whole,
  );
}

/** The version's descriptions as the pages show them, in English and Filipino, each filled with the version's figures. */
export function describeProduct(p: DescribedProduct & { readonly descriptions: LocalText }): LocalText {
  const values = descriptionValues(p);
  return { en: fillDescription(p.descriptions.en, values), fil: fillDescription(p.descriptions.fil, values) };
}

/**
 * Number words a description might state a figure in (English and Filipino, as the descriptions
 * before decision 086 did: "one to four months", "isa hanggang apat na buwan").
 */
const NUMBER_WORDS =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|isa|dalawa|tatlo|apat|lima|anim|pito|walo|siyam|sampu|daan|libo|milyon)\b/i;

/** Why a description template cannot be stored, or null: a figure stated in it, or a value that does not exist. */
export type DescriptionProblem = 'FIGURE' | 'UNKNOWN_VALUE';

export function descriptionProblem(template: string): DescriptionProblem | null {
  for (const match of template.matchAll(PLACEHOLDER)) if (!(DESCRIPTION_VALUES as readonly string[]).includes(match[1]!)) return 'UNKNOWN_VALUE';
  const words = template.replace(PLACEHOLDER, ' ');
  return /\d/.test(words) || NUMBER_WORDS.test(words) ? 'FIGURE' : null;
}

/**
 * The descriptions the products in code had before decision 086, each stating its figures in
 * words or digits, and the product whose template replaced it. A version an ADMIN stored from one
 * of them (the edit form starts from the version in force, names and descriptions included) is
 * read with the template, so it says its own figures; a text an ADMIN wrote is read as written.
 */
const SUPERSEDED: readonly { readonly before: LocalText; readonly now: LocalText }[] = [
  {
    before: {
      en: 'For larger needs, repaid in monthly instalments over up to four years.',
      fil: 'Para sa mas malalaking pangangailangan, binabayaran buwan-buwan hanggang apat na taon.',
    },
    now: PRODUCT_V1.descriptions,
  },
  {
    before: {
      en: 'For a short, small need: PHP 1,000 to 10,000, repaid over one to four months.',
      fil: 'Para sa maliit at panandaliang pangangailangan: PHP 1,000 hanggang 10,000, binabayaran sa isa hanggang apat na buwan.',
    },
    now: SMALL_PRODUCT_V1.descriptions,
  },
];

/** A stored version's descriptions, with a superseded text of the code replaced by its template. */
export function currentDescriptions(texts: LocalText): LocalText {
  return SUPERSEDED.find((s) => s.before.en === texts.en && s.before.fil === texts.fil)?.now ?? texts;
}

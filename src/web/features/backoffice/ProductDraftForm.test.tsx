import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { i18nIn, readableText, renderIn } from '../../lib/render-for-tests';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { CATALOGUE_VALUES } from '../../../shared/i18n/values';
import { DEFAULT_PRODUCT_IDENTITY, productToDraft } from '../../../shared/loan/draft';
import { PRODUCT_V1 } from '../../../shared/loan/product';
import { ProductDraftForm } from './ProductDraftForm';
import { checkProductDraft, type FormTexts } from './product-draft-check';
import { toggleChoice, valuesOf, type FieldValues } from './draft-fields';
import { PRODUCT_FIELDS } from './product-draft-check';

const start = productToDraft(PRODUCT_V1);
const form = <ProductDraftForm start={start} identity={DEFAULT_PRODUCT_IDENTITY} nextVersion={2} label="form" submitLabel="Offer" send={async () => {}} />;
const midDay = String(CATALOGUE_VALUES.midDay);

describe("the ADMIN's product form", () => {
  it.each([
    ['en', en],
    ['fil', fil],
  ] as const)('in %s labels the frequencies and the limit ladder from the catalogue, with hints, no key left showing', async (lng, catalogue) => {
    const html = await renderIn(form, lng);
    const shown = readableText(html);
    const f = catalogue.backoffice.settings.productForm;
    for (const label of [
      f.fields.frequencies,
      f.hints.frequencies,
      f.groups.limitLadder.title,
      f.groups.limitLadder.hint,
      f.fields.limitLadder.steps,
      f.hints.limitLadder.steps,
      f.fields.limitLadder.onTimeDays,
      f.hints.limitLadder.onTimeDays,
      f.fields.limitLadder.seriousLateDays,
      f.fields.limitLadder.fallbackMaxAmount,
      f.rows.limitLadder.steps.add,
      catalogue.backoffice.products.options.MONTHLY,
    ])
      expect(shown).toContain(label);
    expect(shown).toContain(catalogue.backoffice.products.options.SEMI_MONTHLY.replace('{{midDay}}', midDay));
    // Four steps, each with its two cells and a remove button, numbered from 1.
    expect(shown).toContain(`${f.fields.limitLadder.maxAmount} (${f.rows.limitLadder.steps.row.replace('{{number}}', '4')})`);
    expect(shown).toContain(f.rows.limitLadder.steps.remove.replace('{{number}}', '4'));
    expect(shown).not.toContain(f.rows.limitLadder.steps.remove.replace('{{number}}', '5'));
    expect(html).toContain('value="1000000.00"');
    expect(html.match(/type="checkbox"[^>]*checked/g)).toHaveLength(2);
    expect(shown).not.toMatch(/backoffice\.|productForm|\{\{|SEMI_MONTHLY/);
  });
});

describe('the form checks a draft as the server does, each reason in the reader’s language', () => {
  let texts: Record<'en' | 'fil', FormTexts>;
  beforeAll(async () => {
    const of = (i: i18n): FormTexts => ({ t: i.t, exists: (key) => i.exists(key) });
    texts = { en: of(await i18nIn('en')), fil: of(await i18nIn('fil')) };
  });
  const check = (values: FieldValues, lng: 'en' | 'fil') =>
    checkProductDraft({ values, start, askCode: false, code: '', identity: DEFAULT_PRODUCT_IDENTITY, nextVersion: 2, today: '2026-11-28' }, texts[lng]);
  const values = valuesOf(PRODUCT_FIELDS, start);
  const frequencies = PRODUCT_FIELDS.find((f) => f.name === 'frequencies')!;

  it('passes the version in force and an edited ladder', () => {
    const checked = check({ ...values, 'limitLadder.steps.1.maxAmount': '2500000.00', 'limitLadder.fallbackMaxAmount': '400000.00' }, 'en');
    expect(checked.ok && checked.draft.limitLadder).toMatchObject({
      fallbackMaxAmount: '400000.00',
      steps: [{}, { afterOnTimeLoans: 1, maxAmount: '2500000.00' }, {}, {}],
    });
  });

  it('refuses a ladder the product check refuses (draftRefusals), in English and Filipino', () => {
    const edited = { ...values, 'limitLadder.fallbackMaxAmount': '2000000.00' };
    for (const lng of ['en', 'fil'] as const) {
      const checked = check(edited, lng);
      const problem = (lng === 'en' ? en : fil).limits.problems.fallbackRange.split('{{')[0]!;
      expect(!checked.ok && checked.reasons.some((r) => r.startsWith(problem))).toBe(true);
    }
    const unordered = check({ ...values, 'limitLadder.steps.1.afterOnTimeLoans': '4' }, 'en');
    expect(unordered.ok ? [] : unordered.reasons).toContain(en.limits.problems.ascending);
  });

  it('names the field of a schema refusal by its label (a step by its number), the message in the reader’s language', () => {
    const none = toggleChoice(toggleChoice(values, frequencies, 'MONTHLY', false), frequencies, 'SEMI_MONTHLY', false);
    for (const lng of ['en', 'fil'] as const) {
      const f = (lng === 'en' ? en : fil).backoffice.settings.productForm;
      const checked = check({ ...none, 'limitLadder.steps.2.maxAmount': 'lots' }, lng);
      const reasons = checked.ok ? [] : checked.reasons;
      expect(reasons.some((r) => r.startsWith(`${f.fields.frequencies}: `))).toBe(true);
      expect(reasons.some((r) => r.startsWith(`${f.fields.limitLadder.maxAmount} (${f.rows.limitLadder.steps.row.replace('{{number}}', '3')}): `))).toBe(true);
      expect(reasons.join(' ')).not.toMatch(/backoffice\.|limitLadder|\{\{/);
    }
  });

  it('gives zod’s own refusals (a bound or a type without a message of the schema) in the reader’s language, the bound the schema’s', () => {
    for (const lng of ['en', 'fil'] as const) {
      const f = (lng === 'en' ? en : fil).backoffice.settings.productForm;
      const checked = check({ ...values, monthlyRateBps: 'two', defaultTerm: 'six', 'penalties.graceDays': '61', 'limitLadder.onTimeDays': '3.5' }, lng);
      const reasons = checked.ok ? [] : checked.reasons;
      expect(reasons).toContain(`${f.fields.monthlyRateBps}: ${(lng === 'en' ? en : fil).backoffice.validation.schema.wholeBps}`);
      expect(reasons).toContain(`${f.fields.defaultTerm}: ${f.issues.number}`);
      expect(reasons).toContain(`${f.fields.graceDays}: ${f.issues.tooBig.number.replace('{{maximum}}', '60')}`);
      expect(reasons).toContain(`${f.fields.limitLadder.onTimeDays}: ${f.issues.number}`);
    }
  });

  it('names a group a new product must fill by its first field when it is left empty', () => {
    const blank = { ...values, 'names.en': '', 'names.fil': '' };
    const checked = checkProductDraft(
      { values: blank, start, askCode: true, code: 'PAYDAY', identity: DEFAULT_PRODUCT_IDENTITY, nextVersion: 1, today: '2026-11-28' },
      texts.en,
    );
    expect(checked.ok ? [] : checked.reasons).toEqual([
      `${en.backoffice.settings.productForm.fields.names.en}: ${en.backoffice.settings.productForm.issues.invalid}`,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productToDraft } from '../../../shared/loan/draft';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from '../../../shared/loan/product';
import { productDraftSchema } from '../../../shared/schemas/product';
import { addRow, cellName, chosen, draftFields, draftFromValues, removeRow, rowCount, toggleChoice, valuesOf } from './draft-fields';

describe('the product form read from the draft schema', () => {
  it('has a field per leaf of the schema, nested ones by path, optional objects as groups, the fees carried over', () => {
    const fields = draftFields(productDraftSchema, ['fees']);
    expect(fields.map((f) => `${f.name}:${f.kind}${f.optional ? '?' : ''}${f.group ? `@${f.group}` : ''}`)).toEqual([
      'name:text',
      'interestModel:choice?',
      'frequencies:choiceSet?',
      'names.en:text@names',
      'names.fil:text@names',
      'descriptions.en:text@descriptions',
      'descriptions.fil:text@descriptions',
      'minAmount:text',
      'maxAmount:text',
      'terms:intList',
      'defaultTerm:int',
      'monthlyRateBps:int',
      'penalties.graceDays:int',
      'penalties.dailyRateBps:int',
      'penalties.collectionChargeBps:int',
      'annualCostCapBps:int',
      'eligibility.minAge:int',
      'eligibility.maxAgeAtTermEnd:int',
      'eligibility.incomeMultipleByTerm:intRecord',
      'eligibility.maxDebtServiceRatioBps:int',
      'limitLadder.steps:rows@limitLadder',
      'limitLadder.onTimeDays:int@limitLadder',
      'limitLadder.seriousLateDays:int@limitLadder',
      'limitLadder.fallbackMaxAmount:text@limitLadder',
    ]);
    expect(fields.find((f) => f.name === 'interestModel')!.options).toEqual(['ADD_ON', 'DECLINING_BALANCE']);
    expect(fields.find((f) => f.name === 'frequencies')!.options).toEqual(['MONTHLY', 'SEMI_MONTHLY']);
    expect(fields.find((f) => f.name === 'limitLadder.steps')!.columns.map((c) => `${c.name}:${c.kind}`)).toEqual([
      'limitLadder.steps.afterOnTimeLoans:int',
      'limitLadder.steps.maxAmount:text',
    ]);
    // Not carried over, a list of objects is rows too (the fees: a choice, an amount, a whole number).
    expect(
      draftFields(productDraftSchema)
        .find((f) => f.name === 'fees')!
        .columns.map((c) => c.kind),
    ).toEqual(['choice', 'text', 'int']);
  });

  it('a field added to the schema is a field of the form (an optional choice, a whole number)', () => {
    const extended = productDraftSchema.extend({ frequency: z.enum(['MONTHLY', 'SEMI_MONTHLY']).optional(), dueDay: z.number().int().optional() });
    const added = draftFields(extended).slice(-2);
    expect(added).toMatchObject([
      { name: 'frequency', kind: 'choice', optional: true, options: ['MONTHLY', 'SEMI_MONTHLY'] },
      { name: 'dueDay', kind: 'int', optional: true },
    ]);
  });

  it('a draft shown and read back is the same draft; edits land at their path; a number that is none stays NaN', () => {
    const fields = draftFields(productDraftSchema, ['fees']);
    const draft = productToDraft(SMALL_PRODUCT_V1);
    const values = valuesOf(fields, draft);
    expect(values).toMatchObject({ terms: '1, 2, 3, 4', 'eligibility.incomeMultipleByTerm': '1: 1, 2: 1, 3: 1, 4: 1', 'penalties.dailyRateBps': '10' });
    expect(draftFromValues(fields, values, draft)).toEqual(draft);
    const edited = draftFromValues(fields, { ...values, 'penalties.collectionChargeBps': '150', interestModel: '', monthlyRateBps: 'two' }, draft);
    expect(edited.penalties).toEqual({ graceDays: 3, dailyRateBps: 10, collectionChargeBps: 150 });
    expect('interestModel' in edited).toBe(false);
    expect(edited.monthlyRateBps).toBeNaN();
    expect(draft.penalties.collectionChargeBps).toBe(200); // the base is not changed
  });

  const fields = draftFields(productDraftSchema, ['fees']);
  const steps = fields.find((f) => f.name === 'limitLadder.steps')!;
  const frequencies = fields.find((f) => f.name === 'frequencies')!;

  it('shows the frequencies as a set of choices and the ladder as rows, and reads them back', () => {
    const draft = productToDraft(PRODUCT_V1);
    const values = valuesOf(fields, draft);
    expect(values).toMatchObject({
      frequencies: 'MONTHLY, SEMI_MONTHLY',
      'limitLadder.steps': '4',
      'limitLadder.steps.0.afterOnTimeLoans': '0',
      'limitLadder.steps.0.maxAmount': '1000000.00',
      'limitLadder.steps.3.afterOnTimeLoans': '5',
      'limitLadder.onTimeDays': '3',
      'limitLadder.fallbackMaxAmount': '500000.00',
    });
    expect(chosen(values, frequencies)).toEqual(['MONTHLY', 'SEMI_MONTHLY']);
    expect(draftFromValues(fields, values, draft)).toEqual(draft);
  });

  it('ticks and unticks a frequency in the options order; none ticked is refused where the version named some, left out where it named none', () => {
    const draft = productToDraft(PRODUCT_V1);
    const values = valuesOf(fields, draft);
    const monthlyOnly = toggleChoice(values, frequencies, 'SEMI_MONTHLY', false);
    expect(draftFromValues(fields, monthlyOnly, draft).frequencies).toEqual(['MONTHLY']);
    const both = toggleChoice(toggleChoice(monthlyOnly, frequencies, 'MONTHLY', false), frequencies, 'MONTHLY', true);
    expect(both.frequencies).toBe('MONTHLY');
    expect(toggleChoice(both, frequencies, 'SEMI_MONTHLY', true).frequencies).toBe('MONTHLY, SEMI_MONTHLY');
    const none = toggleChoice(monthlyOnly, frequencies, 'MONTHLY', false);
    const refused = draftFromValues(fields, none, draft);
    expect(refused.frequencies).toEqual([]);
    expect(productDraftSchema.safeParse(refused).success).toBe(false);
    const { frequencies: _, ...older } = draft;
    expect('frequencies' in draftFromValues(fields, valuesOf(fields, older), older)).toBe(false);
  });

  it('adds and removes steps of the ladder, the later ones moving up', () => {
    const draft = productToDraft(PRODUCT_V1);
    let values = addRow(valuesOf(fields, draft), steps);
    expect(rowCount(values, steps)).toBe(5);
    values = { ...values, [cellName(steps, 4, steps.columns[0]!)]: '8', [cellName(steps, 4, steps.columns[1]!)]: '6000000.00' };
    values = removeRow(values, steps, 1);
    const ladder = draftFromValues(fields, values, draft).limitLadder as { steps: unknown[] };
    expect(ladder.steps).toEqual([
      { afterOnTimeLoans: 0, maxAmount: '1000000.00' },
      { afterOnTimeLoans: 3, maxAmount: '3500000.00' },
      { afterOnTimeLoans: 5, maxAmount: '5000000.00' },
      { afterOnTimeLoans: 8, maxAmount: '6000000.00' },
    ]);
    expect(values['limitLadder.steps.4.maxAmount']).toBeUndefined();
  });

  it('leaves a group out when all of it is empty (the product keeps its own), and asks for every field of it otherwise', () => {
    const draft = productToDraft(PRODUCT_V1);
    const { limitLadder: _, ...none } = draft;
    const values = valuesOf(fields, none);
    expect(values['limitLadder.steps']).toBe('0');
    const read = draftFromValues(fields, values, none);
    expect('limitLadder' in read).toBe(false);
    expect(productDraftSchema.safeParse(read).success).toBe(true);
    const half = draftFromValues(fields, { ...values, 'limitLadder.onTimeDays': '3' }, none);
    const issues = productDraftSchema.safeParse(half).error!.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['limitLadder.steps', 'limitLadder.seriousLateDays', 'limitLadder.fallbackMaxAmount']));
    // Names left empty both: left out (the product's own), never an empty object the schema refuses.
    expect('names' in draftFromValues(fields, { ...valuesOf(fields, draft), 'names.en': '', 'names.fil': ' ' }, draft)).toBe(false);
  });
});

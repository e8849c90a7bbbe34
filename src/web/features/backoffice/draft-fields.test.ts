import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productToDraft } from '../../../shared/loan/draft';
import { SMALL_PRODUCT_V1 } from '../../../shared/loan/product';
import { productDraftSchema } from '../../../shared/schemas/product';
import { draftFields, draftFromValues, valuesOf } from './draft-fields';

describe('the product form read from the draft schema', () => {
  it('has a field per leaf of the schema, nested ones by path, the fees carried over', () => {
    const fields = draftFields(productDraftSchema);
    expect(fields.map((f) => `${f.name}:${f.kind}${f.optional ? '?' : ''}`)).toEqual([
      'name:text',
      'interestModel:choice?',
      'names.en:text?',
      'names.fil:text?',
      'descriptions.en:text?',
      'descriptions.fil:text?',
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
      'limitLadder.onTimeDays:int?',
      'limitLadder.seriousLateDays:int?',
      'limitLadder.fallbackMaxAmount:text?',
    ]);
    expect(fields.find((f) => f.name === 'interestModel')!.options).toEqual(['ADD_ON', 'DECLINING_BALANCE']);
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
    const fields = draftFields(productDraftSchema);
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
});

import { describe, expect, it } from 'vitest';
import { readableText, renderIn } from '../../lib/render-for-tests';
import { TextAreaField, TextField } from '../../ui/Field';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import { companyProfileSchema } from '../../../shared/schemas/company';
import { loanNoteRequestSchema } from '../../../shared/schemas/collections';
import { productDraftSchema } from '../../../shared/schemas/product';
import { productToDraft } from '../../../shared/loan/draft';
import { PRODUCT_V1 } from '../../../shared/loan/product';

/**
 * The staff-only schemas give catalogue keys (decision 088); the back office's fields show them
 * through FieldFrame (showMessage), so an ADMIN or an officer reads a sentence in their language,
 * its numbers filled, never a key.
 */
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the messages of the staff-only schemas, as the back office shows them', () => {
  const company = messagesOf(
    companyProfileSchema.safeParse({
      ...DEMO_COMPANY_PROFILE,
      address: 'Mak',
      shortName: 'x',
      supportEmail: 'nobody',
      verifyRegistrationUrl: 'http://x',
      dateRegistered: 'soon',
    }),
  );
  const note = messagesOf(loanNoteRequestSchema.safeParse({ body: 'x'.repeat(2001) }));
  const draft = productToDraft(PRODUCT_V1);
  const product = messagesOf(productDraftSchema.safeParse({ ...draft, name: 'ab', frequencies: [], terms: [200], minAmount: '1,000', annualCostCapBps: 3000 }));

  it('are keys', () => {
    for (const message of [...Object.values(company), ...Object.values(note), ...Object.values(product)]) expect(message).toMatch(/^[a-z]+(\.[A-Za-z0-9_]+)+$/);
    expect(Object.keys(company)).toEqual(expect.arrayContaining(['address', 'shortName', 'supportEmail', 'verifyRegistrationUrl', 'dateRegistered']));
    expect(Object.keys(product)).toEqual(expect.arrayContaining(['name', 'frequencies', 'terms.0', 'minAmount', 'annualCostCapBps']));
  });

  it.each(['en', 'fil'] as const)('read as sentences in %s, their numbers filled', async (lng) => {
    const shown = readableText(
      await renderIn(
        <>
          {Object.entries({ ...company, ...product }).map(([name, message]) => (
            <TextField key={name} label={name} error={message} />
          ))}
          <TextAreaField label="note" error={note.body} />
        </>,
        lng,
      ),
    );
    expect(shown).not.toMatch(/backoffice\.validation|errors\.|\{\{/);
    expect(shown).toContain(lng === 'en' ? 'At least 5 characters.' : 'Hindi bababa sa 5 na karakter.');
    expect(shown).toContain(lng === 'en' ? 'At most 2000 characters.' : 'Hindi hihigit sa 2000 na karakter.');
    expect(shown).toContain(lng === 'en' ? 'At most 25 % a year (2500 basis points)' : 'Hindi hihigit sa 25 % sa isang taon (2500 basis points)');
    expect(shown).toContain(lng === 'en' ? 'from 1 to 120.' : 'mula 1 hanggang 120.');
    expect(shown).toContain(lng === 'en' ? '2 to 12 capital letters or digits' : '2 hanggang 12 na malalaking titik');
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../company/profile';
import { companyProfileSchema } from './company';
import { productDraftSchema } from './product';

describe('the one check of staff text on the profile and the product (decision 060)', () => {
  it("a product's name refuses a payment instruction or a link, besides the scheme's words", () => {
    const name = (value: string) => productDraftSchema.shape.name.safeParse(value);
    expect(name('Salary Loan Plus').success).toBe(true);
    expect(name('Salary Loan: send P500 first').error?.issues[0]?.message).toBe('backoffice.validation.staffText.PAYMENT_INSTRUCTION');
    expect(name('Salary Loan bit.ly/apply').error?.issues[0]?.message).toBe('backoffice.validation.staffText.LINK');
  });

  it("the profile's own e-mail addresses and links pass in its texts; another address does not", () => {
    const profile = { ...DEMO_COMPANY_PROFILE, officeHours: `Mon–Fri; ${DEMO_COMPANY_PROFILE.supportEmail}` };
    expect(companyProfileSchema.safeParse(profile).success).toBe(true);
    const other = companyProfileSchema.safeParse({ ...DEMO_COMPANY_PROFILE, address: 'Makati; agent@mail.example' });
    expect(other.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['address', 'backoffice.validation.staffText.LINK']]);
  });
});

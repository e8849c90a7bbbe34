import type { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import type { accountDetailsSchema, employmentSchema } from '../../../../shared/schemas/auth';

export type AccountInput = z.input<typeof accountDetailsSchema>;
export type AccountOutput = z.output<typeof accountDetailsSchema>;
export type EmploymentInput = z.input<typeof employmentSchema>;
export type EmploymentOutput = z.output<typeof employmentSchema>;

export type AccountForm = UseFormReturn<AccountInput, unknown, AccountOutput>;
export type EmploymentForm = UseFormReturn<EmploymentInput, unknown, EmploymentOutput>;

export const ACCOUNT_FIELDS = ['phone', 'email', 'fullName', 'password', 'confirmPassword'] as const;
export const EMPLOYMENT_FIELDS = ['employmentCountry', 'employmentLocation', 'jobTitle', 'jobCategory', 'monthlyNetIncome', 'referralCode'] as const;

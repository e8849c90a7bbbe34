import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import { bankStepSchema, type BankStep as BankOutput, type BankStepInput } from '../../../../shared/schemas/activation';
import { useCurrentUser } from '../../../lib/useCurrentUser';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { PayoutAccountFields } from '../PayoutAccountFields';
import { initialValues, useKeepDraft, type StepProps } from './types';

const FIELDS = ['bankCode', 'accountNumber', 'accountName'] as const;
const resolver = zodResolver(bankStepSchema);

/**
 * Step 5, the payout account (specification sections 3 and 5): a bank or e-wallet from the shipped
 * list of InstaPay/PESONet participants, the account number (for an e-wallet, its Philippine
 * mobile number) and the account holder's name, pre-filled from the legal name of step 1. 'Finish'
 * shows 'Please wait while we save your information' while the server saves it.
 */
export function BankStep({ data, onSaved, onBack, drafts }: StepProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const legalName = data.personal ? [data.personal.firstName, data.personal.middleName, data.personal.lastName].filter(Boolean).join(' ') : user.fullName;
  const form = useForm<BankStepInput, unknown, BankOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues<BankStepInput>(drafts, 'bank', () => ({
      bankCode: data.bank?.bankCode ?? '',
      accountNumber: '',
      accountName: data.bank?.accountName ?? legalName,
    })),
  });
  useKeepDraft(drafts, 'bank', form);
  const { errors } = form.formState;
  const save = useStepSave('bank', form, FIELDS, onSaved, { quiet: true });
  const bankCode = useWatch({ control: form.control, name: 'bankCode' });

  return (
    <>
      {save.submitting && <Spinner label={t('activation.wizard.saving')} />}
      <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4" hidden={save.submitting}>
        <PayoutAccountFields
          institution={{ register: form.register('bankCode'), value: bankCode, error: errors.bankCode?.message }}
          accountNumber={{ register: form.register('accountNumber'), error: errors.accountNumber?.message }}
          accountName={{ register: form.register('accountName'), error: errors.accountName?.message }}
          onKindChange={() => form.setValue('accountNumber', '')}
        />
        <FormError message={save.formError} />
        <StepActions step="bank" onBack={onBack} submitting={save.submitting} />
      </form>
    </>
  );
}

import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { findPayoutInstitution, PAYOUT_INSTITUTIONS } from '../../../../shared/activation/payout-institutions';
import { ACTIVATION_LIMITS, bankStepSchema, type BankStep as BankOutput, type BankStepInput } from '../../../../shared/schemas/activation';
import { useCurrentUser } from '../../auth/useCurrentUser';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { initialValues, useKeepDraft, type StepProps } from './types';

const FIELDS = ['bankCode', 'accountNumber', 'accountName'] as const;
const resolver = zodResolver(bankStepSchema);
const BANKS = PAYOUT_INSTITUTIONS.filter((i) => i.kind === 'BANK');
const EWALLETS = PAYOUT_INSTITUTIONS.filter((i) => i.kind === 'EWALLET');

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
  const ewallet = findPayoutInstitution(bankCode ?? '')?.kind === 'EWALLET';
  const bank$ = form.register('bankCode');

  return (
    <>
      {save.submitting && <Spinner label={t('activation.wizard.saving')} />}
      <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4" hidden={save.submitting}>
        <SelectField
          label={t('activation.bank.institution')}
          error={errors.bankCode?.message}
          {...bank$}
          onChange={(event) => {
            const before = findPayoutInstitution(form.getValues('bankCode'))?.kind;
            void bank$.onChange(event);
            // A bank account number and a mobile number are different things: start afresh.
            if (before && before !== findPayoutInstitution(event.target.value)?.kind) form.setValue('accountNumber', '');
          }}
        >
          <option value="">{t('activation.bank.institutionPlaceholder')}</option>
          <optgroup label={t('activation.bank.banks')}>
            {BANKS.map((i) => (
              <option key={i.code} value={i.code}>
                {i.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('activation.bank.ewallets')}>
            {EWALLETS.map((i) => (
              <option key={i.code} value={i.code}>
                {i.name}
              </option>
            ))}
          </optgroup>
        </SelectField>
        {ewallet ? (
          <TextField
            key="mobile"
            label={t('activation.bank.mobileNumber')}
            hint={t('activation.bank.mobileHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="0917 123 4567"
            maxLength={20}
            error={errors.accountNumber?.message}
            {...form.register('accountNumber')}
          />
        ) : (
          <TextField
            key="account"
            label={t('activation.bank.accountNumber')}
            hint={t('activation.bank.accountNumberHint')}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={ACTIVATION_LIMITS.accountNumberMax}
            error={errors.accountNumber?.message}
            {...form.register('accountNumber')}
          />
        )}
        <TextField
          label={t('activation.bank.accountName')}
          hint={t('activation.wizard.holderNameHint')}
          autoComplete="name"
          maxLength={ACTIVATION_LIMITS.nameMax}
          error={errors.accountName?.message}
          {...form.register('accountName')}
        />
        <FormError message={save.formError} />
        <StepActions step="bank" onBack={onBack} submitting={save.submitting} />
      </form>
    </>
  );
}

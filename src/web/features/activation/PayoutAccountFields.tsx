import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../ui/Field';
import { findPayoutInstitution, PAYOUT_INSTITUTIONS } from '../../../shared/activation/payout-institutions';
import { ACTIVATION_LIMITS } from '../../../shared/schemas/activation';

const BANKS = PAYOUT_INSTITUTIONS.filter((i) => i.kind === 'BANK');
const EWALLETS = PAYOUT_INSTITUTIONS.filter((i) => i.kind === 'EWALLET');

interface Field {
  readonly register: UseFormRegisterReturn;
  readonly error?: string | undefined;
}

export interface PayoutAccountFieldsProps {
  /** The bank or e-wallet select, and its current value (watched). */
  readonly institution: Field & { readonly value: string | undefined };
  readonly accountNumber: Field;
  readonly accountName: Field;
  /** Called when the choice moves between a bank and an e-wallet: the account number no longer fits. */
  readonly onKindChange: () => void;
  /** autocomplete of an e-wallet's mobile number: the member's own number is a fair guess at activation. */
  readonly mobileAutoComplete?: 'tel-national' | 'off';
}

/**
 * The payout account's fields (specification section 5, wizard step 5): a bank or e-wallet from the
 * shipped list of InstaPay/PESONet participants, the account number (for an e-wallet, its Philippine
 * mobile number) and the account holder's name. Used by activation step 5 and by the change of
 * payout account in Settings, so both ask the same way.
 */
export function PayoutAccountFields({ institution, accountNumber, accountName, onKindChange, mobileAutoComplete = 'tel-national' }: PayoutAccountFieldsProps) {
  const { t } = useTranslation();
  const ewallet = findPayoutInstitution(institution.value ?? '')?.kind === 'EWALLET';
  return (
    <>
      <SelectField
        label={t('activation.bank.institution')}
        error={institution.error}
        {...institution.register}
        onChange={(event) => {
          const before = findPayoutInstitution(institution.value ?? '')?.kind;
          void institution.register.onChange(event);
          // A bank account number and a mobile number are different things: start afresh.
          if (before && before !== findPayoutInstitution(event.target.value)?.kind) onKindChange();
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
          autoComplete={mobileAutoComplete}
          placeholder="0917 123 4567"
          maxLength={20}
          error={accountNumber.error}
          {...accountNumber.register}
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
          error={accountNumber.error}
          {...accountNumber.register}
        />
      )}
      <TextField
        label={t('activation.bank.accountName')}
        hint={t('activation.wizard.holderNameHint')}
        autoComplete="name"
        maxLength={ACTIVATION_LIMITS.nameMax}
        error={accountName.error}
        {...accountName.register}
      />
    </>
  );
}

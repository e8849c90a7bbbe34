import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/Field';

/**
 * A reason of the fixed catalogue (src/shared/reasons), chosen from a list whose labels are the very
 * texts the borrower will read. Staff never type what the borrower reads.
 */
export function ReasonSelect<C extends string>({
  label,
  codes,
  textKey,
  value,
  onChange,
  testId,
  error,
}: {
  readonly label: string;
  readonly codes: readonly C[];
  readonly textKey: (code: C) => string;
  readonly value: string;
  readonly onChange: (code: C | '') => void;
  readonly testId?: string;
  /** The field's message (an i18n key), shown beside it. */
  readonly error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as C | '')} required data-testid={testId} error={error}>
      <option value="">{t('reasons.admin.choose')}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {t(textKey(code))}
        </option>
      ))}
    </SelectField>
  );
}

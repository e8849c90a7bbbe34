import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../ui/Field';
import { DOCUMENT_KINDS, IDENTITY_TYPES, OTHER_IDENTITY_TYPE, type DocumentKind } from '../../../../shared/activation/id-types';
import {
  ACTIVATION_LIMITS,
  DOCUMENT_FIELD,
  identityStepSchema,
  type DocumentInfo,
  type IdentityStep as IdentityOutput,
  type IdentityStepInput,
} from '../../../../shared/schemas/activation';
import { ImageUpload } from '../ImageUpload';
import { useRecordUpload } from '../queries';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { initialValues, useKeepDraft, type StepProps } from './types';

const FIELDS = ['identityType', 'otherIdentityType', 'identityNumber'] as const;
const resolver = zodResolver(identityStepSchema);

const KIND_BY_FIELD: Readonly<Record<string, DocumentKind>> = Object.fromEntries(DOCUMENT_KINDS.map((kind) => [DOCUMENT_FIELD[kind], kind]));

const UPLOADS: readonly { kind: DocumentKind; label: string; hint: string; capture: 'environment' | 'user' }[] = [
  { kind: 'ID_FRONT', label: 'activation.identity.front', hint: 'activation.identity.frontHint', capture: 'environment' },
  { kind: 'ID_BACK', label: 'activation.identity.back', hint: 'activation.identity.backHint', capture: 'environment' },
  { kind: 'SELFIE', label: 'activation.identity.selfie', hint: 'activation.identity.selfieHint', capture: 'user' },
];

/**
 * Step 4, ID and selfie (specification sections 3 and 5): the ID type (the specification's list;
 * 'Others' asks for the type), the ID number, and three images uploaded one by one as they are
 * chosen. The step continues only once the server has stored all three.
 */
export function IdentityStep({ data, onSaved, onBack, drafts }: StepProps) {
  const { t } = useTranslation();
  const recordUpload = useRecordUpload();
  const form = useForm<IdentityStepInput, unknown, IdentityOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues<Partial<IdentityStepInput>>(drafts, 'identity', () => ({
      identityType: (IDENTITY_TYPES as readonly string[]).includes(data.identity?.identityType ?? '')
        ? (data.identity?.identityType as IdentityStepInput['identityType'])
        : undefined,
      otherIdentityType: data.identity?.otherIdentityType ?? '',
      identityNumber: data.identity?.identityNumber ?? '',
    })),
  });
  useKeepDraft(drafts, 'identity', form);
  const { errors } = form.formState;
  const identityType = useWatch({ control: form.control, name: 'identityType' });
  const [imageErrors, setImageErrors] = useState<Partial<Record<DocumentKind, string>>>({});
  const [busy, setBusy] = useState<ReadonlySet<DocumentKind>>(new Set());
  const [pendingNote, setPendingNote] = useState(false);

  const onBusyChange = useCallback((kind: DocumentKind, isBusy: boolean) => {
    setBusy((current) => {
      if (current.has(kind) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(kind);
      else next.delete(kind);
      return next;
    });
  }, []);

  const precheck = () => {
    if (busy.size > 0) {
      setPendingNote(true);
      return 'activation.identity.uploadsPending';
    }
    setPendingNote(false);
    const missing = DOCUMENT_KINDS.filter((kind) => !data.documents[kind]);
    setImageErrors(Object.fromEntries(missing.map((kind) => [kind, `activation.validation.${DOCUMENT_FIELD[kind]}`])));
    return missing.length > 0 ? 'activation.validation.imageIdFront' : null;
  };

  const save = useStepSave('identity', form, FIELDS, onSaved, {
    precheck,
    onOtherFields: (fields) => {
      const next: Partial<Record<DocumentKind, string>> = {};
      for (const [field, text] of Object.entries(fields)) {
        const kind = KIND_BY_FIELD[field];
        if (kind) next[kind] = text;
      }
      setImageErrors(next);
    },
  });

  const onUploaded = (info: DocumentInfo) => {
    recordUpload(info);
    setImageErrors((current) => ({ ...current, [info.kind]: undefined }));
    setPendingNote(false);
  };

  return (
    <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('activation.identity.type')} error={errors.identityType?.message} {...form.register('identityType')}>
          <option value="">{t('activation.identity.typePlaceholder')}</option>
          {IDENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === OTHER_IDENTITY_TYPE ? t('activation.identity.typeOthers') : type}
            </option>
          ))}
        </SelectField>
        {identityType === OTHER_IDENTITY_TYPE && (
          <TextField
            label={t('activation.identity.otherType')}
            maxLength={ACTIVATION_LIMITS.placeMax}
            error={errors.otherIdentityType?.message}
            {...form.register('otherIdentityType')}
          />
        )}
      </div>
      <TextField
        label={t('activation.identity.number')}
        hint={t('activation.identity.numberHint')}
        autoComplete="off"
        spellCheck={false}
        maxLength={ACTIVATION_LIMITS.idNumberMax}
        className="sm:max-w-80"
        error={errors.identityNumber?.message}
        {...form.register('identityNumber')}
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-ink">{t('activation.identity.photosTitle')}</p>
        <p className="text-sm text-muted">{t('activation.identity.photosIntro')}</p>
      </div>
      {UPLOADS.map((u) => (
        <ImageUpload
          key={u.kind}
          kind={u.kind}
          label={t(u.label)}
          hint={t(u.hint)}
          saved={data.documents[u.kind]}
          capture={u.capture}
          onUploaded={onUploaded}
          onBusyChange={onBusyChange}
          error={imageErrors[u.kind] ?? null}
        />
      ))}
      {pendingNote && busy.size > 0 && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('activation.identity.uploadsPending')}
        </p>
      )}
      <FormError message={save.formError} />
      <StepActions step="identity" onBack={onBack} submitting={save.submitting} />
    </form>
  );
}

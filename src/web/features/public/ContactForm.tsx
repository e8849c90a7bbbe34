import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { call, ApiError } from '../../lib/api';
import { toast } from '../../ui/toast';
import { useHydrated } from '../../lib/useHydrated';
import { Button } from '../../ui/Button';
import { Checkbox, TextAreaField, TextField } from '../../ui/Field';
import { contactMessageSchema, type ContactMessageInput } from '../../../shared/schemas/contact';

const FIELDS = ['name', 'email', 'message', 'agree'] as const;
type FieldName = (typeof FIELDS)[number];

export interface ContactFormProps {
  readonly companyName: string;
  readonly onOpenLegal: (document: 'terms' | 'privacy') => void;
}

/**
 * The contact form (specification section 5, "Contact form"; DECISIONS.md section 2): the message
 * is stored by the server, and 'Message sent.' shows only after the server accepted it; on failure
 * the server's message shows and the form keeps what was typed (invariant 7).
 */
export function ContactForm({ companyName, onOpenLegal }: ContactFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', message: '' } satisfies Partial<ContactMessageInput>,
  });

  const onSubmit = handleSubmit(async (values) => {
    const id = toast.loading(t('public.contact.form.sending'));
    try {
      await call(() => import('../../../shared/api/support').then((m) => m.supportApi.contact), { body: values });
    } catch (error) {
      toast.error((error as Error).message, { id });
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as FieldName, { type: 'server', message });
        }
      }
      return;
    }
    toast.success(t('public.contact.form.sent'), { id });
    reset();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-xl font-bold text-brand">
        {t('public.contact.form.heading')}
      </h2>
      <TextField label={t('public.contact.form.name')} autoComplete="name" maxLength={100} error={errors.name?.message} {...register('name')} />
      <TextField
        label={t('public.contact.form.email')}
        type="email"
        autoComplete="email"
        maxLength={100}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextAreaField
        label={t('public.contact.form.message')}
        rows={6}
        maxLength={2000}
        hint={t('public.contact.form.note')}
        error={errors.message?.message}
        {...register('message')}
      />
      <Checkbox label={t('public.contact.form.agree', { companyName })} error={errors.agree?.message} {...register('agree')} />
      <div className="flex flex-wrap gap-x-4 gap-y-1 pl-7 text-sm">
        <button
          type="button"
          className="min-h-11 text-left font-semibold text-brand underline underline-offset-4 hover:no-underline"
          onClick={() => onOpenLegal('terms')}
        >
          {t('public.contact.form.readTerms')}
        </button>
        <button
          type="button"
          className="min-h-11 text-left font-semibold text-brand underline underline-offset-4 hover:no-underline"
          onClick={() => onOpenLegal('privacy')}
        >
          {t('public.contact.form.readPrivacy')}
        </button>
      </div>
      <Button type="submit" variant="accent" busy={isSubmitting} disabled={!hydrated} className="self-start">
        {t('public.contact.form.send')}
      </Button>
    </form>
  );
}

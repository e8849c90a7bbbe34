import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { backofficeApi } from '../../../shared/api/backoffice';
import { queryKeys, useSession } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Checkbox, TextField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { companyProfileSchema, type AdminSettingsResponse, type CompanyProfileInput } from '../../../shared/schemas/company';
import { bpsToPercent } from '../../../shared/loan/product';
import { dateTime, money } from '../../lib/format';
import { ProductVersionForm } from '../../features/backoffice';

const settingsKey = ['admin', 'settings'] as const;

type TextFieldName = Exclude<keyof CompanyProfileInput, 'demo' | 'social' | 'disclosureSignatory'>;
const TEXT_FIELDS: readonly { name: TextFieldName; type?: string }[] = [
  { name: 'companyName' },
  { name: 'shortName' },
  { name: 'address' },
  { name: 'secRegistrationNumber' },
  { name: 'certificateOfAuthorityNumber' },
  { name: 'operatingPermitNumber' },
  { name: 'dateRegistered', type: 'date' },
  { name: 'employees' },
  { name: 'supportEmail', type: 'email' },
  { name: 'supportChatUrl', type: 'url' },
  { name: 'officeHours' },
  { name: 'verifyRegistrationUrl', type: 'url' },
  { name: 'dataProtectionOfficerEmail', type: 'email' },
];
const SOCIAL = ['facebook', 'instagram', 'tiktok'] as const;
/** The disclosure statement's "certified correct" signatory (BSP Circular 730). */
const SIGNATORY = ['name', 'position'] as const;

function Card({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-2 text-lg font-bold text-brand">{title}</h2>
      {children}
    </section>
  );
}

function CompanyForm({ data }: { readonly data: AdminSettingsResponse }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CompanyProfileInput>({ resolver: zodResolver(companyProfileSchema), mode: 'onTouched', defaultValues: data.company.profile });
  const { errors, isSubmitting } = form.formState;
  const company = data.company;

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await call(backofficeApi.company, { body: values });
      form.reset(saved.profile);
      toast.success(t('backoffice.settings.saved'));
      queryClient.setQueryData<AdminSettingsResponse>(settingsKey, (old) => (old ? { ...old, company: saved } : old));
      await queryClient.invalidateQueries({ queryKey: queryKeys.publicConfig });
    } catch (e) {
      if (e instanceof ApiError) {
        setFormError(e.message);
        for (const [field, message] of Object.entries(e.fields)) form.setError(field as keyof CompanyProfileInput, { type: 'server', message });
      } else {
        setFormError(t('errors.NO_SERVER_RESPONSE'));
      }
    }
  });

  return (
    <Card title={t('backoffice.settings.companyTitle')}>
      <p className="mb-1 text-sm text-muted">{t('backoffice.settings.companyIntro')}</p>
      <p className="mb-4 text-sm font-semibold" data-testid="company-source">
        {company.source === 'DATABASE'
          ? t('backoffice.settings.source.DATABASE', {
              name: company.updatedBy ?? '—',
              at: company.updatedAt ? dateTime(company.updatedAt, i18n.language) : '—',
            })
          : t('backoffice.settings.source.CONFIGURATION')}
      </p>
      <form onSubmit={save} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, type }) => (
          <TextField key={name} label={t(`backoffice.settings.fields.${name}`)} type={type ?? 'text'} error={errors[name]?.message} {...form.register(name)} />
        ))}
        {SOCIAL.map((name) => (
          <TextField key={name} label={t(`backoffice.settings.fields.${name}`)} error={errors.social?.[name]?.message} {...form.register(`social.${name}`)} />
        ))}
        {SIGNATORY.map((name) => (
          <TextField
            key={name}
            label={t(`backoffice.settings.fields.signatory.${name}`)}
            error={errors.disclosureSignatory?.[name]?.message}
            {...form.register(`disclosureSignatory.${name}`)}
          />
        ))}
        <div className="sm:col-span-2">
          <Checkbox label={t('backoffice.settings.fields.demo')} error={errors.demo?.message} {...form.register('demo')} />
        </div>
        {formError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-danger sm:col-span-2">
            {formError}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={isSubmitting}>
            {t('backoffice.settings.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Product({ data }: { readonly data: AdminSettingsResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { product } = data;
  const rows: [string, string][] = [
    [t('backoffice.settings.product.version'), String(product.version)],
    [t('backoffice.settings.product.name'), product.name],
    [t('backoffice.settings.product.effectiveFrom'), product.effectiveFrom],
    [t('backoffice.settings.product.amounts'), `${money(product.minAmount)} – ${money(product.maxAmount)}`],
    [t('backoffice.settings.product.terms'), product.terms.join(', ')],
    [
      t('backoffice.settings.product.interest'),
      t('backoffice.settings.product.interestText', { rate: bpsToPercent(product.monthlyRateBps), model: product.interestModel }),
    ],
    [t('backoffice.settings.product.cap'), `${bpsToPercent(product.annualCostCapBps)} %`],
    [
      t('backoffice.settings.product.fees'),
      product.fees.length === 0
        ? t('backoffice.settings.product.noFees')
        : product.fees.map((f) => `${f.label}: ${money(f.flat)} + ${bpsToPercent(f.bpsOfPrincipal)} % (${f.treatment})`).join('; '),
    ],
    [
      t('backoffice.settings.product.penalties'),
      t('backoffice.settings.product.penaltyText', {
        daily: bpsToPercent(product.penalties.dailyRateBps),
        grace: product.penalties.graceDays,
        collection: bpsToPercent(product.penalties.collectionChargeBps),
      }),
    ],
  ];
  return (
    <Card title={t('backoffice.settings.productTitle')}>
      <p className="mb-3 text-sm text-muted">{t('backoffice.settings.productIntro')}</p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 mb-1 font-bold text-brand">{t('backoffice.settings.productForm.title')}</h3>
      <p className="mb-3 text-sm text-muted">{t('backoffice.settings.productForm.intro')}</p>
      <ProductVersionForm
        key={product.version}
        current={data.productDraft}
        nextVersion={product.version + 1}
        onCreated={() => queryClient.invalidateQueries({ queryKey: settingsKey })}
      />
    </Card>
  );
}

/** Settings (ADMIN only): the company profile and the loan product, each change checked and audited. */
export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.data?.role === 'ADMIN';
  const settings = useQuery<AdminSettingsResponse, ApiError>({
    queryKey: settingsKey,
    queryFn: () => call(backofficeApi.settings),
    enabled: isAdmin,
  });

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.settings.title')}</h1>
      {!isAdmin ? (
        <p role="alert" className="text-accent">
          {t('errors.FORBIDDEN')}
        </p>
      ) : settings.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : settings.isError ? (
        <p role="alert" className="text-accent">
          {settings.error.message}
        </p>
      ) : (
        <>
          <CompanyForm data={settings.data} />
          <Product data={settings.data} />
        </>
      )}
    </div>
  );
}

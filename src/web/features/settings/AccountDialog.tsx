import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberAccount } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { useRegionNames } from '../../ui/PhoneInput';
import { OTHER_IDENTITY_TYPE, type DocumentKind } from '../../../shared/activation/id-types';
import { formatPhone } from './MaskedPhone';
import { LoadError } from '../../ui/LoadError';
import { Rows } from './Rows';

const IMAGES: readonly { kind: DocumentKind; label: string }[] = [
  { kind: 'ID_FRONT', label: 'activation.identity.front' },
  { kind: 'ID_BACK', label: 'activation.identity.back' },
  { kind: 'SELFIE', label: 'activation.identity.selfie' },
];

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-b border-slate-200 pb-4 last:border-b-0 last:pb-0">
      <h3 className="text-base font-bold text-brand">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The Settings Account dialog (specification section 2): personal information, address, the two
 * character references, identity with the three images (served to their owner only, never cached)
 * and the payout account. As the specification says, the ID number is shown in full here; the
 * account number is masked but its first 3 characters.
 */
export function AccountDialog({
  open,
  onClose,
  onChangePayout,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onChangePayout?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const account = useMemberAccount(open);
  const regionName = useRegionNames();
  const dates = useMemo(() => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }), [i18n.language]);
  const moments = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Manila' }), [i18n.language]);
  const none = <span className="text-muted">{t('activation.account.none')}</span>;

  const body = () => {
    if (account.isPending) return <Spinner label={t('activation.account.loading')} />;
    if (account.error) {
      return (
        <LoadError
          title={t('activation.account.error')}
          detail={account.error.message}
          retryLabel={t('activation.wizard.retry')}
          onRetry={() => void account.refetch()}
        />
      );
    }
    const a = account.data;
    if (!a.active) return <p className="text-ink">{t('activation.account.notActive')}</p>;
    const p = a.personal;
    const ad = a.address;
    const r = a.references;
    const id = a.identity;
    const b = a.bank;
    return (
      // Focusable, so a keyboard can scroll the dialog's body (it holds no control of its own).
      <div role="region" aria-label={t('activation.account.details')} tabIndex={0} className="flex flex-col gap-4 rounded-md">
        <Section title={t('activation.steps.personal')}>
          {p ? (
            <Rows
              rows={[
                [t('activation.account.name'), [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')],
                [t('activation.personal.gender'), t(`activation.options.${p.gender.toLowerCase()}`)],
                [t('activation.personal.birthDate'), dates.format(new Date(`${p.birthDate}T00:00:00Z`))],
                [
                  t('activation.personal.maritalStatus'),
                  t(`activation.options.marital.${p.maritalStatus.replace('/', '')}`, { defaultValue: p.maritalStatus }),
                ],
                [t('activation.personal.nationality'), p.nationality],
                [t('activation.account.phone'), formatPhone(a.phoneNumber)],
                [
                  t('activation.account.consent'),
                  p.consentedAt ? t('activation.account.consentGiven', { date: moments.format(new Date(p.consentedAt)) }) : none,
                ],
              ]}
            />
          ) : (
            none
          )}
        </Section>
        <Section title={t('activation.steps.address')}>
          {ad ? (
            <Rows
              rows={[
                [t('activation.address.country'), `${regionName(ad.countryResidence)} (${ad.countryResidence})`],
                [ad.countryResidence === 'PH' ? t('activation.address.province') : t('activation.address.provinceOther'), ad.provinceName],
                [ad.countryResidence === 'PH' ? t('activation.address.city') : t('activation.address.townOther'), ad.townName],
                [t('activation.address.street'), ad.streetAddress],
                [t('activation.address.postalCode'), ad.postalCode ?? none],
              ]}
            />
          ) : (
            none
          )}
        </Section>
        <Section title={t('activation.steps.references')}>
          {r ? (
            <div className="grid gap-4 lg:grid-cols-2">
              {([1, 2] as const).map((n) => (
                <div key={n} className="flex flex-col gap-2">
                  <p className="text-sm font-bold text-ink">{t('activation.references.reference', { n })}</p>
                  <Rows
                    rows={[
                      [t('activation.references.fullName'), n === 1 ? r.refFullName1 : r.refFullName2],
                      [t('activation.references.relationship'), n === 1 ? r.refRelationship1 : r.refRelationship2],
                      [t('activation.references.phone'), formatPhone(n === 1 ? r.refPhoneNumber1 : r.refPhoneNumber2)],
                    ]}
                  />
                </div>
              ))}
            </div>
          ) : (
            none
          )}
        </Section>
        <Section title={t('activation.steps.identity')}>
          {id ? (
            <Rows
              rows={[
                [
                  t('activation.identity.type'),
                  id.identityType === OTHER_IDENTITY_TYPE && id.otherIdentityType
                    ? `${t('activation.identity.typeOthers')}: ${id.otherIdentityType}`
                    : id.identityType,
                ],
                [t('activation.identity.number'), <span className="font-mono">{id.identityNumber}</span>],
              ]}
            />
          ) : (
            none
          )}
          <ul className="mt-2 grid gap-3 sm:grid-cols-3">
            {IMAGES.map(({ kind, label }) => {
              const doc = a.documents[kind];
              return (
                <li key={kind} className="flex flex-col gap-1">
                  <span className="text-sm font-semibold text-muted">{t(label)}</span>
                  {doc ? (
                    <img
                      src={doc.url}
                      alt={t(label)}
                      width={doc.width}
                      height={doc.height}
                      loading="lazy"
                      className="h-auto max-h-48 w-full rounded-md border border-slate-300 bg-slate-50 object-contain"
                    />
                  ) : (
                    none
                  )}
                </li>
              );
            })}
          </ul>
        </Section>
        <Section title={t('activation.steps.bank')}>
          {b ? (
            <Rows
              rows={[
                [b.kind === 'EWALLET' ? t('activation.account.ewallet') : t('activation.account.bank'), b.bankName],
                [
                  b.kind === 'EWALLET' ? t('activation.bank.mobileNumber') : t('activation.bank.accountNumber'),
                  <span className="font-mono">{b.accountNumberMasked}</span>,
                ],
                [t('activation.bank.accountName'), b.accountName],
              ]}
            />
          ) : (
            none
          )}
          <p className="text-xs text-muted">{t('activation.account.bankNote')}</p>
          {b && onChangePayout && (
            <div>
              <Button variant="outline" onClick={onChangePayout}>
                {t('activation.account.changePayout')}
              </Button>
            </div>
          )}
        </Section>
      </div>
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('activation.account.title')}
      size="xl"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {body()}
    </Dialog>
  );
}

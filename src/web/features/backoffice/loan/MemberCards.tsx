import { useTranslation } from 'react-i18next';
import { Card, Item } from '../../../ui/Card';
import { money } from '../../../lib/format';
import type { AdminLoanDetail } from '../../../../shared/schemas/loans';

type Member = AdminLoanDetail['member'];

/** The member's profile and character references. */
export function MemberCards({ member }: { readonly member: Member }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('loans.admin.member')}>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <Item label={t('loans.admin.member')}>{member.fullName}</Item>
          <Item label={t('loans.admin.phone')}>{member.phone}</Item>
          <Item label={t('loans.admin.email')}>{member.email}</Item>
          <Item label={t('loans.admin.income')}>{money(member.employment.monthlyNetIncome)}</Item>
          <Item label={t('loans.admin.employment')}>
            {member.employment.jobTitle}, {member.employment.jobCategory} ({member.employment.location}, {member.employment.country})
          </Item>
          {member.personal && <Item label={t('loans.admin.birthDate')}>{member.personal.birthDate}</Item>}
          {member.address && (
            <Item label={t('loans.admin.address')}>
              {[member.address.streetAddress, member.address.town, member.address.province, member.address.postalCode, member.address.country]
                .filter(Boolean)
                .join(', ')}
            </Item>
          )}
          {member.identity && (
            <Item label={t('loans.admin.identity')}>
              {member.identity.otherIdentityType ?? member.identity.identityType}: {member.identity.identityNumber}
            </Item>
          )}
          {member.payoutAccount && (
            <Item label={t('loans.admin.payout')}>
              {member.payoutAccount.institutionName} {member.payoutAccount.accountNumberMasked} ({member.payoutAccount.accountName})
            </Item>
          )}
        </dl>
      </Card>
      <Card title={t('loans.admin.references')}>
        <ul className="flex flex-col gap-2 text-sm">
          {member.references.map((r) => (
            <li key={r.position}>
              <span className="font-semibold">{r.fullName}</span> ({r.relationship}) · {r.phone}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The ID images (each view is logged by the server). */
export function DocumentsCard({ documents }: { readonly documents: Member['documents'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('loans.admin.documents')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {(['ID_FRONT', 'ID_BACK', 'SELFIE'] as const).map((kind) => (
          <figure key={kind} className="flex flex-col gap-1">
            {documents[kind] ? (
              <img
                src={documents[kind]}
                alt={t(`loans.admin.doc.${kind}`)}
                loading="lazy"
                className="max-h-60 w-full rounded-md border border-slate-200 object-contain"
              />
            ) : (
              <p className="text-muted">{t('loans.admin.missing')}</p>
            )}
            <figcaption className="text-xs text-muted">{t(`loans.admin.doc.${kind}`)}</figcaption>
          </figure>
        ))}
      </div>
    </Card>
  );
}

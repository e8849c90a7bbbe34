import { createHash } from 'node:crypto';
import type { CompanyProfile } from '../../../shared/company/profile';
import { bpsToPercent, type ProductConfig } from '../../../shared/loan/product';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import { maskKeepFirst3, maskPhoneNational } from '../../../shared/phone/phone';
import type { DisclosureDto } from '../../../shared/schemas/loans';
import { canonicalJson } from '../../../shared/json/canonical';
import { DISBURSEMENT_PROMISE_HOURS } from '../../../shared/loan/disbursement';
import { SEMI_MONTHLY_MID_DAY, SEMI_MONTHLY_MIN_FIRST_DUE_DAYS } from '../../../shared/loan/dates';

/**
 * The LOAN CONTRACT AGREEMENT (specification section 9's terms as DECISIONS.md builds them),
 * rendered from the product version, the borrower's data and the offer. Every number comes from the
 * product configuration and the disclosure statement of the one schedule engine (invariant 6).
 *
 * Section 9's "30 percent of principal and interest on modification or termination" is not in it:
 * no such fee exists in the product (DECISIONS.md section 9: only within the 25 % cap, and the cap
 * is already what interest and fines may use), and early repayment is free (RA 11765).
 */
/**
 * 2026-11-28.1: section 2 names the product (its English and Filipino names and its code) beside its version.
 * 2026-11-28.2: section 5 states the schedule chosen (twice a month, or monthly on a picked day; docs/decisions/084).
 */
const CONTRACT_TEMPLATE_VERSION = '2026-11-28.2';
const CONTRACT_TITLE = 'LOAN CONTRACT AGREEMENT';

export interface ContractSection {
  readonly heading: string;
  readonly paragraphs: string[];
}

export interface ContractDocument {
  readonly title: string;
  readonly templateVersion: string;
  readonly sections: ContractSection[];
  readonly text: string;
}

export interface ContractInput {
  readonly company: CompanyProfile;
  readonly product: ProductConfig;
  readonly loanNumber: string;
  /** The date of the contract (YYYY-MM-DD, Philippine calendar). */
  readonly date: string;
  readonly borrower: {
    readonly name: string;
    readonly address: string | null;
    readonly phone: string;
    readonly identityType: string | null;
    readonly identityNumber: string | null;
    readonly payoutAccount: string | null;
  };
  readonly disclosure: DisclosureDto;
}

const php = (amount: string) => `PHP ${formatAmount(parseAmount(amount) ?? 0n)}`;

/** When the instalments fall due, as the loan's timing (docs/decisions/084) sets them. */
function dueDatesSentence(d: Pick<DisclosureDto, 'frequency' | 'dueDay'>): string {
  const table = 'as the schedule of the Disclosure Statement shows.';
  if (d.frequency === 'SEMI_MONTHLY')
    return `The instalments fall due on the ${SEMI_MONTHLY_MID_DAY}th and on the last day of each month, the first at least ${SEMI_MONTHLY_MIN_FIRST_DUE_DAYS} days after the disbursement, ${table}`;
  if (d.dueDay !== undefined)
    return `The instalments fall due on day ${d.dueDay} of each month, chosen by the Borrower, the first on the first such day at least one month after the disbursement, ${table}`;
  return `The first instalment falls due one month after the disbursement and each next one on the same day of the following months (on the last day of a shorter month), ${table}`;
}

export function renderContract(input: ContractInput): ContractDocument {
  const { company, product, disclosure: d, borrower: b } = input;
  const last = d.schedule.at(-1)!;
  const converted = d.converted;
  const p = product.penalties;
  const sections: ContractSection[] = [
    {
      heading: '1. The parties',
      paragraphs: [
        `This Loan Contract Agreement No. ${input.loanNumber} is made on ${input.date} between ${company.companyName}, a financing company registered with the Securities and Exchange Commission under SEC Registration No. ${company.secRegistrationNumber} and Certificate of Authority No. ${company.certificateOfAuthorityNumber}, of ${company.address} (the Lender), and ${b.name}${b.address ? `, of ${b.address}` : ''}${b.identityType && b.identityNumber ? `, holder of ${b.identityType} No. ${maskKeepFirst3(b.identityNumber)}` : ''}, mobile number ${maskPhoneNational(b.phone)} (the Borrower).`,
      ],
    },
    {
      heading: '2. The loan',
      paragraphs: [
        `The Lender lends the Borrower the principal of ${php(d.amountFinanced)} for ${d.termMonths} months under the Lender's product "${product.names.en}" (in Filipino "${product.names.fil}"; code ${product.code}), version ${product.version}. The loan is booked and repaid in Philippine pesos (PHP).`,
        ...(converted
          ? [
              `For the Borrower's information only, the principal is ${converted.currency} ${formatAmount(parseAmount(converted.amountFinanced) ?? 0n)}, the monthly instalment ${converted.currency} ${formatAmount(parseAmount(converted.regularInstalment) ?? 0n)} and the total amount payable ${converted.currency} ${formatAmount(parseAmount(converted.totalPayable) ?? 0n)}, at ${converted.rate} ${converted.currency} per PHP (1 ${converted.currency} = PHP ${converted.displayRate}) as of ${converted.ratesAsOf}, rounded up. What is owed is the PHP amount.`,
            ]
          : []),
      ],
    },
    {
      heading: '3. Disbursement',
      paragraphs: [
        `Within ${DISBURSEMENT_PROMISE_HOURS} hours after the Borrower signs this contract, the Lender credits the net proceeds of ${php(d.netProceeds)} to the Borrower's wallet in the Lender's application. The Borrower may withdraw them to their own account${b.payoutAccount ? ` (${b.payoutAccount})` : ''} at no charge.`,
        'The Borrower pays nothing, to the Lender or to anyone, to receive, release, unlock or withdraw the proceeds. Any request for such a payment is not from the Lender and should be reported to it and to the Securities and Exchange Commission.',
      ],
    },
    {
      heading: '4. Interest and the effective interest rate',
      paragraphs: [
        product.interest.model === 'ADD_ON'
          ? `Interest is ${bpsToPercent(product.interest.monthlyRateBps)} % of the principal a month (add-on), ${php(d.financeCharges[0]!.amount)} over the term. The interest of each instalment is computed on the outstanding balance at the beginning of the month, at ${d.balanceMonthlyRatePercent} % a month, the rate that corresponds to the add-on instalments.`
          : `Interest is ${bpsToPercent(product.interest.monthlyRateBps)} % a month on the outstanding balance at the beginning of each month, ${php(d.financeCharges[0]!.amount)} over the term.`,
        `The effective interest rate, which includes every finance charge, is ${d.eir.monthlyPercent} % a month, or ${d.eir.annualPercent} % a year (12 times the monthly rate).`,
      ],
    },
    {
      heading: '5. Repayment',
      paragraphs: [
        `The Borrower repays the loan in ${d.numberOfInstalments} ${d.frequency === 'SEMI_MONTHLY' ? 'instalments twice a month' : 'monthly instalments'} of ${php(d.regularInstalment)}${last.total !== d.regularInstalment ? `, the last one ${php(last.total)}` : ''}, for a total amount payable of ${php(d.totalPayable)}. ${dueDatesSentence(d)}`,
      ],
    },
    {
      heading: '6. Fees',
      paragraphs: [
        d.financeCharges.length > 1
          ? `The fees of this loan are: ${d.financeCharges
              .slice(1)
              .map((f) => `${f.label}, ${php(f.amount)}, ${f.paidAs === 'DEDUCTED_FROM_PROCEEDS' ? 'deducted from the proceeds' : 'added to the instalments'}`)
              .join('; ')}. No other fee applies and no fee is payable before disbursement.`
          : 'This loan has no fees. No fee is payable before disbursement, to withdraw the proceeds, or to change the payout account.',
      ],
    },
    {
      heading: '7. Late payment',
      paragraphs: [
        `If an instalment is not paid within ${p.graceDays} days after its due date, penalty interest of ${bpsToPercent(p.dailyRateBps)} % a day on the overdue amount runs from the ${p.graceDays + 1}th day, and a collection charge of ${bpsToPercent(p.collectionChargeBps)} % of the overdue portion applies once. Both are limited by section 8.`,
      ],
    },
    {
      heading: '8. Limit on all charges',
      paragraphs: [
        `Interest, fines and fees together never exceed ${d.costCap.annualPercent} % of the principal a year: over the term of this loan at most ${php(d.costCap.capAmount)}, of which fines at most ${php(d.costCap.maxFines)}. If the loan remains unpaid after its term, the limit grows by ${d.costCap.annualPercent} % of the principal a year, never faster. Any charge above the limit is not due and is not collected.`,
      ],
    },
    {
      heading: '9. Early repayment',
      paragraphs: [
        'The Borrower may repay all or part of the loan before it is due at any time, without any fee or penalty (Republic Act No. 11765). Interest is then due only on the balance for the time it was outstanding: the amount to repay in full is the outstanding principal balance plus interest on it for the current month at the rate of section 4. The Lender shows the payoff amount before the Borrower pays. The unearned interest is rebated by the actuarial method at the effective rate of the loan (interest only for the days the balance was outstanding), never by the rule of 78s.',
      ],
    },
    {
      heading: '10. Extension',
      paragraphs: [
        'The Borrower may ask to extend the term by a request made at least 5 days before the end of the contract period. An approved extension re-schedules the principal still owed over the new term with its own disclosure statement, which the Borrower signs with a one-time code; it takes effect only then, nothing is charged for asking, any extension fee is added to the new instalments (never paid before the extension takes effect), and everything stays within the limit of section 8.',
      ],
    },
    {
      heading: '11. Modification and termination',
      paragraphs: [
        'No fee is charged for modifying or terminating this contract. Changing the payout account is free, after the Lender verifies the new account. Nothing in this contract makes the Borrower pay to receive the loan.',
      ],
    },
    {
      heading: '12. Collection',
      paragraphs: [
        "The Lender contacts only the Borrower about this loan, from 06:00 to 22:00 Philippine time, with fixed notices that contain no threat, insult or shaming (SEC Memorandum Circular No. 18, s. 2019). The Borrower's character references are never contacted to collect.",
      ],
    },
    {
      heading: '13. Personal data',
      paragraphs: [
        `The Lender processes the Borrower's personal data under the Data Privacy Act of 2012 only to provide and service this loan and as the law requires. The Borrower may ask the Data Protection Officer (${company.dataProtectionOfficerEmail}) for a copy of their data or its correction.`,
      ],
    },
    {
      heading: '14. Disclosure statement and signature',
      paragraphs: [
        'The Disclosure Statement of this loan is part of this contract. The Borrower confirms having received and read it before signing. Read the Disclosure Statement before accepting the loan.',
        'The Borrower signs electronically by entering the one-time code sent to their mobile number. The Lender keeps the signed documents unchanged, with their SHA-256 digest, and the Borrower can download them at any time.',
      ],
    },
  ];
  const text = [CONTRACT_TITLE, `Template version ${CONTRACT_TEMPLATE_VERSION}`, '', ...sections.flatMap((s) => [s.heading, ...s.paragraphs, ''])]
    .join('\n')
    .trimEnd();
  return { title: CONTRACT_TITLE, templateVersion: CONTRACT_TEMPLATE_VERSION, sections, text };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface DocumentDigests {
  readonly contractSha256: string;
  readonly disclosureJson: string;
  readonly disclosureSha256: string;
  /** Over both: the contract text, a blank line, the disclosure's canonical JSON. */
  readonly documentsSha256: string;
}

export function digests(contract: ContractDocument, disclosure: DisclosureDto): DocumentDigests {
  const disclosureJson = canonicalJson(disclosure);
  return {
    contractSha256: sha256(contract.text),
    disclosureJson,
    disclosureSha256: sha256(disclosureJson),
    documentsSha256: sha256(`${contract.text}\n\n${disclosureJson}`),
  };
}

import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { loanContracts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { issueCode, verifyCode } from '../../otp/service';
import { languageOfUser, messageText, queueSms, withCode } from '../../providers/notify';
import type { RequestOrigin } from '../../http/request-origin';
import type { SessionAuth } from '../../sessions/store';
import { maskPhoneNational } from '../../../shared/phone/phone';
import type { DisclosureDto, LoanView } from '../../../shared/schemas/loans';
import type { LoanStatus } from '../../../shared/states/loan';
import type { Language } from '../../../shared/i18n/languages';
import { digests, renderContract, type ContractDocument } from './contract';
import { memberFacts } from './member-data';
import { contractPdf, disclosurePdf } from './pdf';
import { disclosureOf, loanView, namedDisclosure, offerAwaitsAcceptance } from './views';
import { currentLoanOf, loanNumberOf, productOf, type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { transition } from '../../domain/loans/transition';
import { codeTextValues } from '../../../shared/codes/rules';
import { text } from '../../../shared/i18n/text';

/**
 * Contract signing: the borrower reads the LOAN CONTRACT AGREEMENT and the final
 * disclosure statement, asks for a CONTRACT_SIGNING code by SMS (bound to the SHA-256 of exactly
 * these documents) and signs with it; signing stores an immutable snapshot of the documents.
 */

interface Documents {
  readonly loan: LoanRow;
  readonly contract: ContractDocument;
  readonly disclosure: DisclosureDto;
  readonly documentsSha256: string;
  readonly signedAt: Date | null;
}

const NO_LOAN = text('loans.errors.noApplication');

async function renderFor(db: DbOrTx, deps: AppDeps, loan: LoanRow): Promise<Omit<Documents, 'signedAt'>> {
  const facts = await memberFacts(db, loan.memberId);
  const disclosure = await disclosureOf(db, deps, loan, { name: facts.legalName ?? facts.fullName, address: facts.address });
  const contract = renderContract({
    company: deps.config.company,
    product: productOf(deps, loan),
    loanNumber: loanNumberOf(deps, loan.number),
    date: todayPh(deps),
    borrower: {
      name: facts.legalName ?? facts.fullName,
      address: facts.address,
      phone: facts.phone,
      identityType: facts.identity?.type ?? null,
      identityNumber: facts.identity?.number ?? null,
      payoutAccount: facts.payout ? `${facts.payout.institutionName} ${facts.payout.accountNumberMasked}` : null,
    },
    disclosure,
  });
  return { loan, contract, disclosure, documentsSha256: digests(contract, disclosure).documentsSha256 };
}

/** The documents of the member's loan: the signed snapshot, or (approved, not signed) the ones to sign. */
async function documentsOf(deps: AppDeps, userId: string): Promise<Documents> {
  const loan = await currentLoanOf(deps.db, userId);
  if (!loan) throw new AppError(404, 'NOT_FOUND', NO_LOAN);
  const [signed] = await deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loan.id));
  if (signed) {
    return {
      loan,
      contract: JSON.parse(signed.contractJson) as ContractDocument,
      disclosure: namedDisclosure(deps, loan, JSON.parse(signed.disclosureJson) as DisclosureDto),
      documentsSha256: signed.documentsSha256,
      signedAt: signed.signedAt,
    };
  }
  if (loan.status !== 'APPROVED') {
    throw new AppError(409, 'LOAN_STATE', text('loans.errors.contractNotReady'));
  }
  return { ...(await renderFor(deps.db, deps, loan)), signedAt: null };
}

export async function getContract(deps: AppDeps, userId: string) {
  const d = await documentsOf(deps, userId);
  return {
    loanId: d.loan.id,
    loanNumber: loanNumberOf(deps, d.loan.number),
    status: d.loan.status as LoanStatus,
    signed: d.signedAt !== null,
    signedAt: d.signedAt?.toISOString() ?? null,
    documentsSha256: d.documentsSha256,
    contract: d.contract,
    disclosure: d.disclosure,
  };
}

const OFFER_NOT_ACCEPTED = text('errors.OFFER_NOT_ACCEPTED');

/** 409 OFFER_NOT_ACCEPTED while a counter-offer waits for the borrower's acceptance. */
function assertOfferAccepted(loan: LoanRow): void {
  if (offerAwaitsAcceptance(loan)) throw new AppError(409, 'OFFER_NOT_ACCEPTED', OFFER_NOT_ACCEPTED);
}

function signingSubject(loanId: string, documentsSha256: string): string {
  return `${loanId}:${documentsSha256}`;
}

/** POST /api/loans/current/contract/code: a CONTRACT_SIGNING code by SMS to the member's own phone. */
export async function requestSigningCode(deps: AppDeps, auth: SessionAuth, ctx: RequestOrigin) {
  const d = await documentsOf(deps, auth.userId);
  if (d.signedAt) throw new AppError(409, 'LOAN_STATE', text('loans.errors.alreadySigned'));
  assertOfferAccepted(d.loan);
  return deps.db.transaction(async (tx) => {
    const issued = await issueCode(tx, deps.clock, deps.config.otpPepper, {
      purpose: 'CONTRACT_SIGNING',
      phone: auth.phone,
      subject: signingSubject(d.loan.id, d.documentsSha256),
    });
    const language = await languageOfUser(tx, auth.userId);
    await queueSms(
      tx,
      {
        to: auth.phone,
        body: withCode(
          (code) =>
            messageText(language, 'messages.loans.signingCode', {
              company: deps.config.company.shortName,
              code,
              number: loanNumberOf(deps, d.loan.number),
              ...codeTextValues(),
            }),
          issued.code,
        ),
      },
      ctx,
    );
    return { sentTo: maskPhoneNational(auth.phone), expiresAt: issued.expiresAt.toISOString(), resendAvailableAt: issued.resendAvailableAt.toISOString() };
  });
}

/** POST /api/loans/current/contract/sign {code}: checks the code on the server, stores the snapshot, CONTRACT_SIGNED. */
export async function sign(
  deps: AppDeps,
  auth: SessionAuth,
  code: string,
  ctx: RequestOrigin & { userAgent: string | null },
): Promise<{ loan: LoanView; signedAt: string; documentsSha256: string }> {
  const d = await documentsOf(deps, auth.userId);
  if (d.signedAt) throw new AppError(409, 'LOAN_STATE', text('loans.errors.alreadySigned'));
  assertOfferAccepted(d.loan);
  // The code was bound to these exact documents; a changed offer needs a new code. Checked outside
  // the signing transaction so a wrong try counts even though nothing else is written.
  await verifyCode(deps.db, deps.clock, deps.config.otpPepper, { purpose: 'CONTRACT_SIGNING', subject: signingSubject(d.loan.id, d.documentsSha256), code });
  return deps.db.transaction(async (tx) => {
    const loan = await currentLoanOf(tx, auth.userId, true);
    if (!loan || loan.id !== d.loan.id || loan.amount !== d.loan.amount || loan.term !== d.loan.term) {
      throw new AppError(409, 'LOAN_STATE', text('loans.errors.changedWhileSigning'));
    }
    assertOfferAccepted(loan);
    const now = deps.clock.now();
    const dig = digests(d.contract, d.disclosure);
    await tx.insert(loanContracts).values({
      loanId: loan.id,
      templateVersion: d.contract.templateVersion,
      contractJson: JSON.stringify(d.contract),
      contractText: d.contract.text,
      disclosureJson: dig.disclosureJson,
      contractSha256: dig.contractSha256,
      disclosureSha256: dig.disclosureSha256,
      documentsSha256: dig.documentsSha256,
      amount: loan.amount,
      term: loan.term,
      signedAt: now,
      signerIp: ctx.ip,
      signerUserAgent: ctx.userAgent?.slice(0, 300) ?? null,
    });
    const updated = await transition(tx, loan, 'SIGN', {
      actor: { userId: auth.userId, role: 'MEMBER' },
      at: now,
      data: { documentsSha256: dig.documentsSha256 },
      changes: { signedAt: now },
    });
    const language = await languageOfUser(tx, auth.userId);
    await queueSms(
      tx,
      {
        to: auth.phone,
        body: messageText(language, 'messages.loans.signed', { company: deps.config.company.shortName, number: loanNumberOf(deps, loan.number) }),
      },
      ctx,
    );
    return { loan: await loanView(tx, deps, updated), signedAt: now.toISOString(), documentsSha256: dig.documentsSha256 };
  });
}

/** The contract or disclosure as PDF: the signed snapshot, or the documents to sign marked as a preview. */
export async function documentPdf(
  deps: AppDeps,
  auth: SessionAuth,
  which: 'contract' | 'disclosure',
  language: Language = 'en',
): Promise<{ bytes: Uint8Array; filename: string }> {
  const d = await documentsOf(deps, auth.userId);
  const number = loanNumberOf(deps, d.loan.number);
  const signature = d.signedAt ? { signedAt: d.signedAt.toISOString(), documentsSha256: d.documentsSha256, phoneMasked: maskPhoneNational(auth.phone) } : null;
  if (which === 'contract') {
    return {
      bytes: await contractPdf(deps.config.company, d.contract, number, signature, language, d.disclosure.product?.names ?? null),
      filename: `${number}-contract${d.signedAt ? '' : '-preview'}.pdf`,
    };
  }
  // Disbursed on another day than the signed schedule starts: the statement re-issued from the disbursement date (decision 020).
  const reissued = d.signedAt && d.loan.scheduleStartDate && d.loan.scheduleStartDate !== d.disclosure.scheduleStartDate;
  const disclosure = reissued ? await disclosureOf(deps.db, deps, d.loan) : d.disclosure;
  const bytes = await disclosurePdf(deps.config.company, disclosure, number, signature, language);
  return { bytes, filename: `${number}-disclosure${reissued ? '-reissued' : d.signedAt ? '' : '-preview'}.pdf` };
}

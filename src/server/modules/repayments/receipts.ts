import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loanPayments, loans, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SessionAuth } from '../../sessions/store';
import { paymentsOf } from './core';
import { receiptPdf } from './receipt-pdf';
import { isUuid } from '../../../shared/schemas/params';
import { text } from '../../../shared/i18n/text';

/**
 * GET /api/loans/current/payments/:paymentId/receipt.pdf: the receipt of one of the member's own
 * payments (on any of their loans). Another member's payment, or an unknown id, is 404: it does
 * not exist for them.
 */
export async function memberReceiptPdf(deps: AppDeps, auth: SessionAuth, paymentId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const notFound = () => new AppError(404, 'NOT_FOUND', text('repayments.errors.noPayment'));
  if (!isUuid(paymentId)) throw notFound();
  const [row] = await deps.db
    .select({ loan: loans })
    .from(loanPayments)
    .innerJoin(loans, eq(loans.id, loanPayments.loanId))
    .where(and(eq(loanPayments.id, paymentId), eq(loans.memberId, auth.userId)));
  if (!row) throw notFound();
  const receipt = (await paymentsOf(deps.db, deps, row.loan)).find((p) => p.paymentId === paymentId);
  if (!receipt) throw notFound();
  const [member] = await deps.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, auth.userId));
  const bytes = await receiptPdf(deps.config.company, receipt, member?.fullName ?? '', auth.language);
  return { bytes, filename: `${receipt.reference}-receipt.pdf` };
}

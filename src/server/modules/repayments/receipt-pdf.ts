import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../lazy';
import type { CompanyProfile } from '../../../shared/company/profile';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import type { ReceiptDto } from '../../../shared/schemas/repayments';

/**
 * A payment's receipt as PDF (pdf-lib, standard fonts, A4), as the contract and disclosure PDFs are
 * made: the company's name, SEC registration and Certificate of Authority numbers on the page, the
 * payment's reference, amount, allocation per line and part, and the balance remaining after it.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** The standard fonts speak WinAnsi: the peso sign becomes "PHP", anything else outside it "?". */
function plain(text: string): string {
  return text
    .replace(/₱/g, 'PHP ')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

const COMPONENT: Record<ReceiptDto['allocations'][number]['component'], string> = {
  CHARGE: 'Late charges',
  FEES: 'Fees',
  INTEREST: 'Interest',
  PRINCIPAL: 'Principal',
};

const SOURCE: Record<ReceiptDto['source'], string> = { WALLET: 'From the wallet', CHANNEL: 'Payment channel', OFFICER: 'Recorded by an officer' };

const money = (amount: string) => `PHP ${formatAmount(parseAmount(amount) ?? 0n)}`;

/** The Philippine date and time of an instant, as "2026-12-10 14:05 (Philippine time)". */
export function manilaDateTime(iso: string): string {
  const at = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 16)} (Philippine time)`;
}

class Page {
  private y = A4[1] - MARGIN - 40;
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  line(text: string, options: { bold?: boolean; size?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    this.page.drawText(plain(text), { x: MARGIN, y: this.y, size, font: options.bold ? this.bold : this.font });
    this.y -= size * 1.4 + (options.gap ?? 0);
  }

  keyValue(key: string, value: string, bold = false): void {
    const v = plain(value);
    const font = bold ? this.bold : this.font;
    this.page.drawText(plain(key), { x: MARGIN, y: this.y, size: 10, font: this.font });
    this.page.drawText(v, { x: A4[0] - MARGIN - font.widthOfTextAtSize(v, 10), y: this.y, size: 10, font });
    this.y -= 15;
  }

  gap(height: number): void {
    this.y -= height;
  }

  get room(): number {
    return this.y - MARGIN - 30;
  }
}

export async function receiptPdf(company: CompanyProfile, receipt: ReceiptDto, borrowerName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Payment receipt ${receipt.reference}`);
  doc.setAuthor(plain(company.companyName));
  doc.setProducer('Tapat');
  doc.setCreator('Tapat');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages: PDFPage[] = [];
  const newPage = () => {
    const page = doc.addPage(A4);
    pages.push(page);
    return new Page(page, font, bold);
  };
  let p = newPage();
  p.line(receipt.kind === 'PAYOFF' ? 'PAYMENT RECEIPT AND CLOSING STATEMENT' : 'PAYMENT RECEIPT', { bold: true, size: 15, gap: 4 });
  p.line(`Reference ${receipt.reference} | Loan No. ${receipt.loanNumber}`, { size: 9, gap: 8 });
  p.keyValue('Borrower', borrowerName);
  p.keyValue('Received', manilaDateTime(receipt.receivedAt));
  p.keyValue('Paid', receipt.channel ? `${SOURCE[receipt.source]} (${receipt.channel === 'CASH' ? 'cash' : 'bank transfer'})` : SOURCE[receipt.source]);
  p.keyValue('Amount paid', money(receipt.amount), true);
  p.gap(8);
  p.line('How the payment was applied (late charges, fees, interest, then principal; oldest instalment first)', { bold: true, gap: 2 });
  for (const a of receipt.allocations) {
    if (p.room < 20) p = newPage();
    p.keyValue(`    Instalment ${a.lineNumber}: ${COMPONENT[a.component]}${a.prepayment ? ' (prepaid)' : ''}`, money(a.amount));
  }
  if (p.room < 120) p = newPage();
  p.gap(4);
  p.keyValue('Late charges', money(receipt.allocation.charges));
  p.keyValue('Fees', money(receipt.allocation.fees));
  p.keyValue('Interest', money(receipt.allocation.interest));
  p.keyValue('Principal', money(receipt.allocation.principal));
  p.keyValue('    of which prepaid principal', money(receipt.allocation.prepaidPrincipal));
  p.gap(6);
  if (receipt.remainingBalance !== null) p.keyValue('Remaining balance after this payment', money(receipt.remainingBalance), true);
  else if (receipt.status === 'CREDITED_TO_WALLET') p.keyValue('Status', 'Credited to the wallet: the loan no longer owed it', true);
  else p.keyValue('Status', 'Waiting for approval: no money moved yet', true);
  p.keyValue('Loan status', receipt.loanStatus);
  if (receipt.loanStatus === 'REPAID' && receipt.remainingBalance === '0.00') {
    p.gap(8);
    p.line('Your loan is fully repaid: nothing more is owed on it. Thank you.', { bold: true });
  }
  pages.forEach((page, i) => {
    page.drawText(plain(company.companyName), { x: MARGIN, y: A4[1] - MARGIN + 10, size: 9, font: bold });
    const reg = plain(`SEC Registration No. ${company.secRegistrationNumber} | Certificate of Authority No. ${company.certificateOfAuthorityNumber}`);
    page.drawText(reg, { x: MARGIN, y: A4[1] - MARGIN - 2, size: 8, font, color: rgb(0.3, 0.3, 0.3) });
    const footer = `Page ${i + 1} of ${pages.length}`;
    page.drawText(footer, { x: A4[0] - MARGIN - font.widthOfTextAtSize(footer, 7), y: MARGIN, size: 7, font });
  });
  return doc.save();
}

import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../lazy';
import type { CompanyProfile } from '../../../shared/company/profile';
import type { Language } from '../../../shared/i18n/languages';
import { renderIn, translate } from '../../../shared/i18n/lookup';
import { philippineDateTime, philippineLongDate } from '../../../shared/i18n/philippine-time';
import { allocationText, excessText } from '../../../shared/loan/receipt-text';
import { loanStatusLabelKey } from '../../../shared/states/loan';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import type { ReceiptDto } from '../../../shared/schemas/repayments';

/**
 * A payment's receipt as PDF (pdf-lib, standard fonts, A4), as the contract and disclosure PDFs are
 * made: the company's name, SEC registration and Certificate of Authority numbers on the page, the
 * payment's reference and amount, where every centavo went in the on-screen receipt's words
 * (shared/loan/receipt-text.ts: each instalment with its due date, late charges, anything paid ahead
 * or against the principal as the borrower chose) in the borrower's language (en, fil), the totals
 * by part and the balance remaining after it.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** The standard fonts speak WinAnsi: the peso sign becomes "PHP", accents outside it their base letter, anything else "?". */
export function plain(text: string): string {
  return text
    .replace(/₱/g, 'PHP ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/\u202f|\u2009/g, ' ')
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, (c) => {
      const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    });
}

const money = (amount: string) => `PHP ${formatAmount(parseAmount(amount) ?? 0n)}`;

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
    const k = plain(key);
    const font = bold ? this.bold : this.font;
    // A long key (a Filipino instalment line) is drawn smaller rather than into the amount.
    const room = A4[0] - 2 * MARGIN - font.widthOfTextAtSize(v, 10) - 12;
    const size = Math.max(7, Math.min(10, (10 * room) / Math.max(1, this.font.widthOfTextAtSize(k, 10))));
    this.page.drawText(k, { x: MARGIN, y: this.y, size, font: this.font });
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

export async function receiptPdf(company: CompanyProfile, receipt: ReceiptDto, borrowerName: string, language: Language = 'en'): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const tr = (key: string, values?: Record<string, string | number>) => translate(language, key, values);
  const doc = await PDFDocument.create();
  doc.setTitle(plain(`${tr(receipt.kind === 'PAYOFF' ? 'servicing.receiptPdf.titlePayoff' : 'servicing.receiptPdf.title')} ${receipt.reference}`));
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
  const source = tr(`servicing.receipt.source.${receipt.source}`);
  let p = newPage();
  p.line(tr(receipt.kind === 'PAYOFF' ? 'servicing.receiptPdf.titlePayoff' : 'servicing.receiptPdf.title'), { bold: true, size: 15, gap: 4 });
  p.line(tr('servicing.receiptPdf.subtitle', { reference: receipt.reference, loan: receipt.loanNumber }), { size: 9, gap: 8 });
  p.keyValue(tr('servicing.receiptPdf.borrower'), borrowerName);
  p.keyValue(tr('servicing.receipt.received'), tr('servicing.receiptPdf.time', { time: philippineDateTime(receipt.receivedAt, language) }));
  p.keyValue(tr('servicing.receiptPdf.paidBy'), receipt.channel ? tr(`servicing.receiptPdf.channel.${receipt.channel}`, { source }) : source);
  p.keyValue(tr('servicing.receipt.amount'), money(receipt.amount), true);
  p.gap(8);
  // Where every centavo went, in the on-screen receipt's words.
  p.line(tr('servicing.receipt.allocation'), { bold: true, gap: 2 });
  const longDate = (isoDate: string) => philippineLongDate(`${isoDate}T12:00:00+08:00`, language);
  for (const a of receipt.allocations) {
    if (p.room < 20) p = newPage();
    p.keyValue(`    ${renderIn(language, allocationText(a, longDate))}`, money(a.amount));
  }
  const excess = excessText(receipt);
  if (excess) {
    if (p.room < 20) p = newPage();
    p.gap(2);
    p.line(renderIn(language, excess), { size: 9 });
  }
  if (p.room < 120) p = newPage();
  p.gap(6);
  p.line(tr('servicing.receiptPdf.byPart'), { bold: true, gap: 2 });
  p.keyValue(`    ${tr('repayments.component.CHARGE')}`, money(receipt.allocation.charges));
  p.keyValue(`    ${tr('repayments.component.FEES')}`, money(receipt.allocation.fees));
  p.keyValue(`    ${tr('repayments.component.INTEREST')}`, money(receipt.allocation.interest));
  p.keyValue(`    ${tr('repayments.component.PRINCIPAL')}`, money(receipt.allocation.principal));
  if (receipt.allocation.prepaidPrincipal !== '0.00')
    p.keyValue(`        ${tr('servicing.receiptPdf.prepaidPrincipal')}`, money(receipt.allocation.prepaidPrincipal));
  p.gap(6);
  if (receipt.remainingBalance !== null) p.keyValue(tr('servicing.receipt.remaining'), money(receipt.remainingBalance), true);
  else p.line(tr(receipt.status === 'CREDITED_TO_WALLET' ? 'servicing.receipt.creditedToWallet' : 'servicing.receipt.pending'), { bold: true });
  p.line(tr('servicing.receipt.status', { status: tr(loanStatusLabelKey(receipt.loanStatus)) }));
  if (receipt.loanStatus === 'REPAID' && receipt.remainingBalance === '0.00') {
    p.gap(8);
    p.line(tr('servicing.receiptPdf.repaid'), { bold: true });
  }
  pages.forEach((page, i) => {
    page.drawText(plain(company.companyName), { x: MARGIN, y: A4[1] - MARGIN + 10, size: 9, font: bold });
    const reg = plain(`SEC Registration No. ${company.secRegistrationNumber} | Certificate of Authority No. ${company.certificateOfAuthorityNumber}`);
    page.drawText(reg, { x: MARGIN, y: A4[1] - MARGIN - 2, size: 8, font, color: rgb(0.3, 0.3, 0.3) });
    const footer = plain(tr('documents.page', { page: i + 1, total: pages.length }));
    page.drawText(footer, { x: A4[0] - MARGIN - font.widthOfTextAtSize(footer, 7), y: MARGIN, size: 7, font });
  });
  return doc.save();
}

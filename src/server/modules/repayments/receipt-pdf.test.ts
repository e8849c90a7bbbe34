import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import type { ReceiptDto } from '../../../shared/schemas/repayments';
import { plain, receiptPdf } from './receipt-pdf';

/** The text a PDF draws: every page's content stream decoded, its hex strings read as WinAnsi (latin1). */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}

/** A payment of PHP 25,000.00 that paid a late charge, the rest of a past-due instalment, the next one and part of the one after. */
const RECEIPT: ReceiptDto = {
  paymentId: '00000000-0000-4000-8000-000000000001',
  reference: 'TPT-P000042',
  loanNumber: 'TPT-000007',
  source: 'OFFICER',
  channel: 'CASH',
  kind: 'PAYMENT',
  status: 'POSTED',
  amount: '25000.00',
  receivedAt: '2026-12-10T06:05:00.000Z',
  allocation: { charges: '120.50', fees: '0.00', interest: '3000.00', principal: '21879.50', prepaidPrincipal: '4000.00' },
  allocations: [
    { lineNumber: 1, component: 'CHARGE', chargeId: 'c1', amount: '120.50', prepayment: false, purpose: 'CHARGES', dueDate: '2026-11-26' },
    { lineNumber: 1, component: 'PRINCIPAL', chargeId: null, amount: '8879.50', prepayment: false, purpose: 'PAST_DUE', dueDate: '2026-11-26' },
    { lineNumber: 2, component: 'INTEREST', chargeId: null, amount: '3000.00', prepayment: false, purpose: 'NEXT_DUE', dueDate: '2026-12-26' },
    { lineNumber: 2, component: 'PRINCIPAL', chargeId: null, amount: '9000.00', prepayment: false, purpose: 'NEXT_DUE', dueDate: '2026-12-26' },
    { lineNumber: 3, component: 'PRINCIPAL', chargeId: null, amount: '4000.00', prepayment: true, purpose: 'AHEAD', dueDate: '2027-01-26' },
  ],
  excess: 'NEXT_INSTALMENTS',
  remainingBalance: '180000.00',
  loanStatus: 'ACTIVE',
};

describe('the receipt PDF says where every centavo went, in the on-screen receipt’s words', () => {
  it('names each instalment with its due date, the late charges and where the rest went, in English', async () => {
    const text = await drawnText(await receiptPdf(DEMO_COMPANY_PROFILE, RECEIPT, 'Maria Clara Santos'));
    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).toContain('Reference TPT-P000042 | Loan No. TPT-000007');
    expect(text).toContain('Recorded by an officer (cash)');
    expect(text).toContain('Dec 10, 2026, 2:05 PM (Philippine time)');
    expect(text).toContain('Late charges on instalment 1');
    expect(text).toContain('Instalment 1, past due since November 26, 2026: Principal');
    expect(text).toContain('Instalment 2, due December 26, 2026: Interest');
    expect(text).toContain('Instalment 3, due January 26, 2027, paid ahead: Principal');
    expect(text).toContain('What was above your next amount due went to your next instalments.');
    expect(text).toContain('PHP 25,000.00');
    expect(text).toContain('PHP 8,879.50');
    expect(text).toContain('Remaining balance');
    expect(text).toContain('PHP 180,000.00');
    expect(text).toContain('Loan status: Active');
    expect(text).toContain('Page 1 of 1');
  });

  it('says so when the rest reduced the principal', async () => {
    const reduced: ReceiptDto = {
      ...RECEIPT,
      excess: 'REDUCE_PRINCIPAL',
      allocations: [...RECEIPT.allocations.slice(0, 4), { ...RECEIPT.allocations[4]!, lineNumber: 24, purpose: 'REDUCE_PRINCIPAL', dueDate: '2028-10-26' }],
    };
    const text = await drawnText(await receiptPdf(DEMO_COMPANY_PROFILE, reduced, 'Maria Clara Santos'));
    expect(text).toContain('Principal reduced (instalment 24, due October 26, 2028)');
    expect(text).toContain('What was above your next amount due reduced your principal.');
  });

  it('is drawn in Filipino from the catalogue for a borrower who reads Filipino', async () => {
    const text = await drawnText(await receiptPdf(DEMO_COMPANY_PROFILE, RECEIPT, 'Maria Clara Santos', 'fil'));
    expect(text).toContain('RESIBO NG BAYAD');
    expect(text).toContain('Multa sa hulog 1');
    expect(text).toContain('Hulog 2, dapat bayaran sa');
    expect(text).toContain('Katayuan ng utang: Aktibo');
    expect(text).not.toContain('Instalment');
    expect(text).not.toContain('PAYMENT RECEIPT');
  });

  it('draws only what the standard font can', () => {
    expect(plain('₱1,000 – “bayad” Parañaque 2:05\u202fPM')).toBe('PHP 1,000 - "bayad" Parañaque 2:05 PM');
  });
});

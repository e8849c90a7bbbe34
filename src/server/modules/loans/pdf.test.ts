import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import { statementOf, toDisclosure } from '../../../shared/loan/disclosure';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from '../../../shared/loan/product';
import { buildSchedule } from '../../../shared/loan/schedule';
import { contractPdf, disclosurePdf, winAnsi } from './pdf';
import { renderContract } from './contract';

describe('the PDFs’ standard font and Filipino text', () => {
  it('keeps ñ and Ñ (Filipino names and places) and drops only what WinAnsi cannot draw', async () => {
    const text = 'Señora Ñino Peñafrancia, Parañaque: ₱1,000 – “bayad”';
    const drawn = winAnsi(text);
    expect(drawn).toBe('Señora Ñino Peñafrancia, Parañaque: PHP 1,000 - "bayad"');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(() => font.encodeText(drawn)).not.toThrow();
  });
});

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

describe('the PDFs follow the borrower’s language', () => {
  const disclosure = toDisclosure(PRODUCT_V1, buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22'));

  it('draws the disclosure statement in Filipino from the catalogue, and in English by default', async () => {
    const fil = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, disclosure, 'TPT-000001', null, 'fil'));
    expect(fil).toContain('DISCLOSURE STATEMENT SA LOAN/CREDIT TRANSACTION');
    expect(fil).toContain('1. Halagang popondohan (principal)');
    expect(fil).toContain('PREVIEW: HINDI PA NAPIPIRMAHAN');
    expect(fil).toContain('Pahina 1 ng');
    expect(fil).not.toContain('Amount to be financed');
    const en = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, disclosure, 'TPT-000001', null));
    expect(en).toContain('1. Amount to be financed (principal)');
    expect(en).not.toContain('Halagang popondohan');
  });

  it('introduces the signed English contract with a Filipino note and Filipino signature lines', async () => {
    const contract = {
      title: 'LOAN CONTRACT AGREEMENT',
      templateVersion: 't1',
      sections: [{ heading: 'Parties', paragraphs: ['Señora Dela Cruz of Parañaque'] }],
      text: '',
    };
    const signature = { signedAt: '2026-11-22T04:00:00.000Z', documentsSha256: 'ab'.repeat(32), phoneMasked: '0917 *** 4567' };
    const fil = await drawnText(await contractPdf(DEMO_COMPANY_PROFILE, contract as never, 'TPT-000001', signature, 'fil'));
    expect(fil).toContain('Elektronikong pirma');
    expect(fil).toContain('Ang kontrata sa ibaba ay nasa Ingles');
    expect(fil).toContain('Señora Dela Cruz of Parañaque');
  });
});

describe('the disclosure statement PDF carries what BSP Circular 730 lists', () => {
  const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
  const statement = statementOf(DEMO_COMPANY_PROFILE, '2026-11-22', { name: 'Señora Ñino Dela Cruz', address: '1 Rizal St, Parañaque' });

  it('draws the statement date, the borrower, the non-finance charges at 0.00 and the certified-correct signatory, in English and Filipino', async () => {
    const disclosure = toDisclosure(PRODUCT_V1, schedule, null, statement);
    const en = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, disclosure, 'TPT-000001', null));
    expect(en).toContain('Date of this statement (Philippine time, Asia/Manila)');
    expect(en).toContain('2026-11-22');
    expect(en).toContain('Señora Ñino Dela Cruz');
    expect(en).toContain('1 Rizal St, Parañaque');
    for (const label of ['Insurance premiums', 'Taxes', 'Registration fees', 'Notarial fees', 'Other charges']) expect(en).toContain(label);
    expect(en).toContain('Total non-finance charges');
    expect(en.match(/PHP 0\.00/g)?.length).toBeGreaterThanOrEqual(6);
    expect(en.replace(/\s+/g, ' ')).toContain(
      `CERTIFIED CORRECT: ${DEMO_COMPANY_PROFILE.disclosureSignatory.name}, ${DEMO_COMPANY_PROFILE.disclosureSignatory.position}, for ${DEMO_COMPANY_PROFILE.companyName}`,
    );
    expect(en).not.toContain('Re-issued at disbursement');
    const fil = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, disclosure, 'TPT-000001', null, 'fil'));
    expect(fil).toContain('Petsa ng statement na ito (oras sa Pilipinas, Asia/Manila)');
    expect(fil).toContain('Premium ng insurance');
    expect(fil).toContain('Kabuuang non-finance charge');
    expect(fil).toContain(`PINATUNAYANG TAMA: ${DEMO_COMPANY_PROFILE.disclosureSignatory.name}`);
  });

  it('says when the statement was re-issued at disbursement, and leaves out what a statement signed before these fields did not have', async () => {
    const reissued = toDisclosure(PRODUCT_V1, schedule, null, { ...statement, issue: 'REISSUED_AT_DISBURSEMENT' });
    const en = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, reissued, 'TPT-000001', null));
    expect(en.replace(/\s+/g, ' ')).toContain('Re-issued at disbursement: the schedule is dated from the disbursement date 2026-11-22');
    const { statement: _omitted, nonFinanceCharges: _none, totalNonFinanceCharges: _total, ...older } = toDisclosure(PRODUCT_V1, schedule, null, statement);
    const old = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, older, 'TPT-000001', null));
    expect(old).toContain('1. Amount to be financed (principal)');
    expect(old).not.toContain('Non-finance charges');
    expect(old).not.toContain('CERTIFIED CORRECT');
  });
});

describe('the PDFs name the loan’s product in the reader’s language (decision 083)', () => {
  const small = toDisclosure(SMALL_PRODUCT_V1, buildSchedule(SMALL_PRODUCT_V1, 1_000_000n, 4, '2026-11-28'));

  it('the disclosure statement: Small loan in English, Maliit na pautang in Filipino', async () => {
    const en = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, small, 'TPT-000001', null));
    expect(en).toContain('Loan product');
    expect(en).toContain('Small loan');
    const fil = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, small, 'TPT-000001', null, 'fil'));
    expect(fil).toContain('Produktong pautang');
    expect(fil).toContain('Maliit na pautang');
    expect(fil).not.toContain('Small loan');
  });

  it('the contract: the product’s name under the title, in the reader’s language', async () => {
    const contract = { title: 'LOAN CONTRACT AGREEMENT', templateVersion: 't1', sections: [], text: '' };
    const names = SMALL_PRODUCT_V1.names;
    expect(await drawnText(await contractPdf(DEMO_COMPANY_PROFILE, contract as never, 'TPT-000001', null, 'fil', names))).toContain(
      'Produkto: Maliit na pautang',
    );
    expect(await drawnText(await contractPdf(DEMO_COMPANY_PROFILE, contract as never, 'TPT-000001', null, 'en', names))).toContain('Product: Small loan');
  });
});

describe('the statement and the contract state the schedule chosen (docs/decisions/084)', () => {
  const semi = toDisclosure(SMALL_PRODUCT_V1, buildSchedule(SMALL_PRODUCT_V1, 1_000_000n, 2, '2026-11-28', { frequency: 'SEMI_MONTHLY', dueDay: null }));
  const picked = toDisclosure(PRODUCT_V1, buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-28', { frequency: 'MONTHLY', dueDay: 10 }));
  const plain = toDisclosure(PRODUCT_V1, buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-28'));
  const borrower = { name: 'Maria Santos', address: null, phone: '+639171234567', identityType: null, identityNumber: null, payoutAccount: null };
  const repayment = (disclosure: typeof semi, product = PRODUCT_V1) =>
    renderContract({ company: DEMO_COMPANY_PROFILE, product, loanNumber: 'TPT-000001', date: '2026-11-28', borrower, disclosure }).sections.find(
      (s) => s.heading === '5. Repayment',
    )!.paragraphs[0]!;

  it('the disclosure PDF: twice a month on paydays (4 instalments), monthly on day 10, or on the payout day', async () => {
    const semiText = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, semi, 'TPT-000001', null));
    expect(semiText).toContain('6. Payable in 4 instalments twice a month of');
    expect(semiText).toContain('Twice a month, on the 15th and the last day of each month');
    expect(semiText).toContain('due dates as chosen above');
    expect(await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, semi, 'TPT-000001', null, 'fil'))).toContain('ika-15 at huling araw ng bawat buwan');
    expect(await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, picked, 'TPT-000001', null))).toContain('Monthly, on day 10 of each month');
    const plainText = await drawnText(await disclosurePdf(DEMO_COMPANY_PROFILE, plain, 'TPT-000001', null));
    expect(plainText).toContain('6. Payable in 6 monthly instalments of');
    expect(plainText).toContain('due dates fall monthly from the disbursement date');
  });

  it('the contract’s section 5 says when the instalments fall due, as the loan was set up', () => {
    expect(repayment(semi, SMALL_PRODUCT_V1)).toContain('in 4 instalments twice a month of');
    expect(repayment(semi, SMALL_PRODUCT_V1)).toContain('on the 15th and on the last day of each month, the first at least 15 days after the disbursement');
    expect(repayment(picked)).toContain('in 6 monthly instalments of');
    expect(repayment(picked)).toContain('on day 10 of each month, chosen by the Borrower');
    expect(repayment(plain)).toContain(
      'The first instalment falls due one month after the disbursement and each next one on the same day of the following months',
    );
  });
});

import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../lazy';
import type { CompanyProfile } from '../../../shared/company/profile';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import type { DisclosureDto } from '../../../shared/schemas/loans';
import type { Language } from '../../../shared/i18n/languages';
import { renderIn, translate } from '../../../shared/i18n/lookup';
import { financeChargeText } from '../../../shared/loan/charge-text';
import { scheduleText } from '../../../shared/loan/schedule-text';
import type { ContractDocument } from './contract';

/**
 * The contract and the disclosure statement as PDF (pdf-lib, standard fonts). Every page carries
 * the company's name, SEC registration and Certificate of Authority numbers and the advisory to read
 * the Disclosure Statement (SEC MC 19 s.2019, DECISIONS.md invariant 8). Labels come from the
 * 'documents' catalogue in the borrower's language; the contract's own text is the signed
 * (English) version, introduced in Filipino by a note when the PDF is asked for in Filipino.
 */

const A4: [number, number] = [595.28, 841.89];

const MARGIN = 50;
const BODY = 10;
const LEADING = 14;

/** The standard fonts speak WinAnsi: the peso sign becomes "PHP", other characters their closest form or "?". */
export function winAnsi(text: string): string {
  return text
    .replace(/₱/g, 'PHP ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .normalize('NFC')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, (c) => {
      const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    });
}

interface Meta {
  readonly company: CompanyProfile;
  readonly title: string;
  readonly subtitle: string;
  /** A line in red under the title (a preview, not signed). */
  readonly notice?: string | null;
  readonly language: Language;
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    readonly lib: typeof PdfLib,
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN - 30; // room for the header
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN + 30) this.newPage();
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of winAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, options: { font?: PDFFont; size?: number; gapAfter?: number; colour?: [number, number, number] } = {}): void {
    const font = options.font ?? this.font;
    const size = options.size ?? BODY;
    const leading = size * 1.4;
    for (const line of this.wrap(text, font, size, A4[0] - 2 * MARGIN)) {
      this.ensure(leading);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: this.lib.rgb(...(options.colour ?? [0, 0, 0])) });
      this.y -= leading;
    }
    this.y -= options.gapAfter ?? 4;
  }

  /** A row of cells: x positions and right alignment per column. */
  row(cells: readonly string[], columns: readonly { x: number; right?: boolean }[], font: PDFFont = this.font, size = 8.5): void {
    this.ensure(size * 1.5);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      const text = winAnsi(cell);
      const x = col.right ? col.x - font.widthOfTextAtSize(text, size) : col.x;
      this.page.drawText(text, { x, y: this.y, size, font });
    });
    this.y -= size * 1.5;
  }

  keyValue(key: string, value: string): void {
    this.ensure(LEADING);
    const k = winAnsi(key);
    const v = winAnsi(value);
    this.page.drawText(k, { x: MARGIN, y: this.y, size: BODY, font: this.font });
    this.page.drawText(v, { x: A4[0] - MARGIN - this.bold.widthOfTextAtSize(v, BODY), y: this.y, size: BODY, font: this.bold });
    this.y -= LEADING;
  }

  gap(height: number): void {
    this.y -= height;
  }
}

async function newDocument(meta: Meta): Promise<{ doc: PDFDocument; w: Writer }> {
  const lib = await loadPdfLib();
  const { StandardFonts } = lib;
  const doc = await lib.PDFDocument.create();
  doc.setTitle(winAnsi(meta.title));
  doc.setAuthor(winAnsi(meta.company.companyName));
  doc.setProducer('Tapat');
  doc.setCreator('Tapat');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(lib, doc, font, bold);
  w.text(meta.title, { font: bold, size: 15, gapAfter: 2 });
  w.text(meta.subtitle, { size: 9, gapAfter: meta.notice ? 2 : 10, colour: [0.3, 0.3, 0.3] });
  if (meta.notice) w.text(meta.notice, { font: bold, size: 10, gapAfter: 10, colour: [0.75, 0.1, 0.1] });
  return { doc, w };
}

/** Header and footer on every page: company name, SEC registration and CA numbers, advisory, page number. */
function finish(w: Writer, meta: Meta): void {
  const c = meta.company;
  const total = w.pages.length;
  const { rgb } = w.lib;
  w.pages.forEach((page, i) => {
    const header = winAnsi(c.companyName);
    page.drawText(header, { x: MARGIN, y: A4[1] - MARGIN + 10, size: 9, font: w.bold });
    const reg = winAnsi(`SEC Registration No. ${c.secRegistrationNumber} | Certificate of Authority No. ${c.certificateOfAuthorityNumber}`);
    page.drawText(reg, { x: MARGIN, y: A4[1] - MARGIN - 2, size: 8, font: w.font, color: rgb(0.3, 0.3, 0.3) });
    page.drawLine({
      start: { x: MARGIN, y: A4[1] - MARGIN - 8 },
      end: { x: A4[0] - MARGIN, y: A4[1] - MARGIN - 8 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: A4[0] - MARGIN, y: MARGIN + 12 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    const footer = winAnsi(`${c.companyName} | SEC Reg. No. ${c.secRegistrationNumber} | CA No. ${c.certificateOfAuthorityNumber}`);
    page.drawText(footer, { x: MARGIN, y: MARGIN, size: 7, font: w.font });
    const advisory = winAnsi(translate(meta.language, 'documents.advisory'));
    page.drawText(advisory, { x: MARGIN, y: MARGIN - 10, size: 7, font: w.bold });
    const number = winAnsi(translate(meta.language, 'documents.page', { page: i + 1, total }));
    page.drawText(number, { x: A4[0] - MARGIN - w.font.widthOfTextAtSize(number, 7), y: MARGIN, size: 7, font: w.font });
  });
}

export interface SignatureInfo {
  readonly signedAt: string;
  readonly documentsSha256: string;
  readonly phoneMasked: string;
}

export async function contractPdf(
  company: CompanyProfile,
  contract: ContractDocument,
  loanNumber: string,
  signature: SignatureInfo | null,
  language: Language = 'en',
  /** The loan's product names: the reader's is stated under the title (the contract's own text names both). */
  productNames: { readonly en: string; readonly fil: string } | null = null,
): Promise<Uint8Array> {
  const tr = (key: string, values?: Record<string, string | number>) => translate(language, `documents.${key}`, values);
  const meta: Meta = {
    company,
    title: contract.title,
    subtitle: tr('contract.subtitle', { loan: loanNumber, template: contract.templateVersion }),
    notice: signature ? null : tr('preview'),
    language,
  };
  const { doc, w } = await newDocument(meta);
  if (productNames) w.text(tr('product', { name: productNames[language] }), { font: w.bold, size: 11, gapAfter: 8 });
  const binding = tr('contract.binding');
  if (binding) w.text(binding, { font: w.bold, size: 9, gapAfter: 8 });
  for (const section of contract.sections) {
    w.text(section.heading, { font: w.bold, size: 11, gapAfter: 2 });
    for (const paragraph of section.paragraphs) w.text(paragraph, { gapAfter: 6 });
    w.gap(4);
  }
  if (signature) {
    w.gap(6);
    w.text(tr('contract.signature'), { font: w.bold, size: 11, gapAfter: 2 });
    w.text(tr('contract.signedBy', { at: signature.signedAt, phone: signature.phoneMasked }), { gapAfter: 2 });
    w.text(tr('contract.sha', { sha: signature.documentsSha256 }), { size: 8 });
  }
  finish(w, meta);
  return doc.save();
}

const money = (amount: string) => formatAmount(parseAmount(amount) ?? 0n);

export async function disclosurePdf(
  company: CompanyProfile,
  d: DisclosureDto,
  loanNumber: string,
  signature: SignatureInfo | null,
  language: Language = 'en',
): Promise<Uint8Array> {
  const tr = (key: string, values?: Record<string, string | number>) => translate(language, `documents.disclosure.${key}`, values);
  const meta: Meta = {
    company,
    title: tr('title'),
    subtitle: tr('subtitle', { loan: loanNumber, version: d.productVersion }),
    notice: signature ? null : translate(language, 'documents.preview'),
    language,
  };
  const { doc, w } = await newDocument(meta);
  if (d.product) w.keyValue(tr('product'), d.product.names[language]);
  const st = d.statement;
  if (st) {
    w.keyValue(tr('statementDate'), st.date);
    if (st.borrower) {
      w.keyValue(tr('borrower'), st.borrower.name);
      w.keyValue(tr('borrowerAddress'), st.borrower.address ?? tr('noAddress'));
    }
    if (st.issue === 'REISSUED_AT_DISBURSEMENT') w.text(tr('reissued', { date: d.scheduleStartDate }), { size: 9 });
    w.gap(4);
  }
  w.keyValue(tr('amountFinanced'), `PHP ${money(d.amountFinanced)}`);
  w.text(tr('financeCharges'), { font: w.bold, gapAfter: 2 });
  for (const c of d.financeCharges) {
    const how = c.paidAs === 'DEDUCTED_FROM_PROCEEDS' ? tr('deducted') : c.paidAs === 'ADDED_TO_SCHEDULE' ? tr('added') : '';
    const words = financeChargeText(d, c);
    w.keyValue(`    ${typeof words === 'string' ? words : renderIn(language, words)}${how}`, `PHP ${money(c.amount)}`);
  }
  w.keyValue(tr('totalFinanceCharge'), `PHP ${money(d.totalFinanceCharge)}`);
  if (d.nonFinanceCharges) {
    w.text(tr('nonFinanceCharges'), { font: w.bold, gapAfter: 2 });
    for (const c of d.nonFinanceCharges) w.keyValue(`        ${tr(`nonFinance.${c.code}`)}`, `PHP ${money(c.amount)}`);
    w.keyValue(tr('totalNonFinanceCharges'), `PHP ${money(d.totalNonFinanceCharges ?? '0.00')}`);
    w.text(tr('nonFinanceNote'), { size: 8 });
  }
  w.keyValue(tr('deductedFromProceeds'), `PHP ${money(d.deductedFromProceeds)}`);
  w.keyValue(tr('netProceeds'), `PHP ${money(d.netProceeds)}`);
  w.keyValue(tr('totalPayable'), `PHP ${money(d.totalPayable)}`);
  w.keyValue(
    tr(d.frequency === 'SEMI_MONTHLY' ? 'instalmentsSemiMonthly' : 'instalments', { count: d.numberOfInstalments }),
    `PHP ${money(d.regularInstalment)}`,
  );
  // A schedule chosen is stated; the rule from before is the schedule heading's own words (the page's layout unchanged).
  if (d.frequency) w.keyValue(tr('timing'), renderIn(language, scheduleText(d)));
  w.keyValue(tr('eirMonthly'), `${d.eir.monthlyPercent} %`);
  w.keyValue(tr('eirAnnual'), `${d.eir.annualPercent} %`);
  w.keyValue(tr('nominal'), tr(d.interestModel === 'ADD_ON' ? 'nominalAddOn' : 'nominalBalance', { rate: d.nominalMonthlyRatePercent }));
  w.keyValue(tr('cap', { rate: d.costCap.annualPercent }), `PHP ${money(d.costCap.capAmount)}`);
  w.keyValue(tr('maxFines'), `PHP ${money(d.costCap.maxFines)}`);
  w.keyValue(
    tr('late'),
    tr('lateValue', { daily: d.penalties.dailyRatePercent, collection: d.penalties.collectionChargePercent, days: d.penalties.graceDays }),
  );
  if (d.penalties.arrearsTolerance)
    w.text(translate(language, 'loans.disclosure.arrearsTolerance', { amount: `PHP ${money(d.penalties.arrearsTolerance)}` }), { size: 9 });
  if (d.converted) {
    const c = d.converted;
    w.gap(4);
    w.text(
      tr('converted', {
        currency: c.currency,
        principal: money(c.amountFinanced),
        instalment: money(c.regularInstalment),
        total: money(c.totalPayable),
        rate: c.rate,
        displayRate: c.displayRate,
        asOf: c.ratesAsOf,
      }),
      { size: 9 },
    );
  }
  w.gap(8);
  w.text(tr(d.frequency ? 'scheduleChosen' : 'schedule', { start: d.scheduleStartDate }), { font: w.bold, gapAfter: 4 });
  const cols = [
    { x: MARGIN },
    { x: MARGIN + 30 },
    { x: 230, right: true },
    { x: 300, right: true },
    { x: 360, right: true },
    { x: 440, right: true },
    { x: A4[0] - MARGIN, right: true },
  ];
  const k = (c: string) => tr(`columns.${c}`);
  w.row([k('number'), k('dueDate'), k('principal'), k('interest'), k('fees'), k('instalment'), k('balance')], cols, w.bold);
  for (const l of d.schedule)
    w.row([String(l.number), l.dueDate, money(l.principal), money(l.interest), money(l.fees), money(l.total), money(l.balanceAfter)], cols);
  w.gap(8);
  w.text(tr('noFee'), { size: 9 });
  if (st) {
    w.gap(6);
    w.text(tr('certifiedCorrect', { name: st.certifiedCorrect.name, position: st.certifiedCorrect.position, company: st.certifiedCorrect.companyName }), {
      font: w.bold,
      size: 9,
    });
  }
  if (signature) {
    w.gap(4);
    // A statement re-issued at disbursement was not itself signed: it names the signed one it re-issues.
    const signedKey = st?.issue === 'REISSUED_AT_DISBURSEMENT' ? 'signedOriginal' : 'signed';
    w.text(tr(signedKey, { at: signature.signedAt, phone: signature.phoneMasked, sha: signature.documentsSha256 }), { size: 8 });
  }
  finish(w, meta);
  return doc.save();
}

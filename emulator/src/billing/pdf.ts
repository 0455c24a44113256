/**
 * An invoice as a PDF (issue 32 item 4; AB-7.66 getSubscriptionInvoicePdf), made with pdfkit: the vendor's name, the
 * account's, the plan, the period, the amount as money in the plan's currency (`Intl.NumberFormat`: JPY 123456 minor
 * units is ¥123,456, USD 2900 is $29.00), the receipt number, and whether it is paid. Dates read "1 March 2026" (UTC).
 * pdfkit's standard fonts are Latin-1 (WinAnsi): a currency sign outside it ($, €, £, ¥ are in) is written as its ISO code.
 */
import PDFDocument from 'pdfkit';

/** What the PDF says. */
export interface InvoicePdfFacts {
  vendorName: string;
  accountName: string;
  planName: string;
  periodStart: Date;
  periodEnd: Date;
  paymentDate: Date;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO 4217, any case. */
  currency: string;
  receiptNumber: string;
  paid: boolean;
}

/** Minor units as money: `Intl.NumberFormat('en-US', { style: 'currency' })` in `currency`, its own decimals (JPY none). */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A date as people read it: "1 March 2026" (UTC). */
export const readableDate = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

/** True when `text` can be written with a standard font (WinAnsi, about Latin-1). */
const latin1 = (text: string) => [...text].every((ch) => ch.codePointAt(0)! <= 0xff);

/** The invoice's PDF bytes (they start with `%PDF`). */
export async function invoicePdf(f: InvoicePdfFacts): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice ${f.receiptNumber}`, Author: f.vendorName, Subject: `${f.planName} plan, ${f.accountName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const safe = (text: string) => [...text].map((ch) => (latin1(ch) ? ch : '?')).join('');
  let money = formatMoney(f.amount, f.currency);
  if (!latin1(money))
    money = `${f.currency.toUpperCase()} ${formatMoney(f.amount, f.currency)
      .replace(/[^\d.,\s-]/gu, '')
      .trim()}`;

  doc.font('Helvetica-Bold').fontSize(22).text(safe(f.vendorName));
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(14)
    .text(f.paid ? 'Invoice (paid)' : 'Invoice (not paid)');
  doc.moveDown(1.5);
  const rows: [string, string][] = [
    ['Billed to', safe(f.accountName)],
    ['Plan', safe(f.planName)],
    ['Period', `${readableDate(f.periodStart)} to ${readableDate(f.periodEnd)}`],
    ['Date', readableDate(f.paymentDate)],
    ['Receipt number', f.receiptNumber],
    ['Amount', money],
    ['Status', f.paid ? 'Paid' : 'Not paid'],
  ];
  doc.fontSize(12);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 150 });
    doc.font('Helvetica').text(value, 210, y, { width: 330 });
    doc.moveDown(0.6);
  }
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text(`Total: ${money}`, 56);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { Language } from '../../shared/api-rules.js';
import { localeOf } from '../../shared/locale.js';
import { Slicer } from '../slices.js';
import { breakable, cut, recordWord } from './record-text.js';

/** A table of the record: its columns' labels and its rows' cells, as the app shows them. */
export interface RecordTable {
  labels: string[];
  rows: string[][];
}

/** What a customer's record says (customer-record.ts makes it), every text as it is to be read. */
export interface RecordContent {
  lang: Language;
  customerId: string;
  name: string;
  /** When the record was read. */
  readAt: Date;
  /** When the customer's own fields were read, when earlier than the rest (a list held for search). */
  fieldsAsOf?: Date;
  /** The customer's own fields: label, value. */
  fields: [string, string][];
  /** The summary's lines: label, value. */
  summary: [string, string][];
  agreements: RecordTable;
  contacts: RecordTable;
}

const fonts = createRequire(import.meta.url);
/**
 * DejaVu Sans, shipped with the app: Latin with every accent, Greek and Cyrillic, as customers'
 * names are written; the PDF's 14 standard fonts know only Western European letters.
 */
const FONT = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * The most rows each table prints (its heading still counts all): the record's pages stay in memory
 * until the last one numbers them, and 5,000 rows is some 120 pages.
 */
export const RECORD_ROWS_MAX = 5_000;

/** Fields read this much before the rest are said to be, with their time. */
const FIELDS_STALE_MS = 60_000;

const MARGIN = 40;
/** Room kept at the foot of each page for its number and where the record was read. */
const FOOTER = 28;
const CELL_PADDING = 3;

/**
 * Writes a customer's record as a PDF to `out` (A4 landscape: the agreements' columns side by side):
 * its fields, the summary, then every agreement and contact in tables that go on over as many pages
 * as they need, their header repeated; each page names the customer, says when the record was read,
 * and its number: a page one can send the customer. Text only: no link, form, attachment or script a reader could run.
 *
 * Laid out on the thread that serves every window, so it never holds it long: in slices of a few
 * milliseconds (Cancel through `signal` between them), every value cut at RECORD_VALUE_MAX, a word
 * too wide for its column broken by us in one pass (PDFKit measures such a word again for each of
 * its lines, in time and memory that grow with its square), and at most RECORD_ROWS_MAX rows a table.
 */
export async function writeRecordPdf(
  content: RecordContent,
  out: Writable,
  signal?: AbortSignal,
): Promise<void> {
  const { lang } = content;
  const word = (key: `customerRecord.${string}`, values?: Record<string, string | number>) =>
    recordWord(lang, key, values);
  const slicer = new Slicer(signal);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    lang: localeOf(lang),
    info: { Title: `${word('customerRecord.title')} ${cut(content.customerId, lang)}` },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  doc.pipe(out);
  const width = doc.page.width - MARGIN * 2;
  const name = cut(content.name, lang);
  const customerId = cut(content.customerId, lang);

  doc.font('bold').fontSize(16);
  doc.text(breakable(doc, `${name} (${customerId})`, width));
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#444')
    .text(word('customerRecord.title'))
    .fillColor('black')
    .moveDown();
  await pairs(doc, content.fields, width, lang, slicer);
  const time = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeStyle: 'short' });
  // Fields from a copy held earlier say so: the footer's time is when the rest was read.
  if (content.fieldsAsOf && content.readAt.getTime() - content.fieldsAsOf.getTime() > FIELDS_STALE_MS)
    doc
      .fontSize(8)
      .fillColor('#444')
      .text(word('customerRecord.fieldsAsOf', { time: time.format(content.fieldsAsOf) }), MARGIN)
      .fillColor('black');
  heading(doc, word('customerRecord.summary'));
  await pairs(doc, content.summary, width, lang, slicer);
  heading(doc, word('customerRecord.agreements', { rows: content.agreements.rows.length }));
  await table(doc, content.agreements, width, lang, slicer);
  heading(doc, word('customerRecord.contacts', { rows: content.contacts.rows.length }));
  await table(doc, content.contacts, width, lang, slicer);

  const readAt = time.format(content.readAt);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Written in the bottom margin: no page is added for it.
    const y = doc.page.height - MARGIN - FOOTER + 10;
    const foot = `${name} · ${customerId} · ${word('customerRecord.asOf', { time: readAt })}`;
    doc.font('body').fontSize(8).fillColor('#444');
    doc.text(foot, MARGIN, y, { width: width - 90, lineBreak: false, height: 12 });
    doc.text(word('customerRecord.page', { page: index - start + 1, pages: count }), MARGIN + width - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
      height: 12,
    });
    await slicer.pause();
  }
  doc.end();
  await finished(out);
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.8);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  doc.font('bold').fontSize(12).fillColor('black').text(text, MARGIN).moveDown(0.3);
}

/** Label and value lines, in two columns. */
async function pairs(
  doc: PDFKit.PDFDocument,
  lines: [string, string][],
  width: number,
  lang: Language,
  slicer: Slicer,
): Promise<void> {
  doc.font('body').fontSize(9);
  for (const line of lines) {
    await slicer.pause();
    const label = breakable(doc, cut(line[0], lang), 180);
    const value = breakable(doc, cut(line[1], lang), width - 190);
    const y = doc.y;
    const height = Math.max(
      doc.heightOfString(label, { width: 180 }),
      doc.heightOfString(value || '—', { width: width - 190 }),
    );
    if (y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    doc.fillColor('#444').text(label, MARGIN, top, { width: 180 });
    doc.fillColor('black').text(value || '—', MARGIN + 190, top, { width: width - 190 });
    doc.y = top + height + 2;
  }
  doc.x = MARGIN;
}

/**
 * A table whose rows go on over the pages they need, its header again at the top of each; past
 * RECORD_ROWS_MAX rows, a line says how many it lists.
 */
async function table(
  doc: PDFKit.PDFDocument,
  { labels: fullLabels, rows: allRows }: RecordTable,
  width: number,
  lang: Language,
  slicer: Slicer,
): Promise<void> {
  if (!allRows.length) {
    doc.font('body').fontSize(9).text(recordWord(lang, 'customerRecord.noRows'), MARGIN);
    return;
  }
  const rows = allRows.slice(0, RECORD_ROWS_MAX);
  const labels = fullLabels.map((label) => cut(label, lang));
  // Each column as wide as its values are long on average (a name wider than a currency), within bounds.
  const weights = labels.map((label, column) => {
    const average = rows.reduce((sum, cells) => sum + (cells[column]?.length ?? 0), 0) / rows.length;
    const word = Math.max(...label.split(/\s+/).map((part) => part.length));
    return Math.min(40, Math.max(6, average, word));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => (width * weight) / total);
  const lefts = widths.map(
    (_, column) => MARGIN + widths.slice(0, column).reduce((sum, each) => sum + each, 0),
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const heightOf = (cells: string[]) =>
    Math.max(
      ...cells.map((cell, column) =>
        doc.heightOfString(cell, { width: (widths[column] ?? 0) - CELL_PADDING * 2 }),
      ),
    ) +
    CELL_PADDING * 2;
  const row = (values: string[], font: 'body' | 'bold', shade: boolean) => {
    doc.font(font).fontSize(8);
    const cells = values.map((value, column) =>
      breakable(doc, cut(value, lang), (widths[column] ?? 0) - CELL_PADDING * 2),
    );
    const height = heightOf(cells);
    const top = doc.y;
    if (shade) doc.rect(MARGIN, top, width, height).fill('#eeeeee');
    doc.fillColor('black');
    cells.forEach((cell, column) =>
      doc.text(cell, (lefts[column] ?? 0) + CELL_PADDING, top + CELL_PADDING, {
        width: (widths[column] ?? 0) - CELL_PADDING * 2,
      }),
    );
    doc.y = top + height;
  };
  const fits = (values: string[]) => {
    doc.font('body').fontSize(8);
    const cells = values.map((value, column) =>
      breakable(doc, cut(value, lang), (widths[column] ?? 0) - CELL_PADDING * 2),
    );
    return doc.y + heightOf(cells) <= bottom();
  };
  row(labels, 'bold', true);
  for (const cells of rows) {
    await slicer.pause();
    if (!fits(cells)) {
      doc.addPage();
      row(labels, 'bold', true);
    }
    row(cells, 'body', false);
  }
  if (allRows.length > rows.length) {
    const number = new Intl.NumberFormat(localeOf(lang));
    doc
      .font('body')
      .fontSize(9)
      .moveDown(0.5)
      .text(
        recordWord(lang, 'customerRecord.rowsLeftOut', {
          shown: number.format(rows.length),
          rows: number.format(allRows.length),
        }),
        MARGIN,
      );
  }
  doc.x = MARGIN;
}

import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import type { Language } from '../../shared/api-rules.js';

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
  /** The customer's own fields: label, value. */
  fields: [string, string][];
  /** The summary's lines: label, value. */
  summary: [string, string][];
  agreements: RecordTable;
  contacts: RecordTable;
}

/** The record's own words, in each language (the app's catalogue). */
const WORDS: Record<Language, Record<string, string>> = { en: en.customerRecord, fr: fr.customerRecord };

/** One of the record's words in `lang` (`customerRecord.title`), its `{{name}}`s given. */
export function recordWord(
  lang: Language,
  key: `customerRecord.${string}`,
  values: Record<string, string | number> = {},
): string {
  const text = WORDS[lang][key.slice('customerRecord.'.length)] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const fonts = createRequire(import.meta.url);
/**
 * DejaVu Sans, shipped with the app: Latin with every accent, Greek and Cyrillic, as customers'
 * names are written; the PDF's 14 standard fonts know only Western European letters.
 */
const FONT = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 40;
/** Room kept at the foot of each page for its number and where the record was read. */
const FOOTER = 28;
const CELL_PADDING = 3;

/**
 * Writes a customer's record as a PDF to `out` (A4 landscape: the agreements' columns side by side):
 * its fields, the summary, then every agreement and contact in tables that go on over as many pages
 * as they need, their header repeated; each page names the customer, says when the record was read,
 * and its number: a page one can send the customer. Text only: no link, form, attachment or script a reader could run.
 */
export async function writeRecordPdf(content: RecordContent, out: Writable): Promise<void> {
  const { lang } = content;
  const word = (key: `customerRecord.${string}`, values?: Record<string, string | number>) =>
    recordWord(lang, key, values);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    lang: lang === 'fr' ? 'fr-FR' : 'en-GB',
    info: { Title: `${word('customerRecord.title')} ${content.customerId}` },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  doc.pipe(out);
  const width = doc.page.width - MARGIN * 2;

  doc.font('bold').fontSize(16).text(`${content.name} (${content.customerId})`);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#444')
    .text(word('customerRecord.title'))
    .fillColor('black')
    .moveDown();
  pairs(doc, content.fields, width);
  heading(doc, word('customerRecord.summary'));
  pairs(doc, content.summary, width);
  heading(doc, word('customerRecord.agreements', { rows: content.agreements.rows.length }));
  table(doc, content.agreements, width, word('customerRecord.noRows'));
  heading(doc, word('customerRecord.contacts', { rows: content.contacts.rows.length }));
  table(doc, content.contacts, width, word('customerRecord.noRows'));

  const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(content.readAt);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Written in the bottom margin: no page is added for it.
    const y = doc.page.height - MARGIN - FOOTER + 10;
    const foot = `${content.name} · ${content.customerId} · ${word('customerRecord.asOf', { time })}`;
    doc.font('body').fontSize(8).fillColor('#444');
    doc.text(foot, MARGIN, y, { width: width - 90, lineBreak: false, height: 12 });
    doc.text(word('customerRecord.page', { page: index - start + 1, pages: count }), MARGIN + width - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
      height: 12,
    });
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
function pairs(doc: PDFKit.PDFDocument, lines: [string, string][], width: number): void {
  doc.font('body').fontSize(9);
  for (const [label, value] of lines) {
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

/** A table whose rows go on over the pages they need, its header again at the top of each. */
function table(doc: PDFKit.PDFDocument, { labels, rows }: RecordTable, width: number, empty: string): void {
  if (!rows.length) {
    doc.font('body').fontSize(9).text(empty, MARGIN);
    return;
  }
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
  const row = (cells: string[], font: 'body' | 'bold', shade: boolean) => {
    doc.font(font).fontSize(8);
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
  const fits = (cells: string[]) => {
    doc.font('body').fontSize(8);
    return doc.y + heightOf(cells) <= bottom();
  };
  row(labels, 'bold', true);
  for (const cells of rows) {
    if (!fits(cells)) {
      doc.addPage();
      row(labels, 'bold', true);
    }
    row(cells, 'body', false);
  }
  doc.x = MARGIN;
}

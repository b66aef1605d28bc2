import { csvText, pastedText } from '@shared/cells';

// Copying, as plain code: a table's selection written as a spreadsheet, a script, a wiki or a mail
// reads it (useDataTable wires it to the keys, the command box and the clipboard), and a record as a
// person reads it (Copy details: data/clipboard.ts).

/** The ways a selection is copied: as shown (tab-separated, the grid's Ctrl+C), with its headers, or for a reader. */
export const COPY_FORMATS = ['tsv', 'headers', 'raw', 'csv', 'json', 'markdown', 'html'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

/** The cells copied: the columns shown, in their order, and each row's cells as the table writes them. */
export interface CopiedCells {
  columns: readonly { key: string; label: string }[];
  /** One entry per row, one cell per column: `shown` as the table writes it, `raw` as the API sent it. */
  rows: readonly { shown: readonly string[]; raw: readonly unknown[] }[];
}

/** What goes on the clipboard: text, and a table a mail or word processor pastes as one beside it. */
export interface Copied {
  text: string;
  html?: string;
}

/**
 * `cells` in `format`. `csvDelimiter` is the export's for the language shown (";" in French, where
 * "," is the decimal mark). Every flavour a spreadsheet reads (tab-separated, its HTML, CSV) guards
 * text cells as the exports do: a pasted cell is read as if typed, so `=HYPERLINK(…)` from a
 * record would become a live formula. CSV is guarded as the exported file is; the pasted flavours
 * keep a signed number or a phone as it reads (pastedText). Numbers are never touched (a "-5"
 * stays one). JSON is for scripts and Markdown for pages: their values are as sent, as text.
 */
export function copyAs(format: CopyFormat, cells: CopiedCells, csvDelimiter: ',' | ';'): Copied {
  const labels = cells.columns.map((column) => column.label);
  switch (format) {
    case 'tsv':
      return { text: tsvLines(cells).join('\n') };
    case 'headers':
      return { text: [labels.map(pastedLabel).join('\t'), ...tsvLines(cells)].join('\n') };
    case 'raw':
      // The API's values, under their keys: numbers with a dot and no grouping, dates as sent.
      return {
        text: [
          cells.columns.map((column) => pastedLabel(column.key)),
          ...cells.rows.map((row) => row.raw.map((value) => pasted(oneLine(rawText(value)), value))),
        ]
          .map((line) => line.join('\t'))
          .join('\n'),
      };
    case 'csv':
      return {
        text: [
          labels.map(csvText),
          ...cells.rows.map((row) => row.shown.map((text, index) => guarded(text, row.raw[index]))),
        ]
          .map((line) => line.map((cell) => csvQuoted(cell, csvDelimiter)).join(csvDelimiter))
          .join('\r\n'),
      };
    case 'json':
      return {
        text: JSON.stringify(
          cells.rows.map((row) =>
            Object.fromEntries(cells.columns.map((column, index) => [column.key, row.raw[index] ?? null])),
          ),
          null,
          2,
        ),
      };
    case 'markdown':
      return {
        text: [labels, labels.map(() => '---'), ...cells.rows.map((row) => row.shown)]
          .map((line) => `| ${line.map(markdownCell).join(' | ')} |`)
          .join('\n'),
      };
    case 'html':
      return { text: copyAs('headers', cells, csvDelimiter).text, html: htmlTable(cells) };
  }
}

/** The rows as tab-separated lines, each cell on one line and guarded for a spreadsheet. */
function tsvLines(cells: CopiedCells): string[] {
  return cells.rows.map((row) => pastedRow(row).map(oneLine).join('\t'));
}

/** A row's cells as shown, each text value guarded for pasting into a spreadsheet. */
function pastedRow(row: CopiedCells['rows'][number]): string[] {
  return row.shown.map((text, index) => pasted(text, row.raw[index]));
}

/** A cell pasted into a spreadsheet: a text value behind pastedText's guard, a number or a date as written. */
function pasted(text: string, raw: unknown): string {
  return typeof raw === 'string' ? pastedText(text) : text;
}

/** A column's name pasted into a spreadsheet: a schema's label is the API's text too. */
function pastedLabel(label: string): string {
  return pastedText(oneLine(label));
}

/** A value as the API sent it, as text: nothing for none, an object or a list as JSON. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A CSV cell's text: a text value behind the exports' guard (csvText), a number or a date as the table writes it. */
function guarded(shown: string, raw: unknown): string {
  return typeof raw === 'string' ? csvText(shown) : shown;
}

/** A cell on one line of a tab-separated text (a tab or a line break would split it), as the grid shows it. */
function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

/** A CSV cell (RFC 4180): quoted when it holds the delimiter, a quote or a line break. */
function csvQuoted(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A Markdown table cell: one line, every character that starts markup escaped (a link's or an
 * image's bracket, emphasis, code, inline HTML or an autolink's angle, the cell's pipe), so a
 * value someone outside wrote stays text in a wiki or a ticket; parentheses and other punctuation
 * stay as they read, since without a bracket they make nothing.
 */
function markdownCell(text: string): string {
  return oneLine(text).replace(/[\\|`*_[\]<>]/g, (character) => `\\${character}`);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it, never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * The cells as an HTML table with a header row, borders a mail client keeps, line breaks kept. Laid
 * out by HTML's own attributes, no `style`: the browser reads the HTML put on the clipboard in the
 * page, whose policy refuses inline styles (an error in the console for every cell).
 */
function htmlTable(cells: CopiedCells): string {
  const cell = (tag: 'th' | 'td', text: string) =>
    `<${tag} align="left" valign="top">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</${tag}>`;
  const head = `<tr>${cells.columns.map((column) => cell('th', pastedText(column.label))).join('')}</tr>`;
  const body = cells.rows.map(
    (row) =>
      `<tr>${pastedRow(row)
        .map((text) => cell('td', text))
        .join('')}</tr>`,
  );
  return `<table border="1" cellspacing="0" cellpadding="4"><thead>${head}</thead><tbody>${body.join('')}</tbody></table>`;
}

/**
 * A record for a person (Copy details): one "label: value" line a field with a value, in the order
 * shown, `line` writing each in the language shown; beside it, the same as a two-column HTML table.
 */
export function detailsAs(
  fields: readonly { label: string; text: string }[],
  line: (label: string, value: string) => string,
): Copied {
  const filled = fields.filter((field) => field.text.trim() !== '');
  const row = ({ label, text }: { label: string; text: string }) =>
    `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td valign="top">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</td></tr>`;
  return {
    text: filled.map(({ label, text }) => line(label, text.trim())).join('\n'),
    html: `<table cellspacing="0" cellpadding="3">${filled.map(row).join('')}</table>`,
  };
}

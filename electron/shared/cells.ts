/**
 * What a text value becomes in an exported cell (docs/architecture.md, "How an export runs"; docs/using.md, "Exported files").
 * Spreadsheets and scripts are the readers: nothing may run as a formula, split a row, or make
 * the file one they refuse.
 */

/**
 * C0 control characters but tab, CR and LF, and DEL: no spreadsheet shows them, XML (inside XLSX)
 * forbids them, and a NUL ends a C string in many readers. They are removed from text cells.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Text a spreadsheet would run as a formula (OWASP, "CSV Injection"): one starting with = + - @,
 * or their full-width forms, after any leading whitespace or control characters; or with a tab or
 * a CR. Such text is written with a leading ' so it stays text.
 */
const FORMULA = /^(?:[\t\r]|[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;
/** The same, for a pasted cell: a leading tab or CR alone splits a pasted line (the copy folds them), it runs nothing. */
const PASTED_FORMULA = /^[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

/** Excel's limit on the characters of one cell: longer text makes it "repair" the file. */
export const XLSX_CELL_LIMIT = 32_767;
/** What ends a cell that was cut at Excel's limit, so a reader sees it was. */
export const CUT_MARKER = ' […cut]';

/** `text` without the control characters no reader can show (tab, CR and LF stay). */
export function withoutControls(text: string): string {
  return text.replace(CONTROL, '');
}

/** A text cell as CSV holds it: controls removed, formula-like text behind a '. */
export function csvText(text: string): string {
  const clean = withoutControls(text);
  return FORMULA.test(clean) ? `'${clean}` : clean;
}

/**
 * A sign, then nothing but a number's or a phone's characters (digits, spaces, . , ( ) / - + %,
 * currency signs): no letter, so no function and no cell reference. A spreadsheet reads it as a
 * number, as text, or at worst as arithmetic; it can call nothing and send nothing away.
 */
const SIGNED_NUMBER = /^\s*[+-][\s(]*\d[\d\s.,()/%+\-\p{Sc}\u00a0\u202f]*$/u;

/**
 * Text copied for pasting into a spreadsheet, which reads each pasted cell as if typed: controls
 * removed and formula-like text behind a ' (csvText's rule), but a signed number or a phone as it
 * reads ("+33 1 23 45 67 89", "-12,50 €"): people paste those to use them.
 */
export function pastedText(text: string): string {
  const clean = withoutControls(text);
  return PASTED_FORMULA.test(clean) && !SIGNED_NUMBER.test(clean) ? `'${clean}` : clean;
}

/** Any value as a CSV cell: nulls empty, numbers with the decimal separator asked for, objects as JSON. */
export function csvCell(value: unknown, decimalComma = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvText(value);
  if (typeof value === 'number') return decimalComma ? String(value).replace('.', ',') : String(value);
  if (typeof value === 'boolean') return String(value);
  return csvText(JSON.stringify(value));
}

/**
 * A text cell as XLSX holds it: controls removed, every line break (CRLF, lone CR) written as LF,
 * Excel's own line break in a cell (XML would turn a raw CR into LF anyway: XML 1.0 §2.11), and cut
 * at Excel's limit with a visible marker.
 */
export function xlsxText(text: string): { text: string; cut: boolean } {
  const clean = withoutControls(text).replace(/\r\n?/g, '\n');
  if (clean.length <= XLSX_CELL_LIMIT) return { text: clean, cut: false };
  let kept = clean.slice(0, XLSX_CELL_LIMIT - CUT_MARKER.length);
  // Never end on half of a surrogate pair (an emoji cut in two is not text).
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return { text: `${kept}${CUT_MARKER}`, cut: true };
}

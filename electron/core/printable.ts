/**
 * `text` with its control and format characters (C0 and C1 controls, bidi overrides, zero-width
 * characters) written out as `\u{…}`: text a server or a file chose, printed on a terminal, cannot
 * move the cursor, rewrite a line, set the title, write the clipboard (OSC 52) or reorder what is
 * shown. Used for every server message quoted and everything `cdb` prints from settings.
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
}

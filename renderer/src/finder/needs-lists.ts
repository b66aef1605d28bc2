/**
 * Whether what was typed can only be found in the lists (a name, an email, a phone) rather than
 * opened as an id: a text with a space or an "@", a phone ("+33…", "06…", digits with dots or
 * dashes), or a word without a digit (a name; ids have digits). An id (one word with a digit: "CUS-0042",
 * a UUID, "12345") opens at once and reads no list: it is offered from the lists already held only.
 */
export function needsLists(text: string): boolean {
  const wanted = text.trim();
  if (/\s|@/.test(wanted) || /^(\+|0\d)/.test(wanted)) return true;
  if (/^[\d().\-/]+$/.test(wanted) && /[().\-/]/.test(wanted)) return true;
  return !/\d/.test(wanted);
}

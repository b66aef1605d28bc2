import type { ApiRecord } from '../../../shared/schema.js';
import type { HeldRows } from '../columns/held-rows.js';
import { idOf } from '../columns/id-index.js';

/** By field: a value as the held list has it, and as another language writes it. */
export type Words = Map<string, Map<string, string>>;

/** Records that must show a word before it is believed (one changed record is no translation). */
const LEAST_EVIDENCE = 2;
/** The share of the records holding a value that must show the same word for it (a few changed records do not outvote it). */
const AGREEMENT = 0.9;
/**
 * A field whose values all read the same in both languages is taken as untranslated when the
 * records compared (two pages: the newest and the oldest) show it with this many values, or with
 * every value the list holds: a field shown with one value only may still translate the others (the
 * schema's coded fields are codes: never). Requiring every value of every field of a few values to
 * be seen would read a desk's 300,000 agreements again in the other language for rare product
 * names that no API translates; the second page is what catches "Premium" and "Standard" alike
 * in a sample where "Basic" is "Essentiel" further on.
 */
const UNTRANSLATED_EVIDENCE = 2;

/**
 * What records read in two languages say of the words of one list (docs/decisions/0014-held-lists-kept.md):
 * the API translates a few fields' values (a contact's role, an agreement's status label) and
 * nothing else. Each record read in the other language is set beside the same record held, and is
 * evidence only when both carry the same `updatedAt` and differ in nothing but text: a record that
 * changed says nothing of a translation, and neither does one the API does not time, unless the
 * whole list is compared (`everyRecord`). A word is believed when at least two records show it
 * (one, when every record was compared) and nine in ten of those holding its value show it; a field
 * is translated when one of its words differs. What the records cannot tell (a value held with no
 * word, a field that may translate values not seen) leaves the translation incomplete: the list is
 * then read whole in that language for its words.
 */
export class WordsEvidence {
  /** By field: a value held, the writings seen for it, and by how many records. */
  private readonly seen = new Map<string, Map<string, Map<string, number>>>();
  private pairs = 0;

  constructor(
    private readonly held: HeldRows,
    /** The fields the schema codes: their values are codes, the same in every language. */
    private readonly coded: (field: string) => boolean,
    private readonly everyRecord = false,
  ) {}

  /** Sets records read in the other language beside the same records held. */
  add(records: readonly ApiRecord[]): void {
    for (const record of records) {
      const id = idOf(record);
      const index = id === undefined ? undefined : this.held.indexOf(id);
      if (index === undefined) continue;
      const before = this.held.recordAt(index);
      const stamp = before.updatedAt;
      const untimed = stamp === undefined || stamp === null;
      if (untimed ? !this.everyRecord || record.updatedAt !== stamp : stamp !== record.updatedAt) continue;
      const texts: [string, string, string][] = [];
      let changed = false;
      for (const field of new Set([...Object.keys(before), ...Object.keys(record)])) {
        const [was, is] = [before[field], record[field]];
        if (typeof was === 'string' && typeof is === 'string') texts.push([field, was, is]);
        else if (JSON.stringify(was) !== JSON.stringify(is)) changed = true;
      }
      if (changed) continue;
      this.pairs++;
      for (const [field, was, is] of texts) {
        const byValue = this.seen.get(field) ?? new Map<string, Map<string, number>>();
        const writings = byValue.get(was) ?? new Map<string, number>();
        writings.set(is, (writings.get(is) ?? 0) + 1);
        byValue.set(was, writings);
        this.seen.set(field, byValue);
      }
    }
  }

  /**
   * The words believed, and whether they are all the list needs (every value of a translated field
   * has one, and no field may translate values not seen).
   */
  words(): { words: Words; complete: boolean } {
    const least = this.everyRecord ? 1 : LEAST_EVIDENCE;
    const words: Words = new Map();
    let complete = this.pairs > 0;
    for (const [field, byValue] of this.seen) {
      const believed = new Map<string, string>();
      // A translation is one to one: two values held never read as one word in the other language.
      // Records moved from one value to another under the same `updatedAt` ("Legal counsel" become
      // "Finance") would claim the other's word; the value that more records show keeps it.
      const claims = new Map<string, { was: string; count: number }>();
      let translated = false;
      for (const [was, writings] of byValue) {
        let [is, count, all] = ['', 0, 0];
        for (const [writing, times] of writings) {
          all += times;
          if (times > count) [is, count] = [writing, times];
        }
        if (count < least || count < all * AGREEMENT) continue;
        const claimed = claims.get(is);
        if (claimed && claimed.count >= count) continue;
        if (claimed) believed.delete(claimed.was);
        claims.set(is, { was, count });
        believed.set(was, is);
      }
      for (const [was, is] of believed) translated ||= is !== was;
      const held = this.held.distinctValues(field);
      if (translated) {
        words.set(field, believed);
        if (!held || held.some((value) => typeof value === 'string' && !believed.has(value)))
          complete = false;
      } else if (byValue.size < UNTRANSLATED_EVIDENCE && !this.coded(field)) {
        // Few values seen, all alike: the others may still translate, unless none is left unseen.
        if (!held || held.some((value) => typeof value === 'string' && !byValue.has(value))) complete = false;
      }
    }
    return { words, complete };
  }
}

/** Whether `words` still has one for every value the held rows show in the fields it translates (new values came since). */
export function wordsCover(words: Words, held: HeldRows): boolean {
  for (const [field, known] of words) {
    const values = held.distinctValues(field);
    if (!values || values.some((value) => typeof value === 'string' && !known.has(value))) return false;
  }
  return true;
}

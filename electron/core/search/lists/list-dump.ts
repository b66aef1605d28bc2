import { z } from 'zod';
import { LANGUAGES, type Language, type Resource } from '../../../shared/api-rules.js';
import { schemaFieldSchema, type SchemaField } from '../../../shared/schema.js';
import type { ServerClock } from './catch-up.js';
import { HeldList, listKey, type ListSource } from './held-list-state.js';
import { HeldRows, type RowsDump } from '../columns/held-rows.js';
import { Slicer } from '../../slices.js';

/** A held list as it is kept between sessions (kept-lists.ts seals it). */
export interface ListDump {
  lang: Language;
  asOf: number | undefined;
  wholeAt: number | undefined;
  clock: ServerClock | undefined;
  total: number | undefined;
  /** Its schema's fields by language: taken in next morning, it judges kinds and codes as the day before. */
  fields?: [Language, SchemaField[] | null][];
  translations: [Language, { words: [string, [string, string][]][]; complete: boolean }][];
  rows: RowsDump;
}

/** What keeps `list` between sessions. */
export function dumpList(list: HeldList): ListDump {
  return {
    lang: list.lang,
    asOf: list.asOf,
    wholeAt: list.wholeAt,
    clock: list.clock,
    total: list.total,
    fields: [...list.fields].map(([lang, fields]) => [lang, fields ?? null]),
    // Only words confirmed whole are kept: those believed from a page or two are learnt again.
    translations: [...list.translations]
      .filter(([, translation]) => translation.complete)
      .map(([lang, translation]) => [
        lang,
        {
          words: [...translation.words].map(([field, words]) => [field, [...words]]),
          complete: translation.complete,
        },
      ]),
    rows: list.rows.dump(),
  };
}

/** A list of `source`'s connection held whole as `dump` keeps it, last used at `usedAt`, in slices; throws on a dump it cannot be. */
export async function restoreList(
  source: ListSource,
  resource: Resource,
  dump: ListDump,
  usedAt: number,
): Promise<HeldList> {
  const view = { resource };
  const known = (lang: Language) => {
    if (!LANGUAGES.includes(lang)) throw new RangeError('a kept list in no known language');
    return lang;
  };
  const list = new HeldList(listKey(source.connectionId, view), source, view, known(dump.lang));
  const slicer = new Slicer();
  list.rows = await HeldRows.restore(dump.rows, () => slicer.pause());
  list.state = 'held';
  list.asOf = dump.asOf;
  list.wholeAt = dump.wholeAt;
  list.clock = dump.clock;
  list.total = dump.total;
  list.lastUsed = usedAt;
  for (const [lang, fields] of dump.fields ?? [])
    list.fields.set(known(lang), fields === null ? undefined : z.array(schemaFieldSchema).parse(fields));
  for (const [lang, translation] of dump.translations) {
    list.translations.set(lang, {
      words: new Map(translation.words.map(([field, words]) => [field, new Map(words)])),
      complete: translation.complete,
      learning: false,
      version: 1,
    });
  }
  return list;
}

import type { Language, Resource } from '../../../shared/api-rules.js';
import type { ResourceSchema, SchemaField } from '../../../shared/schema.js';
import { fieldNamer, type FieldName } from '../../../shared/search-words.js';
import type { HeldList, ListSource } from './held-list-state.js';

/**
 * The fields of the lists held for search (their labels and kinds), from the schema listing of each
 * connection and language, asked once and shared by all its lists.
 */
export class ListFields {
  private readonly schemas = new Map<string, Promise<ResourceSchema[] | null>>();

  /** The fields of `resource` as `source` lists them in `lang`; none when the listing failed. */
  of(source: ListSource, lang: Language, resource: Resource): Promise<SchemaField[] | undefined> {
    const key = `${source.connectionId}\n${lang}`;
    let listing = this.schemas.get(key);
    if (!listing) {
      // Without a listing the values are searched as the API sends them.
      const asked = source.client.schemas(lang, { priority: 'prefetch' }).then(
        (answer) => answer.schemas,
        () => {
          // Asked again by the next list: the failure may have been the network's.
          if (this.schemas.get(key) === asked) this.schemas.delete(key);
          return null;
        },
      );
      listing = asked;
      this.schemas.set(key, listing);
    }
    return listing.then((schemas) => schemas?.find((schema) => schema.resource === resource)?.fields);
  }

  /** Forgets the listings of a connection (it was changed or removed). */
  forget(connectionId: string): void {
    for (const key of this.schemas.keys()) if (key.startsWith(`${connectionId}\n`)) this.schemas.delete(key);
  }
}

/**
 * What a search may name a field of these lists by (search-words.ts): each field's key, as the
 * rows have it, and its labels in every language the list's schema was read in; then `more` (the
 * customer's columns: customer-join.ts).
 */
export function fieldNamerOf(
  lists: readonly (Pick<HeldList, 'fields' | 'rows'> | undefined)[],
  more: readonly FieldName[] = [],
): (name: string) => string | undefined {
  const names: FieldName[] = [];
  for (const list of lists) {
    if (!list) continue;
    for (const fields of list.fields.values())
      for (const field of fields ?? []) names.push({ key: field.key, labels: [field.label] });
    for (const key of list.rows.columns.names) names.push({ key, labels: [] });
  }
  names.push(...more);
  return fieldNamer(names);
}

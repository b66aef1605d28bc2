import { schemasIn } from '../../demo-api/schemas.js';
import { ANY_FIELD } from '../../shared/filter.js';
import { resourceSchemaSchema, type ApiRecord, type SchemaField } from '../../shared/schema.js';
import { labelsOf } from '../../shared/search.js';
import { fieldNamer } from '../../shared/search-words.js';
import { HeldRows } from '../search/columns/held-rows.js';
import { compileSearch, matchesOf } from '../search/list-query.js';

/** The Demo's fields of `resource` as its schema listing gives them in `language`. */
export function demoFields(resource: string, language: 'en' | 'fr'): SchemaField[] {
  return (
    schemasIn(language)
      .map((schema) => resourceSchemaSchema.parse(schema))
      .find((schema) => schema.resource === resource)?.fields ?? []
  );
}

/**
 * `records` held as core holds a list (500-row pages), searched as a French table's search box asks
 * (labels of coded values in French, columns named in either language): `search(text)` gives the
 * indexes found, in the list's order; `fieldOf` and `labelOf` are the namer and labels it used.
 */
export function heldFrenchList(
  resource: 'customers' | 'contacts' | 'agreements',
  records: readonly ApiRecord[],
) {
  const french = demoFields(resource, 'fr');
  const names = [...demoFields(resource, 'en'), ...french].map((field) => ({
    key: field.key,
    labels: [field.label],
  }));
  const labelOf = labelsOf(french);
  const fieldOf = fieldNamer(names);
  const rows = new HeldRows((field) => french.some((each) => each.key === field && each.values?.length));
  for (let at = 0; at < records.length; at += 500) rows.append(records.slice(at, at + 500));
  // As the app has it once a list is held: the texts' sketches made, which rule blocks out.
  const prepared = rows.prepareIndexes(async () => {});
  const search = async (text: string) => {
    await prepared;
    const filter = [{ field: ANY_FIELD, op: 'contains' as const, value: text }];
    const compiled = compileSearch(filter, () => 'text', labelOf, fieldOf);
    return Array.from(await matchesOf(rows, compiled, undefined, undefined, { key: 'fr', labelOf }));
  };
  return { search, fieldOf, labelOf };
}

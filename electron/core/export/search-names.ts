import { LANGUAGES } from '../../shared/api-rules.js';
import { ANY_FIELD } from '../../shared/filter.js';
import type { ResourceSchema } from '../../shared/schema.js';
import { fieldNamer, parseSearch, type FieldName } from '../../shared/search-words.js';
import type { ApiClient } from '../api/api-client.js';
import type { ExportView } from '../../shared/export.js';

/**
 * What the view's search may name a field by (search-words.ts): the fields' keys and labels in the
 * view's language; and, only when the search names a field those do not (a label in the other
 * language), the other language's labels, read from the API then.
 */
export async function searchNamesOf(
  client: ApiClient,
  view: ExportView,
  schema: ResourceSchema | null,
  signal?: AbortSignal,
): Promise<(name: string) => string | undefined> {
  const names: FieldName[] = (schema?.fields ?? []).map((field) => ({
    key: field.key,
    labels: [field.label],
  }));
  const search = (view.filter ?? []).find((condition) => condition.field === ANY_FIELD)?.value;
  const own = fieldNamer(names);
  const unknown = parseSearch(String(search ?? ''), own).notes.some((note) => note.kind === 'unknownField');
  if (!schema || !unknown) return own;
  for (const lang of LANGUAGES) {
    if (lang === view.lang) continue;
    const listing = await client.schemas(lang, { signal, priority: 'export' });
    const fields = listing.schemas?.find((each) => each.resource === view.resource)?.fields ?? [];
    for (const field of fields) names.push({ key: field.key, labels: [field.label] });
  }
  return fieldNamer(names);
}

import type { CustomerSuggestion } from '@shared/held-list';
import type { CustomerTables } from '@shared/desk';
import type { CustomerScopedResource } from '@shared/api-rules';

/** What of a customer the finder matched: its own field, or one of its contacts' or agreements'. */
export type FoundThrough = CustomerSuggestion['matched'];

/**
 * Where a customer's page points when it was found through one of its records (a contact's phone,
 * an agreement's id): that table shown first, filtered to that record (the filter's chip says so,
 * and removing it shows them all). Nothing for a customer found by its own fields.
 */
export function pointedAt(
  found: FoundThrough | undefined,
): { tab: CustomerScopedResource; tables: CustomerTables } | undefined {
  if (found?.of === 'contact' && found.contactId)
    return {
      tab: 'contacts',
      tables: { contacts: { filter: [{ field: 'id', op: 'eq', value: found.contactId }] } },
    };
  if (found?.of === 'agreement')
    return {
      tab: 'agreements',
      tables: { agreements: { filter: [{ field: 'id', op: 'eq', value: found.value }] } },
    };
  return undefined;
}

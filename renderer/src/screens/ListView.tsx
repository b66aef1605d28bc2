import { useTranslation } from 'react-i18next';
import type { Language, Resource } from '@shared/api-rules';
import type { ListPlace } from '@shared/desk';
import type { ApiRecord } from '@shared/schema';
import { DataTable, type TablePlace } from '../table/DataTable';
import { useFieldsOf } from '../data/queries';
import { sortText } from '../ui/sort-text';

/** Where a list was left: its sort and filter, and where the user was in it (kept while a customer is open). */
export type { ListPlace };

export interface ListViewProps {
  resource: Resource;
  pageSize: number;
  place: ListPlace;
  /** `from`: the place this list was shown with (a change from a list since replaced is dropped). */
  onPlaceChange: (place: ListPlace, from: ListPlace) => void;
  /** Enter or a double-click on a row: its customer (a customer's own, a contact's or an agreement's). */
  onOpenRow?: (record: ApiRecord) => void;
  /**
   * Shown by a move (a list chosen, Back from a customer): the grid takes the keyboard, on the row
   * the user left, so the arrows and Enter act at once.
   */
  takesKeyboard?: boolean;
  /** Told where the user is in the list as they move (DataTable's onMove). */
  onMove?: (table: TablePlace) => void;
  /** Opens a customer by id (from the record panel of a contact or an agreement). */
  onOpenCustomerId?: (customerId: string) => void;
  /** The saved view it was opened from: its name, and the sort shown, head the table. */
  savedView?: string;
}

/** One of the three lists: customers, contacts or agreements across all customers. */
export function ListView({
  resource,
  pageSize,
  place,
  onPlaceChange,
  onOpenRow,
  takesKeyboard,
  onMove,
  onOpenCustomerId,
  savedView,
}: ListViewProps) {
  const { t, i18n } = useTranslation();
  const fields = useFieldsOf(resource, i18n.language as Language);
  const sorted = sortText(t, place.sort, (key) => fields?.find((field) => field.key === key)?.label);
  return (
    <DataTable
      view={{ resource, sort: place.sort }}
      label={t(`nav.${resource}`)}
      savedView={savedView}
      title={savedView === undefined ? undefined : t('views.opened', { name: savedView, sort: sorted })}
      pageSize={pageSize}
      // A new sort or filter is a new list: it is seen from its top.
      onSortChange={(sort) => onPlaceChange({ ...place, sort, table: undefined }, place)}
      filter={place.filter}
      onFilterChange={(filter) => onPlaceChange({ ...place, filter, table: undefined }, place)}
      onOpenRow={onOpenRow}
      initialPlace={place.table}
      focusOnStart={takesKeyboard}
      onLeave={(table) => onPlaceChange({ ...place, table }, place)}
      onMove={onMove}
      onOpenCustomer={onOpenCustomerId}
    />
  );
}

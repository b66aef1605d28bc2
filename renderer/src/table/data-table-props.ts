import type { FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';
import type { ListView } from '../data/queries';
import type { TablePlace } from './grid/useTablePlace';

/** What a screen gives its data table: the view, its filter, and what the table tells back. */
export interface DataTableProps {
  view: ListView;
  onSortChange: (sort: string | undefined) => void;
  /** Row filter (applied to rows as they arrive: the API has no filter parameters). */
  filter: FilterCondition[];
  onFilterChange: (filter: FilterCondition[]) => void;
  label: string;
  pageSize: number;
  /** Called with a row when it is clicked or Enter is pressed on it (customers open their detail). */
  onOpenRow?: (record: ApiRecord) => void;
  /** A heading shown above the table (a customer's "Contacts (3)"). */
  title?: string;
  /** The saved view the table shows, if it shows one: its exports are named after it. */
  savedView?: string;
  /** Where the user left the list (back navigation comes back there): scrolled to, and the active cell. */
  initialPlace?: TablePlace;
  /** Put the keyboard focus on the grid when it appears (back from a customer opened from it). */
  focusOnStart?: boolean;
  /** Called when the table goes away, with where the user left it. */
  onLeave?: (place: TablePlace) => void;
  /** Told where the user is at each scroll and move of the active cell (to reopen there after a restart). */
  onMove?: (place: TablePlace) => void;
  /** Opens a customer by id (the record panel's link from a contact or an agreement). */
  onOpenCustomer?: (customerId: string) => void;
}

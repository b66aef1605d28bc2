import { HeldListStatuses } from './held-list-statuses';
import { OffsetDepths } from './offset-reach';
import { SelectionSummary } from './selection-summary';
import { ViewCache } from './view-cache';

/**
 * What a window knows of its rows beyond one table: the views it read recently, the lists held for
 * search as the app told them, how deep offset pages work per list, and what the status bar says of
 * the rows a table has selected. Made with the window
 * (start-app.tsx) and dropped with it; nothing of it is module state, so tests make their own.
 */
export class RowsStore {
  readonly views = new ViewCache();
  readonly lists = new HeldListStatuses();
  readonly offsetDepths = new OffsetDepths();
  readonly selection = new SelectionSummary();

  /**
   * Forgets all that was read from `connectionId` (it was edited, and may now be another API, or
   * deleted): its views, its lists' statuses and samples, its offset depths.
   */
  forgetConnection(connectionId: string): void {
    this.views.forgetConnection(connectionId);
    this.lists.forgetConnection(connectionId);
    this.offsetDepths.forgetConnection(connectionId);
  }
}

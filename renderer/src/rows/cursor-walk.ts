import { PAGE_SIZE_MAX, type Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import { AppFailure, asAppFailure, call } from '../api/call';
import type { View } from '@shared/view';
import { RepeatedCursorError, type RowBlocks } from './row-blocks';
import { newRequestId } from '../api/request-ids';

/** A far jump walked by cursor: where it goes, where it started and how far it got (rows, from 0). */
export interface WalkProgress {
  /** The first row of the screen the walk goes to. */
  screenRow: number;
  /** The first row of the block the walk reads up to. */
  targetRow: number;
  startRow: number;
  reachedRow: number;
  /** Rows passed a second so far; undefined until a page has come. */
  rowsPerSecond: number | undefined;
}

export interface WalkEvents {
  /** A page came: the walk got further (or ended). */
  changed: () => void;
  /** The walk cannot go on: why. */
  failed: (failure: AppFailure) => void;
}

/**
 * A far jump where offset mode gives up (docs/api.md, "Far jumps"): the cursor chain followed from
 * the furthest row a cursor reaches to a block's first row, one page at a time at interactive
 * priority (the limiter's full rate: each cursor comes with the page before it), in pages of the
 * API's largest size (the fewest requests), then one page to the block's first row. Only the
 * cursors are kept (in `blocks`, for the traversal's lifetime); the rows passed are not the screen's.
 */
export class CursorWalk {
  private walking:
    | { target: number; screenRow: number; startRow: number; startedAt: number; requestId?: string }
    | undefined;

  constructor(
    private readonly api: AppApi,
    private readonly view: View,
    private readonly lang: Language,
    private readonly blocks: RowBlocks,
    private readonly events: WalkEvents,
  ) {}

  /** The block the walk goes to, if one is under way. */
  get target(): number | undefined {
    return this.walking?.target;
  }

  /** Where the walk is, if one is under way. */
  get progress(): WalkProgress | undefined {
    if (!this.walking) return undefined;
    const { target, screenRow, startRow, startedAt } = this.walking;
    const targetRow = target * this.blocks.blockSize;
    const reachedRow = this.blocks.nearestCursorRow(targetRow);
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      screenRow,
      targetRow,
      startRow,
      reachedRow,
      rowsPerSecond: reachedRow > startRow && seconds > 0 ? (reachedRow - startRow) / seconds : undefined,
    };
  }

  /**
   * Walks on towards block `target` (the screen's first row is `screenRow`): reads the next page if
   * none is under way. A new target keeps the walk's start and the cursors it collected.
   */
  towards(target: number, screenRow: number): void {
    const targetRow = target * this.blocks.blockSize;
    const from = this.blocks.nearestCursorRow(targetRow);
    if (this.walking?.target !== target) {
      this.walking = {
        target,
        screenRow,
        startRow: this.walking?.startRow ?? from,
        startedAt: this.walking?.startedAt ?? performance.now(),
        requestId: this.walking?.requestId,
      };
    }
    this.walking.screenRow = screenRow;
    if (this.walking.requestId === undefined) this.step(from, targetRow);
  }

  /** Ends the walk (its target is reached, or no longer wanted); cancels its page under way. */
  stop(): void {
    const requestId = this.walking?.requestId;
    this.walking = undefined;
    if (requestId) void this.api.invoke('data.cancel', { requestId });
  }

  private step(from: number, targetRow: number): void {
    if (!this.walking) return;
    const requestId = newRequestId('walk');
    this.walking.requestId = requestId;
    call(this.api, 'data.listPage', {
      view: this.view,
      size: Math.min(PAGE_SIZE_MAX, targetRow - from),
      lang: this.lang,
      cursor: this.blocks.cursorAt(from),
      priority: 'interactive',
      requestId,
    }).then(
      (page) => {
        if (this.walking?.requestId !== requestId) return;
        this.walking.requestId = undefined;
        if (from > 0) this.blocks.cursorWorked();
        try {
          if (page.hasNextPage && page.nextCursor)
            this.blocks.putCursor(from + page.rows.length, page.nextCursor);
          // The view ends before the target: its length is known now.
          else this.blocks.setTotal(from + page.rows.length);
        } catch (failure) {
          return this.failed(failure);
        }
        this.events.changed();
      },
      (failure: unknown) => {
        if (this.walking?.requestId === requestId) this.failed(failure);
      },
    );
  }

  private failed(failure: unknown): void {
    this.walking = undefined;
    if (failure instanceof AppFailure && failure.code === 'invalid-cursor' && this.blocks.forgetCursors()) {
      // A refused cursor is no longer valid: the next walk starts again from the top (once).
      this.events.changed();
      return;
    }
    this.events.failed(
      failure instanceof RepeatedCursorError
        ? new AppFailure({ code: 'invalid-response', message: failure.message })
        : asAppFailure(failure),
    );
  }
}

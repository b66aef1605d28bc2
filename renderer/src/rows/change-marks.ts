import type { ListChangesAnswer } from '@shared/held-list';
import type { ApiRecord } from '@shared/schema';

/** A row that changed, or is new, as the app found it (its fields' values before). */
export type RowChange = ListChangesAnswer['rows'][number];

/** How a drawn row says it changed: words a screen reader reads, and each changed cell's value before. */
export interface RowMark {
  kind: RowChange['kind'];
  /** "changed at 13:42", "new at 13:42": what a screen reader reads in the row's first cell. */
  words: string;
  /** Column key → "was: …", for the cells that changed. */
  was: ReadonlyMap<string, string>;
}

/**
 * What changed in a list since the person last looked, by row id (the app's `lists.changes`), as
 * the grid and the record panel ask it: one lookup a row drawn, whatever the list's length.
 */
export class ChangeMarks {
  private readonly byId: ReadonlyMap<string, RowChange>;

  constructor(readonly answer: ListChangesAnswer) {
    this.byId = new Map(answer.rows.map((change) => [change.id, change]));
  }

  /** The change of `record`'s row, if it changed or is new. */
  of(record: ApiRecord): RowChange | undefined {
    const id = record.id;
    return typeof id === 'string' || typeof id === 'number' ? this.byId.get(String(id)) : undefined;
  }

  /** The rows changed or new, their ids. */
  get ids(): string[] {
    return [...this.byId.keys()];
  }
}

/**
 * The grid's marker: `record`'s mark, described by `describe` once per record object (a row drawn
 * again with the same record asks nothing), none for a row that did not change (one lookup, nothing
 * kept: most rows did not).
 */
export function markerOf(
  marks: ChangeMarks,
  describe: (change: RowChange, record: ApiRecord) => RowMark,
): (record: ApiRecord) => RowMark | undefined {
  const described = new WeakMap<ApiRecord, RowMark>();
  return (record) => {
    const change = marks.of(record);
    if (!change) return undefined;
    let mark = described.get(record);
    if (!mark) described.set(record, (mark = describe(change, record)));
    return mark;
  };
}

import { useEffect, useMemo, useRef, useState } from 'react';
import type { Language } from '@shared/api-rules';
import { ANY_FIELD, type FilterCondition } from '@shared/filter';
import type { HeldListStatus } from '@shared/held-list';
import { call } from '../../api/call';
import { useApi } from '../../api/context';
import { newRequestId } from '../../api/request-ids';
import type { ListView } from '../../data/queries';
import { useHeldList } from '../../data/useHeldLists';
import { useCommand } from '../../keyboard/commands';
import { highlighterOf } from '../grid/highlight';
import type { GridPosition } from '../grid/place-keeper';
import type { ViewRows } from '../view/useViewRows';
import { columnInRow, foundColumns, landingColumn } from './find-in-row';

/** Keys typed this close together are one find: the list is searched once they pause. */
const TYPING_PAUSE_MS = 120;

/** What the find says of its words: nothing typed, counting, the rows found (and which one is active), or why not. */
export type FindAnswer =
  | { kind: 'none' }
  | { kind: 'counting' }
  | { kind: 'found'; total: number; ordinal: number | undefined; list: HeldListStatus }
  | { kind: 'failed'; failure: unknown };

/**
 * Find in the results (docs/architecture.md, "Find in the results"): words looked for in the view's
 * rows without hiding any, marked where they are shown, counted by core over the whole list held
 * for search (`search.find`), and moved through: within the active row's columns, then to the
 * next or previous row that holds them, scrolled to at any depth. A list still read is counted so
 * far and recounted as it grows; the moves wait for it whole (its rows' places are not final).
 */
export function useFind({
  view,
  filter,
  language,
  rows,
  columns,
  active,
  setActive,
  scrollToRow,
  scope,
}: {
  view: ListView;
  filter: readonly FilterCondition[];
  language: Language;
  rows: ViewRows;
  /** The visible columns' keys, in order. */
  columns: readonly string[];
  active: GridPosition;
  setActive: (position: GridPosition) => void;
  scrollToRow: (index: number) => void;
  scope: React.RefObject<HTMLElement | null>;
}) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  /** Each key that asks for the find puts the keyboard in its field (FindBar does). */
  const [focusAsked, setFocusAsked] = useState(0);
  const [text, setText] = useState('');
  const [words, setWords] = useState('');
  /** The last answer, and the question (words, view, filter, language) it answers. */
  const [told, setTold] = useState<{ question: string; answer: FindAnswer }>({
    question: '',
    answer: { kind: 'none' },
  });
  const { resource, customerId } = view;
  const list = useHeldList(rows.session?.connection?.id, { resource, customerId }, language);
  const asking = useRef<string | undefined>(undefined);
  /** A row moved to whose record was not read yet: its column is chosen once it is. */
  const landing = useRef<{ row: number; direction: 'next' | 'previous' } | undefined>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => setWords(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  /** The words as a condition, the same object while they are the same: the rows are marked again only when they change. */
  const condition = useMemo(
    () => (open && words ? { field: ANY_FIELD, op: 'contains' as const, value: words } : undefined),
    [open, words],
  );
  const marked = useMemo(
    () =>
      words ? highlighterOf([{ field: ANY_FIELD, op: 'contains', value: words }], rows.fieldOf) : undefined,
    [words, rows.fieldOf],
  );

  /** Asks core for the row found nearest `from`; the answer replaces any asked before. */
  const ask = async (from: number, direction: 'next' | 'previous') => {
    if (asking.current) void api.invoke('data.cancel', { requestId: asking.current });
    const requestId = newRequestId('find');
    asking.current = requestId;
    try {
      const found = await call(api, 'search.find', {
        view,
        lang: language,
        filter: [...filter],
        text: words,
        from,
        direction,
        requestId,
      });
      return asking.current === requestId ? found : undefined;
    } catch (failure) {
      if (asking.current === requestId) setTold({ question, answer: { kind: 'failed', failure } });
      return undefined;
    } finally {
      if (asking.current === requestId) asking.current = undefined;
    }
  };

  // Counted as the words, the view or the list change: the row moved to keeps its rank if it still holds them.
  const filterKey = JSON.stringify(filter);
  const question = JSON.stringify([words, view, filterKey, language]);
  // An answer to other words or another view is not shown for these; one from fewer rows read is, until the next.
  const answer: FindAnswer =
    !open || !words ? { kind: 'none' } : told.question === question ? told.answer : { kind: 'counting' };
  const latest = useRef({ active, answer });
  useEffect(() => {
    latest.current = { active, answer };
  });
  const listMoved = `${list?.state}:${list?.read}:${list?.changes?.version}`;
  useEffect(() => {
    if (!open || !words) return;
    const { active: at, answer: before } = latest.current;
    const moved = before.kind === 'found' && before.ordinal !== undefined;
    void ask(moved ? at.row - 1 : -1, 'next').then((found) => {
      if (!found) return;
      const stays = moved && found.match?.row === at.row;
      setTold({
        question,
        answer: {
          kind: 'found',
          total: found.total,
          ordinal: stays ? found.match?.ordinal : undefined,
          list: found.list,
        },
      });
    });
    // `ask` reads the words, view and filter of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, question, listMoved]);

  const columnsFound = (row: number) => {
    const record = rows.source.rowAt(row);
    return record && marked ? foundColumns(record, columns, rows.textOf, marked) : undefined;
  };

  // A row reached before its record was read: its found column once it is.
  useEffect(() => {
    const waiting = landing.current;
    const found = waiting && columnsFound(waiting.row);
    if (!waiting || !found) return;
    landing.current = undefined;
    if (latest.current.active.row === waiting.row)
      setActive({
        row: waiting.row,
        column: landingColumn(found, waiting.direction, latest.current.active.column),
      });
  });

  /** Moves the active cell to the next or previous match: in its row first, then in the rows after or before. */
  const move = async (direction: 'next' | 'previous') => {
    if (answer.kind !== 'found' || answer.total === 0) return;
    if (answer.list.state !== 'held') return;
    const here = columnsFound(active.row);
    const inRow = here && columnInRow(here, active.column, direction);
    if (inRow !== undefined) {
      setActive({ row: active.row, column: inRow });
      // Its rank, when the find has not moved yet: the row itself, found from the one before.
      if (answer.ordinal === undefined) {
        const found = await ask(active.row - 1, 'next');
        if (found?.match?.row === active.row)
          setTold({ question, answer: { ...answer, ordinal: found.match.ordinal } });
      }
      return;
    }
    const found = await ask(active.row, direction);
    if (!found?.match) return;
    const { row, ordinal } = found.match;
    setTold({ question, answer: { kind: 'found', total: found.total, ordinal, list: found.list } });
    const there = columnsFound(row);
    landing.current = there ? undefined : { row, direction };
    setActive({ row, column: there ? landingColumn(there, direction, active.column) : active.column });
    scrollToRow(row);
  };

  const show = () => {
    setOpen(true);
    setFocusAsked((asked) => asked + 1);
  };
  const close = () => {
    setOpen(false);
    setText('');
    scope.current?.querySelector<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true });
  };
  useCommand('table.find', show, { scope });
  useCommand('table.findNext', () => (open ? void move('next') : show()), { scope });
  useCommand('table.findPrevious', () => (open ? void move('previous') : show()), { scope });

  return {
    open,
    focusAsked,
    text,
    setText,
    answer,
    /** The words the rows are marked for (the table's marks add them). */
    condition,
    next: () => void move('next'),
    previous: () => void move('previous'),
    close,
  };
}

export type FindState = ReturnType<typeof useFind>;

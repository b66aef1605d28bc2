import { useEffect, useRef, useState } from 'react';
import type { Language } from '@shared/api-rules';
import type { FilterCondition } from '@shared/filter';
import type { HeldListStatus } from '@shared/held-list';
import type { ListView } from '../../data/queries';
import { useHeldList } from '../../data/useHeldLists';
import { useCommand } from '../../keyboard/commands';
import type { GridPosition } from '../grid/place-keeper';
import type { ViewRows } from '../view/useViewRows';
import { columnInRow } from './find-in-row';
import { useFindLanding } from './useFindLanding';
import { useFindAsk, useFindField } from './useFindField';

/** What the find says of its words: nothing typed, counting, the rows found (and which one is active), or why not. */
export type FindAnswer =
  | { kind: 'none' }
  | { kind: 'counting' }
  | { kind: 'found'; total: number; ordinal: number | undefined; list: HeldListStatus }
  | { kind: 'failed'; failure: unknown };

interface useFindProps {
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
}

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
}: useFindProps) {
  const { open, focusAsked, text, setText, words, show, close } = useFindField(scope);
  /** The last answer, and the question (words, view, filter, language) it answers. */
  const [told, setTold] = useState<{ question: string; answer: FindAnswer }>({
    question: '',
    answer: { kind: 'none' },
  });
  const { resource, customerId } = view;
  const list = useHeldList(rows.session?.connection?.id, { resource, customerId }, language);

  const { condition, columnsFound, landAt } = useFindLanding({
    open,
    words,
    rows,
    columns,
    active,
    setActive,
  });

  const askCore = useFindAsk();
  /** Asks core for the row found nearest `from`; the answer replaces any asked before. */
  const ask = async (from: number, direction: 'next' | 'previous') => {
    const asked = await askCore({ view, lang: language, filter: [...filter], text: words, from, direction });
    if (asked && 'failure' in asked)
      setTold({ question, answer: { kind: 'failed', failure: asked.failure } });
    return asked && 'found' in asked ? asked.found : undefined;
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
    landAt(row, direction, active.column);
    scrollToRow(row);
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

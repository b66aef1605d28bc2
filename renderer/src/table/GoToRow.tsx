import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldCommand, useShortcutHint } from '../keyboard/commands';

/**
 * "Go to row N": a far jump by keyboard or by number, read there by position (offset mode), not
 * by walking every page before it. Asked before the list's count is known (the rows read so far are
 * all the table knows), it goes as far as it can at once and to the row asked once the count comes:
 * bounded by the rows read so far, the field refused row 250,000 of a list of 400,000.
 */
export function GoToRow({
  rowCount,
  complete,
  onGo,
  scope,
}: {
  rowCount: number;
  /** `rowCount` is the list's own (its count is known): the row asked is bounded by it. */
  complete: boolean;
  onGo: (row: number) => void;
  /** The table it moves: Ctrl+G (⌘G) there puts the keyboard in the field. */
  scope: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useFieldCommand('table.goToRow', field, scope);
  const hint = useShortcutHint('table.goToRow', t('table.goTo'));
  const [row, setRow] = useState('');
  /** The row asked for before the count came (nothing to show for it: a ref). */
  const waiting = useRef<number | undefined>(undefined);
  const within = (wanted: number) => Math.min(rowCount, Math.max(1, wanted));
  useEffect(() => {
    const wanted = waiting.current;
    if (wanted === undefined || !complete) return;
    waiting.current = undefined;
    if (rowCount > 0) onGo(within(wanted));
    // Once, when the count comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete]);
  const go = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(row);
    if (!Number.isInteger(wanted) || rowCount === 0) return;
    onGo(within(wanted));
    waiting.current = complete ? undefined : wanted;
  };
  return (
    <form className="go-to-row" onSubmit={go}>
      <label htmlFor={id}>{t('table.goToRow')}</label>
      <input
        ref={field}
        id={id}
        {...hint}
        type="number"
        min={1}
        max={complete ? Math.max(1, rowCount) : undefined}
        value={row}
        onChange={(event) => setRow(event.target.value)}
      />
      <button type="submit" disabled={rowCount === 0}>
        {t('table.goTo')}
      </button>
    </form>
  );
}

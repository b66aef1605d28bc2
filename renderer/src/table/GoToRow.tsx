import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Go to row N": a far jump by keyboard or by number, read there by position (offset mode), not
 * by walking every page before it.
 */
export function GoToRow({ rowCount, onGo }: { rowCount: number; onGo: (row: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [row, setRow] = useState('');
  const go = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(row);
    if (!Number.isInteger(wanted) || rowCount === 0) return;
    onGo(Math.min(rowCount, Math.max(1, wanted)));
  };
  return (
    <form className="go-to-row" onSubmit={go}>
      <label htmlFor={id}>{t('table.goToRow')}</label>
      <input
        id={id}
        type="number"
        min={1}
        max={Math.max(1, rowCount)}
        value={row}
        onChange={(event) => setRow(event.target.value)}
      />
      <button type="submit" disabled={rowCount === 0}>
        {t('table.goTo')}
      </button>
    </form>
  );
}

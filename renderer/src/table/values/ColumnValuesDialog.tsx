import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';
import type { ListView } from '../../data/queries';
import { numberFormat } from '../../i18n/intl';
import { ModalDialog } from '../../ui/ModalDialog';
import { failureLine } from '../../ui/describe-failure';
import { ListProgress } from '../view/ListProgress';
import { useColumnValues } from './useColumnValues';
import { ValuesTable } from './ValuesTable';

/**
 * A column's values (from a header's menu or the command box): how many rows of the view, each
 * value with its count and share, the empty cells, and the figures of a column of numbers or
 * dates, each written as the column writes it; each value a button that keeps only its rows.
 * Counted on the list held whole: before, it says what it is still reading, never a count.
 */
export function ColumnValuesDialog({
  connectionId,
  view,
  filter,
  field,
  label,
  textOf,
  onOnly,
  onClose,
}: {
  connectionId: string | undefined;
  view: ListView;
  filter: readonly FilterCondition[];
  field: string;
  label: string;
  textOf: (key: string, record: ApiRecord) => string;
  /** Keeps only the rows of one value (the filter's condition). */
  onOnly: (condition: FilterCondition) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const dialog = useRef<HTMLDialogElement>(null);
  const asked = useColumnValues(connectionId, view, filter, field, language);
  const only = (condition: FilterCondition) => {
    onOnly(condition);
    dialog.current?.close();
  };
  const { values, list } = asked.data ?? {};
  return (
    <ModalDialog
      dialog={dialog}
      className="column-values"
      title={t('values.title', { column: label })}
      onClose={onClose}
    >
      <div aria-live="polite" data-testid="values-status">
        {asked.error ? (
          <p role="alert">{failureLine(t, language, asked.error)}</p>
        ) : list?.state === 'too-long' ? (
          <p>{t('values.tooLong')}</p>
        ) : !values ? (
          <p>{list?.state === 'reading' ? t('values.reading') : t('values.counting')}</p>
        ) : null}
      </div>
      {!values && list?.state === 'reading' && <ListProgress list={list} numbers={numberFormat(language)} />}
      {values && (
        <ValuesTable values={values} field={field} textOf={textOf} language={language} onOnly={only} />
      )}
      <button type="button" onClick={() => dialog.current?.close()}>
        {t('values.close')}
      </button>
    </ModalDialog>
  );
}

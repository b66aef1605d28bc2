import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { counted } from '../i18n/translations';
import { numberFormat } from '../i18n/intl';
import type { Language } from '@shared/api-rules';
import { viewNameSchema, type ColumnLayout, type SavedView } from '@shared/saved-view';
import type { FilterCondition } from '@shared/filter';
import type { View } from '@shared/view';
import { failureLine } from '../ui/describe-failure';
import { FormField } from '../ui/FormField';
import { sortText } from '../ui/sort-text';
import { useChangeViews, useSavedViews } from './saved-views';
import { useSession } from '../data/queries';
import { ModalDialog } from '../ui/ModalDialog';

export interface SaveViewDialogProps {
  /** The view on screen: its list, filter, visible columns in order and column layout. */
  view: View;
  filter: FilterCondition[];
  columns: string[];
  layout: ColumnLayout;
  /** The table's name ("Agreements", "Contacts of this customer"). */
  table: string;
  /** The sorted column's label, for the summary. */
  sortLabel?: string;
  /** The view was saved under `name` (said where the person is: the dialog closes). */
  onSaved: (name: string) => void;
  onClose: () => void;
}

/**
 * "Save view…": names the view on screen for the chosen connection. A name already taken says so
 * and replaces that view only when confirmed; the dialog says that filter values are stored.
 */
export function SaveViewDialog({
  view,
  filter,
  columns,
  layout,
  table,
  sortLabel,
  onSaved,
  onClose,
}: SaveViewDialogProps) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language as Language);
  const dialog = useRef<HTMLDialogElement>(null);
  const saved = useSavedViews();
  const save = useChangeViews('views.save');
  const session = useSession().data;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const wanted = name.trim();
  const taken = saved.some((other) => other.name === wanted);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = viewNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(t(wanted ? 'views.nameInvalid' : 'views.nameEmpty'));
      return;
    }
    const next: SavedView = { name: parsed.data, ...view, filter, columns, layout };
    try {
      await save.mutateAsync({ view: next });
      onSaved(parsed.data);
      onClose();
    } catch (failure) {
      setProblem(failureLine(t, i18n.language as Language, failure));
    }
  };

  return (
    <ModalDialog
      dialog={dialog}
      className="form-dialog"
      title={t('views.saveTitle', { table })}
      onClose={onClose}
    >
      <form method="dialog" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t('views.name')}
          problem={problem}
          hint={taken ? t('views.replaces', { name: wanted }) : undefined}
          value={name}
          maxLength={100}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
        />
        <p data-testid="save-view-summary">
          {t('views.summary', {
            table,
            sort: sortText(t, view.sort, () => sortLabel),
            filters: counted(t, 'conditions', filter.length, numbers),
            columns: counted(t, 'columns', columns.length, numbers),
          })}
        </p>
        <p className="hint" id="save-view-stored">
          {t('views.storedHint')}{' '}
          {/* The status bar's word on the keychain, said again where the promise would be made. */}
          {session?.keychainProblem || session?.listsKept === 'no-keychain'
            ? t('views.typedNotKept')
            : t('views.typedSealed')}
        </p>
        <div className="form-actions">
          {/* What saving keeps in clear is read with the button that does it. */}
          <button type="submit" disabled={save.isPending} aria-describedby="save-view-stored">
            {taken ? t('views.replace') : t('views.save')}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('views.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

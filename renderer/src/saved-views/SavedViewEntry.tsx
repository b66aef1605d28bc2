import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SavedView } from '@shared/saved-view';

/** A saved view in the menu: its name (opens it), a few words on what it shows, Rename and Delete. */
export function SavedViewEntry({
  view,
  onOpen,
  onEdit,
}: {
  view: SavedView;
  onOpen: () => void;
  onEdit: (mode: 'rename' | 'delete') => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="view-name"
        // One line however long: the whole name in its title.
        title={view.name}
        onClick={onOpen}
      >
        {view.name}
      </button>
      <span className="hint">{describe(t, view)}</span>
      <button
        type="button"
        aria-label={t('views.renameOne', { name: view.name })}
        onClick={() => onEdit('rename')}
      >
        {t('views.rename')}
      </button>
      <button
        type="button"
        aria-label={t('views.deleteOne', { name: view.name })}
        onClick={() => onEdit('delete')}
      >
        {t('views.delete')}
      </button>
    </>
  );
}

/** A saved view in a few words: which list, of which customer. */
function describe(t: TFunction, view: SavedView): string {
  const list = t(`nav.${view.resource}`);
  return view.customerId ? t('views.ofCustomer', { list, id: view.customerId }) : list;
}

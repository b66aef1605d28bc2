import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { viewNameSchema, type SavedView } from '@shared/saved-view';
import { failureLine } from '../ui/describe-failure';
import { WindowSettings } from './WindowSettings';
import { SavedViewEntry } from './SavedViewEntry';
import { useChangeViews, useSavedViews } from './saved-views';

/** What a row of the menu is doing: shown, being renamed, or asking to confirm its deletion. */
type Editing = { name: string; mode: 'rename' | 'delete' } | undefined;

/**
 * The header's "Saved views" menu: the chosen connection's views, each to open (restored exactly:
 * list, customer, sort, filter, columns), rename or delete (after a confirmation).
 */
export function SavedViewsMenu({ onOpen }: { onOpen: (view: SavedView) => void }) {
  const { t, i18n } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const views = useSavedViews();
  const rename = useChangeViews('views.rename');
  const remove = useChangeViews('views.delete');
  const [editing, setEditing] = useState<Editing>();
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const failed = (failure: unknown) => setProblem(failureLine(t, i18n.language as Language, failure));

  const submitRename = async (event: FormEvent, name: string) => {
    event.preventDefault();
    const parsed = viewNameSchema.safeParse(newName);
    if (!parsed.success) return setProblem(t(newName.trim() ? 'views.nameInvalid' : 'views.nameEmpty'));
    if (parsed.data !== name && views.some((other) => other.name === parsed.data)) {
      return setProblem(t('views.nameTaken', { name: parsed.data }));
    }
    await rename.mutateAsync({ name, newName: parsed.data }).then(() => setEditing(undefined), failed);
  };
  const edit = (name: string, mode: 'rename' | 'delete') => {
    setEditing({ name, mode });
    setNewName(name);
    setProblem(undefined);
  };

  return (
    <details
      className="views-menu"
      ref={menu}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menu.current?.open) return;
        // Escape leaves a rename or a confirmation first, then closes the menu, back on its button
        // (and is not the app's Back).
        event.preventDefault();
        if (editing) setEditing(undefined);
        else {
          menu.current.open = false;
          summary.current?.focus();
        }
      }}
    >
      <summary ref={summary}>{t('views.menu')}</summary>
      <div className="views-menu-list">
        {views.length === 0 && <p className="hint">{t('views.none')}</p>}
        <ul aria-label={t('views.menu')}>
          {views.map((view) => (
            <li key={view.name}>
              {editing?.name === view.name && editing.mode === 'rename' ? (
                <form onSubmit={(event) => void submitRename(event, view.name)}>
                  <input
                    aria-label={t('views.newName', { name: view.name })}
                    value={newName}
                    maxLength={100}
                    autoFocus
                    onChange={(event) => setNewName(event.target.value)}
                  />
                  <button type="submit">{t('views.renameDone')}</button>
                  <button type="button" onClick={() => setEditing(undefined)}>
                    {t('views.cancel')}
                  </button>
                </form>
              ) : editing?.name === view.name && editing.mode === 'delete' ? (
                <span role="group" aria-label={t('views.confirmDelete', { name: view.name })}>
                  {t('views.confirmDelete', { name: view.name })}
                  <button
                    type="button"
                    onClick={() =>
                      void remove.mutateAsync({ name: view.name }).then(() => setEditing(undefined), failed)
                    }
                  >
                    {t('views.delete')}
                  </button>
                  <button type="button" onClick={() => setEditing(undefined)} autoFocus>
                    {t('views.keep')}
                  </button>
                </span>
              ) : (
                <SavedViewEntry
                  view={view}
                  onOpen={() => {
                    if (menu.current) menu.current.open = false;
                    onOpen(view);
                  }}
                  onEdit={(mode) => edit(view.name, mode)}
                />
              )}
            </li>
          ))}
        </ul>
        {problem && (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        )}
        <WindowSettings reveal={() => menu.current?.setAttribute('open', '')} />
      </div>
    </details>
  );
}

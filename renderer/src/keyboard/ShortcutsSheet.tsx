import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeysOf } from './commands';
import { Keys } from './Keys';
import { ModalDialog } from '../ui/ModalDialog';
import { SHORTCUT_GROUPS, SHORTCUTS, type ShortcutId } from './shortcuts';

const IDS = Object.keys(SHORTCUTS) as ShortcutId[];
/** What a search may be written with (search-words.ts), each with an example and what it means. */
const SEARCH_WORDS = ['field', 'exclude', 'phrase', 'or'] as const;

/**
 * "Keyboard shortcuts" (`?` or F1): every shortcut of the app by group, with its keys as this
 * computer writes them (Ctrl or ⌘) and in the window's language, and the words a search takes. Esc closes it, and the keyboard goes
 * back where it was.
 */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const keysOf = useKeysOf();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <ModalDialog dialog={dialog} className="shortcuts-sheet" title={t('shortcuts.title')} onClose={onClose}>
      {/* At the top, where the sheet opens (focused at the bottom, it opened scrolled past the lists). */}
      <button type="button" className="sheet-close" onClick={() => dialog.current?.close()} autoFocus>
        {t('shortcuts.close')}
      </button>
      <div className="shortcut-groups">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`}>{t(`shortcuts.groups.${group}`)}</h3>
            <table>
              <tbody>
                {IDS.filter((id) => SHORTCUTS[id].group === group).map((id) => (
                  <tr key={id}>
                    <th scope="row">{t(`shortcuts.names.${id}`)}</th>
                    <td>
                      <Keys chords={keysOf(id).chords} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        <section aria-labelledby="shortcuts-words">
          <h3 id="shortcuts-words">{t('shortcuts.words.title')}</h3>
          <table>
            <tbody>
              {SEARCH_WORDS.map((word) => (
                <tr key={word}>
                  <th scope="row">
                    <code>{t(`shortcuts.words.${word}.typed`)}</code>
                  </th>
                  <td>{t(`shortcuts.words.${word}.means`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <p className="hint">{t('shortcuts.typing')}</p>
    </ModalDialog>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { useMarks } from '../data/useMarks';
import { failureLine } from '../ui/describe-failure';
import { ModalDialog } from '../ui/ModalDialog';
import { byName, movedBy } from './favourite-order';

interface FavouritesDialogProps {
  onOpen: (customerId: string, name?: string) => void;
  onClose: () => void;
}

/**
 * "Favourites": the person's favourite customers in their order, each to open, move up or down, or
 * remove; sorted by name at once; and the recent customers forgotten. Every change is kept at once
 * (useMarks), and said in a polite live region.
 */
export function FavouritesDialog({ onOpen, onClose }: FavouritesDialogProps) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const marks = useMarks();
  const [said, setSaid] = useState<string>();
  const ids = marks.favourites.map((each) => each.customerId);
  const act = (change: Promise<void>, done: string) =>
    void change.then(
      () => setSaid(done),
      (failure: unknown) =>
        setSaid(t('favourites.failed', { reason: failureLine(t, i18n.language as Language, failure) })),
    );
  return (
    <ModalDialog
      dialog={dialog}
      className="favourites-dialog"
      title={t('favourites.title')}
      onClose={onClose}
    >
      {ids.length === 0 ? (
        <p>{t('favourites.none')}</p>
      ) : (
        <ol aria-label={t('favourites.title')}>
          {marks.favourites.map(({ customerId, name, city }, index) => {
            const named = name ? t('openCustomer.named', { name, id: customerId }) : customerId;
            return (
              <li key={customerId}>
                <button
                  type="button"
                  onClick={() => {
                    dialog.current?.close();
                    onOpen(customerId, name);
                  }}
                >
                  {named}
                </button>
                {/* Its city beside it: two favourites of one name differ by more than their ids. */}
                {city && <span className="hint">{city}</span>}
                <button
                  type="button"
                  aria-label={t('favourites.up', { name: named })}
                  disabled={index === 0}
                  onClick={() => act(marks.order(movedBy(ids, index, -1)), t('favourites.moved'))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t('favourites.down', { name: named })}
                  disabled={index === ids.length - 1}
                  onClick={() => act(marks.order(movedBy(ids, index, 1)), t('favourites.moved'))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={t('favourites.remove', { name: named })}
                  onClick={() =>
                    act(
                      marks.favourite({ customerId, ...(name !== undefined && { name }) }, false),
                      t('favourites.removed'),
                    )
                  }
                >
                  {t('favourites.removeShort')}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          disabled={ids.length < 2}
          onClick={() => act(marks.order(byName(marks.favourites, i18n.language)), t('favourites.sorted'))}
        >
          {t('favourites.sortByName')}
        </button>
        <button
          type="button"
          disabled={marks.recents.length === 0}
          onClick={() => act(marks.forget('recents'), t('favourites.recentsForgotten'))}
        >
          {t('favourites.forgetRecents')}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('favourites.close')}
        </button>
      </div>
      <p className="hint" role="status">
        {said}
        {!marks.kept && ` ${t('favourites.notKept')}`}
      </p>
    </ModalDialog>
  );
}

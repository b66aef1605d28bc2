import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { useMarks } from '../data/useMarks';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import { failureLine } from '../ui/describe-failure';

/**
 * ☆ / ★: makes the customer shown one of the person's favourites, or no longer one (its key and the
 * command box too). Without a keychain the favourites last until the app closes: said with each
 * change while they cannot be kept.
 */
export function FavouriteButton({
  customerId,
  name,
  scope,
}: {
  customerId: string;
  name: string | undefined;
  scope: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const marks = useMarks();
  const [said, setSaid] = useState<string>();
  const on = marks.isFavourite(customerId);
  const toggle = async () => {
    try {
      await marks.favourite({ customerId, ...(name !== undefined && { name }) }, !on);
      setSaid(t(on ? 'favourites.removed' : 'favourites.added'));
    } catch (failure) {
      setSaid(t('favourites.failed', { reason: failureLine(t, i18n.language as Language, failure) }));
    }
  };
  const label = t(on ? 'shortcuts.names.customer.unfavourite' : 'shortcuts.names.customer.favourite');
  useCommand('customer.favourite', () => void toggle(), { scope, label });
  const hint = useShortcutHint('customer.favourite', label);
  return (
    <>
      {/* A star alone, named for screen readers: a word more wraps the page's header at 700 px. */}
      <button
        type="button"
        className="favourite"
        aria-label={t('favourites.one')}
        aria-pressed={on}
        {...hint}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span>
      </button>
      <span className="hint" role="status">
        {said}
        {!marks.kept && said !== undefined && ` ${t('favourites.notKept')}`}
      </span>
    </>
  );
}

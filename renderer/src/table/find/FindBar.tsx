import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { FILTER_VALUE_MAX } from '@shared/filter';
import { numberFormat } from '../../i18n/intl';
import { useShortcutHint } from '../../keyboard/commands';
import { failureLine } from '../../ui/describe-failure';
import type { FindAnswer, FindState } from './useFind';

/**
 * The find field over a table (useFind does the work): the words, how many rows hold them (k of N
 * once moved), Previous and Next (Shift+Enter and Enter, Shift+F3 and F3), Close (Esc: the active
 * cell stays where the find left it). The count is a polite live region.
 */
export function FindBar({ find }: { find: FindState }) {
  const { t } = useTranslation();
  const id = useId();
  const hints = {
    field: useShortcutHint('table.find', t('find.field')),
    next: useShortcutHint('table.findNext', t('find.next')),
    previous: useShortcutHint('table.findPrevious', t('find.previous')),
  };
  const { answer, focusAsked } = find;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [focusAsked]);
  const canMove = answer.kind === 'found' && answer.total > 0 && answer.list.state === 'held';
  return (
    <div className="find-bar" role="search" aria-label={t('find.label')}>
      <input
        ref={field}
        id={id}
        type="search"
        {...hints.field}
        aria-label={t('find.field')}
        aria-describedby={`${id}-count`}
        placeholder={t('find.field')}
        maxLength={FILTER_VALUE_MAX}
        value={find.text}
        onChange={(event) => find.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (event.shiftKey) find.previous();
            else find.next();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            // Not the app's Back: the find closes, the list stays.
            event.stopPropagation();
            find.close();
          }
        }}
      />
      <span id={`${id}-count`} className="find-count" data-testid="find-count" aria-live="polite">
        <FindCount answer={answer} />
      </span>
      <button type="button" {...hints.previous} disabled={!canMove} onClick={find.previous}>
        {t('find.previous')}
      </button>
      <button type="button" {...hints.next} disabled={!canMove} onClick={find.next}>
        {t('find.next')}
      </button>
      <button type="button" onClick={find.close}>
        {t('find.close')}
      </button>
    </div>
  );
}

/** What the find has found: nothing said before it knows, "so far" while the list is read. */
function FindCount({ answer }: { answer: FindAnswer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const numbers = numberFormat(language);
  switch (answer.kind) {
    case 'none':
      return null;
    case 'counting':
      return <>{t('find.counting')}</>;
    case 'failed':
      return <>{t('find.failed', { reason: failureLine(t, language, answer.failure) })}</>;
    case 'found': {
      const { list, total, ordinal } = answer;
      const values = { count: total, total: numbers.format(total) };
      if (list.state === 'too-long') return <>{t('find.tooLong')}</>;
      if (list.state !== 'held')
        return (
          <>
            {t('find.soFar', {
              ...values,
              read: numbers.format(list.read),
              of: list.total === undefined ? '…' : numbers.format(list.total),
            })}
          </>
        );
      if (total === 0) return <>{t('find.none')}</>;
      return (
        <>
          {ordinal === undefined
            ? t('find.found', values)
            : t('find.ordinal', { ...values, ordinal: numbers.format(ordinal) })}
        </>
      );
    }
  }
}

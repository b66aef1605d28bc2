import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { SUGGESTIONS_MAX, type CustomerSuggestion } from '@shared/held-list';
import { valueKind } from '@shared/value-kind';
import { useApi } from '../api/context';
import { useFieldsOf } from '../data/queries';
import { numberFormat } from '../i18n/intl';
import { durationText, formatterFor } from '../ui/format';
import type { useCustomerSuggestions } from './useCustomerSuggestions';

// The parts of the top bar's list of customers (OpenCustomer): a customer offered, how many more
// match, and the lists being read for it.

/**
 * One customer offered: its name and id, its city and email (what tells apart two of one name), and
 * what of it, its contact or its agreement matched, under the field's label and written as the
 * table writes it.
 */
export function Suggestion({
  suggestion,
  favourite,
}: {
  suggestion: CustomerSuggestion;
  favourite: boolean;
}) {
  const { t } = useTranslation();
  const { matched } = suggestion;
  const apart = [suggestion.city, suggestion.email].filter(Boolean).join(' · ');
  return (
    <>
      <span className="suggestion-name">
        {favourite && (
          <span className="favourite-mark" title={t('favourites.one')}>
            <span aria-hidden="true">★ </span>
            <span className="visually-hidden">{t('favourites.one')} </span>
          </span>
        )}
        {suggestion.name
          ? t('openCustomer.named', { name: suggestion.name, id: suggestion.customerId })
          : suggestion.customerId}
        {apart && <span className="suggestion-apart"> · {apart}</span>}
      </span>
      {(matched.of !== 'customer' || matched.field !== 'id') && (
        <span className="suggestion-match">
          <MatchText matched={matched} />
        </span>
      )}
    </>
  );
}

/** What of a customer matched, in words: its field, or its contact's (named), or its agreement's id. */
export function MatchText({ matched }: { matched: CustomerSuggestion['matched'] }) {
  const { t } = useTranslation();
  const shown = useShownValue(matched);
  return matched.of === 'agreement'
    ? t('openCustomer.viaAgreement', { id: matched.value })
    : matched.of === 'contact'
      ? t(matched.contactId ? 'openCustomer.viaContactId' : 'openCustomer.viaContact', {
          contact: matched.contactName ?? '',
          contactId: matched.contactId,
          ...shown,
        })
      : t('openCustomer.matched', shown);
}

/** A matched field as the tables show it: the schema's label, the value formatted by its kind. */
function useShownValue(matched: CustomerSuggestion['matched']): { field: string; value: string } {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const field = useFieldsOf(`${matched.of}s`, language)?.find((each) => each.key === matched.field);
  const format = formatterFor(valueKind(field, [matched.value]), field, language);
  return { field: field?.label ?? matched.field, value: format(matched.value, {}) };
}

/**
 * How many customers match beyond those offered ("8 of 23 customers"), and the way to all of them:
 * "Show all 23" (the list then scrolls), or past the most a list offers, to type more.
 */
export function MoreMatches({
  shown,
  total,
  showingAll,
  onShowAll,
}: {
  shown: number;
  total: number;
  showingAll: boolean;
  onShowAll: () => void;
}) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language as Language);
  return (
    <p className="more-matches" role="status">
      {t(showingAll ? 'openCustomer.tooMany' : 'openCustomer.shownOf', {
        count: total,
        shown: numbers.format(shown),
        total: numbers.format(total),
      })}{' '}
      {!showingAll && (
        <button type="button" onClick={onShowAll}>
          {total <= SUGGESTIONS_MAX
            ? t('openCustomer.showAll', { total: numbers.format(total) })
            : t('openCustomer.showFirst', { max: numbers.format(SUGGESTIONS_MAX) })}
        </button>
      )}
    </p>
  );
}

/** The lists the suggestions come from that are being read: how far, the time left, and Cancel. */
export function ListsBeingRead({ lists }: { lists: ReturnType<typeof useCustomerSuggestions>['lists'] }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const reading = lists.filter((list) => list.state === 'reading');
  if (!reading.length) return null;
  const numbers = numberFormat(i18n.language as Language);
  return reading.map((list) => (
    <p key={list.resource} className="held-progress" data-testid={`reading-${list.resource}`}>
      <progress aria-label={t('search.readingProgress')} value={list.read} max={list.total ?? undefined} />
      {t(list.total === undefined ? 'search.readingUnknown' : 'search.reading', {
        list: t(`search.lists.${list.resource}`),
        read: numbers.format(list.read),
        count: list.read,
        total: numbers.format(list.total ?? 0),
        left:
          list.etaSeconds === undefined
            ? ''
            : t('search.left', { time: durationText(list.etaSeconds, numbers) }),
      })}
      <button
        type="button"
        aria-label={t('search.cancelReading', { list: t(`search.lists.${list.resource}`) })}
        onClick={() => void api.invoke('lists.stop', { list: { resource: list.resource }, lang: list.lang })}
      >
        {t('search.cancel')}
      </button>
    </p>
  ));
}

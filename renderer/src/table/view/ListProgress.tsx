import { useTranslation } from 'react-i18next';
import type { HeldListStatus } from '@shared/held-list';
import { useApi } from '../../api/context';
import { durationText } from '../../ui/format';

/** A list being read for search: how far, the time left, and Cancel (not a live region: it moves many times a second). */
export function ListProgress({ list, numbers }: { list: HeldListStatus; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation();
  const api = useApi();
  const { resource, customerId } = list;
  const named = { list: t(`search.lists.${resource}`) };
  const target = { list: { resource, ...(customerId !== undefined && { customerId }) }, lang: list.lang };
  return (
    <span className="held-progress" data-testid="held-progress">
      <progress aria-label={t('search.readingProgress')} value={list.read} max={list.total ?? undefined} />
      {t(list.total === undefined ? 'search.readingUnknown' : 'search.reading', {
        ...named,
        read: numbers.format(list.read),
        total: numbers.format(list.total ?? 0),
        count: list.read,
        left:
          list.etaSeconds === undefined
            ? ''
            : t('search.left', { time: durationText(list.etaSeconds, numbers) }),
      })}
      <button
        type="button"
        onClick={() => void api.invoke('lists.stop', target)}
        aria-label={t('search.cancelReading', named)}
      >
        {t('search.cancel')}
      </button>
    </span>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ApiRecord } from '@shared/schema';
import { useListChanges } from '../data/useListChanges';
import { dateTimeFormat } from '../i18n/intl';
import { markerOf, type RowChange, type RowMark } from '../rows';
import type { ListView } from '../data/queries';

/**
 * What changed in a table's list since the person last looked, as the grid and the record panel
 * say it: a row's words ("changed at 13:42", "new at 13:42"), each changed cell's value before as
 * the table writes it ("was: Dupont"), and the list's changes to show only them or clear them.
 */
export function useChangeMarks(
  connectionId: string | undefined,
  view: ListView,
  language: Language,
  textOf: (key: string, record: ApiRecord) => string,
) {
  const { t } = useTranslation();
  const changes = useListChanges(connectionId, view, language);
  const { marks } = changes;
  const describe = useMemo(() => {
    const time = dateTimeFormat(language, { timeStyle: 'short' });
    return (change: RowChange, record: ApiRecord): RowMark => {
      const at = time.format(change.at);
      const was = new Map<string, string>();
      for (const [key, value] of Object.entries(change.previous)) {
        const before = textOf(key, { ...record, [key]: value });
        was.set(
          key,
          before ? t('changes.was', { value: before, time: at }) : t('changes.wasEmpty', { time: at }),
        );
      }
      return {
        kind: change.kind,
        words: t(`changes.${change.kind}At`, { time: at }),
        was,
      };
    };
  }, [language, textOf, t]);
  const marker = useMemo(() => marks && markerOf(marks, describe), [marks, describe]);
  return { ...changes, marker };
}

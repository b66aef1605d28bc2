import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a table says above its rows: a translation key and its values; `brief`: it goes by itself (Copied). */
export interface TableNotice {
  key: string;
  values?: Record<string, string | number>;
  brief?: boolean;
}

/** How long a brief notice stays. */
const BRIEF_MS = 4_000;

/**
 * The notice a table shows above its rows: the one it was last given (kept as words to say, so it is
 * said in the language shown: a notice written once stayed in English), a brief one going by
 * itself; else, when the API made a scan start again (`scanRestarted`: a refused cursor), that.
 */
export function useTableNotice(scanRestarted: boolean) {
  const { t } = useTranslation();
  const [own, setNotice] = useState<TableNotice | undefined>();
  useEffect(() => {
    if (!own?.brief) return;
    const timer = setTimeout(() => setNotice((shown) => (shown === own ? undefined : shown)), BRIEF_MS);
    return () => clearTimeout(timer);
  }, [own]);
  const notice = own
    ? { text: t(own.key, own.values ?? {}), brief: own.brief === true }
    : scanRestarted
      ? { text: t('table.cursorReset'), brief: false }
      : undefined;
  return { notice, setNotice };
}

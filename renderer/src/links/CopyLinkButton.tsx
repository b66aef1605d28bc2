import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { linkOf, type LinkAction } from '../../../electron/shared/links';
import { failureLine } from '../app/describe-failure';
import { useCopyText } from '../data/clipboard';
import { useSession } from '../data/queries';

/**
 * "Copy link": puts the cdb:// link of a customer or a view on the clipboard, to paste in a ticket
 * or a chat; it names the connection by its name, as the colleague's app knows it. Says what it did.
 */
export function CopyLinkButton({ target }: { target: DistributiveOmit<LinkAction, 'connection'> }) {
  const { t, i18n } = useTranslation();
  const copyText = useCopyText();
  const connection = useSession().data?.connection?.name;
  const [said, setSaid] = useState<string>();
  const copy = async () => {
    if (!connection) return;
    try {
      await copyText(linkOf({ ...target, connection }));
      setSaid(t('links.copied'));
    } catch (failure) {
      setSaid(t('links.copyFailed', { reason: failureLine(t, i18n.language as Language, failure) }));
    }
  };
  return (
    <>
      <button type="button" disabled={!connection} onClick={() => void copy()}>
        {t('links.copy')}
      </button>
      <span className="hint" role="status">
        {said}
      </span>
    </>
  );
}

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

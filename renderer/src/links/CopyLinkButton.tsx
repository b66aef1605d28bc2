import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { linkOf, type LinkAction } from '@shared/links';
import { failureLine } from '../ui/describe-failure';
import { useCopyText } from '../data/clipboard';
import { useSession } from '../data/queries';
import { useCommand, useShortcutHint } from '../keyboard/commands';

/**
 * "Copy customer link", "Copy list link" (each says what it copies): puts the cdb:// link of a customer or a view on the clipboard, to paste in a ticket
 * or a chat; it names the connection by its name, as the colleague's app knows it. Says what it did.
 */
export function CopyLinkButton({
  target,
  shortcut,
  scope,
}: {
  target: DistributiveOmit<LinkAction, 'connection'>;
  /**
   * Its keys, if it has them: the customer's link, or a table's view's, in `scope` where the keyboard
   * is (else the first on the page).
   */
  shortcut?: 'customer.copyLink' | 'table.copyLink';
  scope?: RefObject<HTMLElement | null>;
}) {
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
  useCommand(shortcut ?? 'table.copyLink', () => void copy(), {
    scope,
    enabled: Boolean(shortcut && connection),
  });
  const hint = useShortcutHint(shortcut, t(`shortcuts.names.${shortcut ?? 'table.copyLink'}`));
  return (
    <>
      <button type="button" {...hint} disabled={!connection} onClick={() => void copy()}>
        {t(`links.copy.${target.action}`)}
      </button>
      <span className="hint" role="status">
        {said}
      </span>
    </>
  );
}

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

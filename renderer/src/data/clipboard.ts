import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { detailsAs, type Copied } from '../ui/copy-formats';
import { useApi } from '../api/context';
import { useSession } from './queries';

/**
 * Puts text on the clipboard, with an HTML table beside it when `html` is given (a mail client or a
 * word processor pastes that, a text editor the text): through the app in Electron (the window's
 * own clipboard permission is denied there: security.ts), with the page's own clipboard in the
 * browser host. Rejects when the copy failed, so the caller can say so.
 */
export function useCopyText(): (text: string, html?: string) => Promise<void> {
  const api = useApi();
  const writesClipboard = useSession().data?.writesClipboard ?? false;
  return async (text, html) => {
    if (writesClipboard) await call(api, 'clipboard.write', { text, ...(html !== undefined && { html }) });
    else if (html === undefined) await navigator.clipboard.writeText(text);
    else
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([text], { type: 'text/plain' }),
          'text/html': new Blob([html], { type: 'text/html' }),
        }),
      ]);
  };
}

/**
 * Copy details: a record's fields as a person reads them, one "label: value" line each in the
 * language shown (an HTML table beside it), empty ones left out.
 */
export function useDetailsOf(): (fields: readonly { label: string; text: string }[]) => Copied {
  const { t } = useTranslation();
  return (fields) => detailsAs(fields, (label, value) => t('copy.detailLine', { label, value }));
}

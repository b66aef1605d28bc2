import { call } from '../api/call';
import { useApi } from '../api/context';
import { useSession } from './queries';

/**
 * Puts text on the clipboard: through the app in Electron (the window's own clipboard permission
 * is denied there: security.ts), with the page's own clipboard in the browser host. Rejects when
 * the copy failed, so the caller can say so.
 */
export function useCopyText(): (text: string) => Promise<void> {
  const api = useApi();
  const writesClipboard = useSession().data?.writesClipboard ?? false;
  return async (text) => {
    if (writesClipboard) await call(api, 'clipboard.write', { text });
    else await navigator.clipboard.writeText(text);
  };
}

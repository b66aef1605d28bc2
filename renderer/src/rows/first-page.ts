import type { Language } from '@shared/api-rules';
import type { AppApi, RequestOutputs } from '@shared/contract/contract';
import type { Desk } from '@shared/desk';
import type { SessionStatus } from '@shared/contract/status';
import type { View } from '@shared/view';
import { call } from '../api/call';

/** The view a window opens on when its desk keeps no other. */
export const FIRST_VIEW: View = { resource: 'customers' };

/** Whether the desk shows the first view from its top: what the page asks for before its first render. */
export function showsFirstView(desk: Desk | undefined): boolean {
  if (!desk) return true;
  const place = desk.places[FIRST_VIEW.resource];
  return (
    desk.screen.kind === 'list' &&
    desk.screen.resource === FIRST_VIEW.resource &&
    place?.sort === undefined &&
    (place?.table?.topRow ?? 0) === 0
  );
}

/** The first view's first page, asked before the app's code ran (main.tsx), for its traversal to take. */
export interface EarlyPage {
  connectionId: string;
  lang: Language;
  size: number;
  requestId: string;
  page: Promise<RequestOutputs['data.listPage']>;
  /** Lets it go: nobody will show it. */
  cancel: () => void;
}

/**
 * Asks for the first view's first page as soon as the session, the settings and the desk say
 * which it is: the first view, of the session's connection, from its top. Nothing otherwise (a
 * desk elsewhere, or on another connection, is read once the app has restored it).
 */
export function askFirstPage(
  api: AppApi,
  session: SessionStatus,
  settings: { language: Language; pageSize: number },
  kept: RequestOutputs['desk.get'],
): EarlyPage | undefined {
  const connectionId = session.connection?.id;
  if (!connectionId || (kept && kept.desk.connectionId !== connectionId) || !showsFirstView(kept?.desk))
    return undefined;
  const requestId = 'first-page';
  const { language: lang, pageSize: size } = settings;
  const page = call(api, 'data.listPage', {
    view: FIRST_VIEW,
    size,
    lang,
    priority: 'interactive',
    requestId,
  });
  // Taken by the traversal, which says what a failure means; until then, no unhandled rejection.
  page.catch(() => undefined);
  const cancel = () => void api.invoke('data.cancel', { requestId });
  return { connectionId, lang, size, requestId, page, cancel };
}

import { installApi, type Installed } from './api';
import { call } from './api/call';
import { warmFormats } from './i18n/intl';
import { withShownLanguage } from './i18n/shown-language';
import { askFirstPage } from './rows/first-page';
import type { Started } from './start-app';
// The styles, one sheet per folder it styles, in this order: the shared pieces first, the narrow
// windows' rules last, since they override the rest at equal weight.
import './ui/ui.css';
import './shell/shell.css';
import './finder/finder.css';
import './table/table.css';
import './table/record-panel/record-panel.css';
import './table/columns/columns.css';
import './screens/screens.css';
import './customer/customer.css';
import './connections/connections.css';
import './keyboard/keyboard.css';
import './exports/exports.css';
import './saved-views/saved-views.css';
import './shell/narrow-windows.css';

// The window's first moments (docs/architecture.md, "The first screen"): this module is small, and
// asks for the session, the desk and the settings at once, then the first page they name; the
// app's code (start-app.tsx, most of the script) is fetched and run meanwhile.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = import('./start-app');
const installed = await installApi();
/** How the page got in, with its first requests sent when it did. */
function sendFirstRequests(installed: Installed): Started {
  if (!('api' in installed)) return installed;
  const { api, deskKey } = installed;
  const session = call(api, 'connection.status', {});
  const desk = call(api, 'desk.get', { key: deskKey });
  const settings = call(api, 'settings.get', {}).then(withShownLanguage);
  // The first page follows as soon as they say which it is, whether the app's code has run or not.
  const page = Promise.all([session, settings, desk]).then(([status, chosen, kept]) =>
    askFirstPage(api, status, chosen, kept),
  );
  // Each answer is awaited when the app starts: until then a failure is no unhandled rejection.
  for (const answer of [session, desk, settings, page] as Promise<unknown>[]) answer.catch(() => undefined);
  return { ...installed, first: { session, desk, settings, page } };
}
const started = sendFirstRequests(installed);
// The first formatter of a page waits for the browser's locale data: loaded while the answers come.
warmFormats();
const { startApp } = await app;
await startApp(root, started);

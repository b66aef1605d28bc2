import { installApi } from './api';
import { call } from './api/call';
import { warmFormats } from './i18n/intl';
import type { Started } from './start-app';
import './styles.css';

// The window's first moments (docs/architecture.md, "The first screen"): this module is small, and
// asks for the session, the desk and the settings at once; the app's code (start-app.tsx, most of
// the script) is fetched and run meanwhile, which takes longer than their answers.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = import('./start-app');
const installed = await installApi();
const started: Started =
  'api' in installed
    ? {
        ...installed,
        first: {
          session: call(installed.api, 'session.status', {}),
          desk: call(installed.api, 'desk.get', { key: installed.deskKey }),
          settings: call(installed.api, 'settings.get', {}),
        },
      }
    : installed;
// Each answer is awaited when the app starts: until then a failure is no unhandled rejection.
if ('first' in started) {
  const { session, desk, settings } = started.first;
  for (const answer of [session, desk, settings] as Promise<unknown>[]) answer.catch(() => undefined);
}
// The first formatter of a page waits for the browser's locale data: loaded while the answers come.
warmFormats();
const { startApp } = await app;
await startApp(root, started);

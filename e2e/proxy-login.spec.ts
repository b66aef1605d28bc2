import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import type { ProxyChallenge } from '../electron/shared/contract/connection-requests.js';
import { EVENTS_PATH, sseEvent } from '../electron/shared/contract/wire.js';
import { startHostProcess, type HostProcess } from './host-process.js';

// The proxy login dialog in real Chromium. Only the desktop app meets a proxy that asks (Electron
// main's `login` event, answered by core: electron/main/network.test.ts, proxy-logins.test.ts); here
// the host's event stream carries one proxy.login event, as main would send it, and the page's
// answers to the real host are read off the wire.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
});

/** Opens the app with one proxy.login event on its first event stream (the later ones are the host's). */
async function openAsked(page: Page, challenge: ProxyChallenge) {
  let streams = 0;
  await page.route(`**${EVENTS_PATH}`, (route) =>
    streams++ === 0
      ? route.fulfill({ contentType: 'text/event-stream', body: sseEvent('proxy.login', challenge) })
      : route.continue(),
  );
  await page.goto(await host.address());
  return page.getByRole('dialog');
}

/** The next connection.proxyAnswer the page sends, as sent. */
const nextAnswer = (page: Page) =>
  page
    .waitForRequest((request) => request.url().endsWith('/api/connection.proxyAnswer'))
    .then((request) => request.postDataJSON() as unknown);

test('asks for the proxy’s login in English, keeps it when asked to, and is clean for axe', async ({
  page,
}) => {
  const dialog = await openAsked(page, { host: 'proxy.office', port: 3128, realm: 'Office', refused: false });
  await expect(dialog).toHaveAccessibleName('The proxy asks for a login');
  await expect(dialog).toContainText('The office proxy proxy.office:3128 asks for your login');
  await expect(dialog).toContainText('It calls itself “Office”.');
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  // No user name: said at the field, nothing sent.
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your user name for the proxy.');
  await dialog.getByLabel('User name').fill('agent');
  await dialog.getByLabel('Password').fill('p4ss');
  await dialog.getByLabel('Keep this login in the system keychain for this proxy').check();
  const answer = nextAnswer(page);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  expect(await answer).toEqual({
    host: 'proxy.office',
    port: 3128,
    login: { username: 'agent', password: 'p4ss', remember: true },
  });
  await expect(dialog).toBeHidden();
});

test('in French, says the last login was refused; Esc answers with no login', async ({ page }) => {
  await host.call('settings.set', { language: 'fr' });
  try {
    const dialog = await openAsked(page, { host: 'proxy.office', port: 8080, realm: '', refused: true });
    await expect(dialog).toHaveAccessibleName('Le proxy demande une identification');
    await expect(dialog.getByRole('alert')).toContainText('Le proxy a refusé l’identifiant précédent');
    await expect(dialog.getByLabel('Nom d’utilisateur')).toBeFocused();
    const answer = nextAnswer(page);
    await page.keyboard.press('Escape');
    expect(await answer).toEqual({ host: 'proxy.office', port: 8080 });
    await expect(dialog).toBeHidden();
  } finally {
    await host.call('settings.set', { language: 'en' });
  }
});

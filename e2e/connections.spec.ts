import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeTestCa } from '../electron/core/testing/test-ca.js';
import { startCdb, type CdbProcess } from './cdb-process.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { chooseLanguage } from './app-page.js';

// Connections as a support person sets one up: another API (a Demo API of its own process), a
// wrong secret first, then the right one. The secret never comes back to the page.
let host: HostProcess;
let remote: CdbProcess;
let connection: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string };

test.beforeAll(async () => {
  remote = await startCdb(['serve-demo', '--customers', '50', '--contacts', '20', '--agreements', '30']);
  connection = JSON.parse(remote.firstLine) as typeof connection;
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
  remote.child.kill('SIGINT');
  await once(remote.child, 'exit');
});

const form = (page: Page) => page.getByRole('form', { name: /^(Connections|Connexions)$/ });

/** The connection form filled as a person types it (English labels); `baseUrl` as typed, a last slash and all. */
async function fillConnection(
  page: Page,
  fields: { name: string; baseUrl: string; authUrl: string; clientId: string; secret: string },
): Promise<void> {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('API address (base URL)').fill(fields.baseUrl);
  await page.getByLabel('Authentication address (auth URL)').fill(fields.authUrl);
  await page.getByLabel('Client ID').fill(fields.clientId);
  await page.getByLabel('Client secret').fill(fields.secret);
}

test('adds a connection: a wrong secret is "credentials rejected", the right one works and is never shown', async ({
  page,
}) => {
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  await fillConnection(page, {
    name: 'Remote',
    baseUrl: connection.baseUrl,
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret: 'not-the-secret',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Saved.');
  await page.getByRole('button', { name: 'Test' }).click();
  // The app's sentence says what to do; the server's own words follow, quoted.
  await expect(form(page).getByRole('alert')).toHaveText(
    'Credentials rejected: check the client ID and the secret. The server said: “client authentication failed: wrong client_id or client_secret”',
  );

  await page.getByLabel('Client secret').fill(connection.clientSecret);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByLabel('Client secret')).toHaveAttribute(
    'placeholder',
    'Saved: type a new one to replace it',
  );
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(form(page).getByRole('status')).toHaveText(
    /^It works: the API lists 50 customers\. Direct \(the API is on this computer, never through a proxy\): token endpoint \d+ ms, API \d+ ms\.$/,
  );
  expect(await page.content()).not.toContain(connection.clientSecret);

  await page.getByRole('button', { name: 'Use this connection' }).click();
  await expect(page.getByTestId('connection')).toHaveText('Connection: Remote');
  await expect(page.getByTestId('row-position')).toContainText('of 50');
});

test('saved, tested and used, a connection leaves nothing "typed" behind: the next list opens without asking to discard, and stays when the choice answers late', async ({
  page,
}) => {
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  // As typed: a last slash the app leaves out when it saves, and no audience.
  await fillConnection(page, {
    name: 'Kept as typed',
    baseUrl: `${connection.baseUrl}/`,
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret: connection.clientSecret,
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Saved.');
  await expect(page.getByLabel('API address (base URL)')).toHaveValue(connection.baseUrl);
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(form(page).getByRole('status')).toHaveText(/^It works/);
  // A busy machine: the choice answers late, and the person has gone to a list meanwhile. The late
  // answer leaves them there (it went "back" from the list to an empty form).
  let answered!: () => void;
  const late = new Promise<void>((resolve) => (answered = resolve));
  await page.route('**/api/connection.select', async (route) => {
    await late;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Use this connection' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  await expect(page.getByRole('grid', { name: 'Contacts' })).toBeVisible();
  answered();
  await expect(page.getByTestId('connection')).toHaveText('Connection: Kept as typed');
  await expect(page.getByRole('grid', { name: 'Contacts' }).getByTestId('row').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Connections' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Discard what you typed?' })).toHaveCount(0);
  await host.call('connection.select', { id: 'demo' });
});

test('a new connection is tested before it is saved; each mistake is shown by its field, and stays', async ({
  page,
}) => {
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  // Nothing chosen yet: Use and Delete cannot be used, and look it.
  for (const name of ['Use this connection', 'Delete']) {
    const button = page.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveCSS('cursor', 'not-allowed');
    await expect(button).toHaveCSS('opacity', '0.45');
  }
  // The list shows "New connection", each saved one, then the Demo's note. Counted from the app, not
  // from the list: the list may not have its profiles yet when the panel opens.
  const saved = (await host.call('connection.list', {})).length + 2;
  await expect(page.locator('.connection-list li')).toHaveCount(saved);

  await page.getByRole('button', { name: 'Test' }).click();
  const alerts = form(page).getByRole('alert');
  await expect(alerts).toHaveText([
    'Name: is required',
    'API address (base URL): must be a full address starting with https:// (plain http:// only to this computer: localhost, 127.0.0.1)',
    'Authentication address (auth URL): must be a full address starting with https:// (plain http:// only to this computer: localhost, 127.0.0.1)',
    'Client ID: is required',
    'Client secret: is required',
  ]);
  // Each message belongs to its field (screen readers read it with the field).
  await expect(page.getByLabel('Client ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Client ID')).toHaveAccessibleDescription('Client ID: is required');
  // Lasting: still there a while later, not a passing bubble.
  await page.waitForTimeout(1_000);
  await expect(alerts).toHaveCount(5);

  await fillConnection(page, {
    name: 'Tried first',
    baseUrl: connection.baseUrl,
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    secret: connection.clientSecret,
  });
  await page.getByRole('button', { name: 'Test' }).click();
  // The token may be the one an earlier test of these credentials got: the route says which.
  await expect(form(page).getByRole('status')).toHaveText(
    /^It works: the API lists 50 customers\. Direct \(the API is on this computer, never through a proxy\): (token endpoint \d+ ms|token already held), API \d+ ms\.$/,
  );
  await expect(alerts).toHaveCount(0);
  // Tried, not saved.
  await expect(page.locator('.connection-list li')).toHaveCount(saved);
  expect(
    (await host.call('connection.list', {})).map((profile: { name: string }) => profile.name),
  ).not.toContain('Tried first');
});

test('refuses a plain http address that is not this machine, naming the field', async ({ page }) => {
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  await fillConnection(page, {
    name: 'Unsafe',
    baseUrl: 'http://api.example.com',
    authUrl: 'https://auth.example.com',
    clientId: 'c',
    secret: 's',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(
    'API address (base URL): must be a full address starting with https:// (plain http:// only to this computer: localhost, 127.0.0.1)',
  );
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form(page).getByRole('alert')).toContainText(
    'Adresse de l’API (base URL) : doit être une adresse complète',
  );
});

test('an address on a port fetch refuses (9) is refused by its field in French, before any token is asked for', async ({
  page,
}) => {
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('button', { name: 'Connexions…' }).click();
  const tokens = await page.getByTestId('token').textContent();
  await page.getByLabel('Nom').fill('Port refusé');
  await page.getByLabel('Adresse de l’API (base URL)').fill('http://127.0.0.1:9');
  await page.getByLabel('Adresse d’authentification (auth URL)').fill('http://127.0.0.1:9/oauth/token');
  await page.getByLabel('Identifiant client', { exact: true }).fill('c');
  await page.getByLabel('Secret client', { exact: true }).fill('s');
  for (const button of ['Tester', 'Enregistrer']) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(form(page).getByRole('alert')).toHaveText([
      /^Adresse de l’API \(base URL\)\u00a0: utilise le port 9, que les navigateurs et Node refusent de joindre/u,
      /^Adresse d’authentification \(auth URL\)\u00a0: utilise le port 9/u,
    ]);
  }
  await expect(page.getByTestId('token')).toHaveText(tokens ?? '');
  await chooseLanguage(page, 'EN');
});

test('moving a saved connection to another address asks for its secret again, and says why', async ({
  page,
}) => {
  await host.call('settings.set', { language: 'en' });
  await host.call('connection.save', {
    profile: {
      name: 'Movable',
      baseUrl: connection.baseUrl,
      authUrl: connection.authUrl,
      clientId: connection.clientId,
    },
    secret: connection.clientSecret,
  });
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  await page.getByRole('button', { name: 'Movable' }).click();
  const secret = page.getByLabel('Client secret');
  await expect(secret).toHaveAttribute('aria-required', 'false');
  await page.getByLabel('API address (base URL)').fill('https://elsewhere.example.com');
  await expect(secret).toHaveAttribute('aria-required', 'true');
  await expect(secret).toHaveAccessibleDescription(
    /type the secret again\. A secret is only sent to the address it was entered for/,
  );
  // The app refuses it too, whatever the page does.
  const profiles = (await host.call('connection.list', {})) as { id: string; name: string }[];
  const movable = profiles.find((profile) => profile.name === 'Movable');
  await expect(
    host.call('connection.save', {
      id: movable?.id,
      profile: {
        name: 'Movable',
        baseUrl: 'https://elsewhere.example.com',
        authUrl: connection.authUrl,
        clientId: connection.clientId,
      },
    }),
  ).rejects.toThrow(/type its client secret again/);
  // Saving without it says so by the field.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('Client secret: is required');
  await page.getByLabel('API address (base URL)').fill(connection.baseUrl);
  await expect(secret).toHaveAttribute('aria-required', 'false');
});

test('a table that cannot load says so across its whole width, in the language shown, with Retry', async ({
  page,
}) => {
  // A connection whose token endpoint is not there (nothing listens on port 39).
  const down = await host.call('connection.save', {
    profile: {
      name: 'Down',
      baseUrl: 'http://127.0.0.1:39',
      authUrl: 'http://127.0.0.1:39/oauth/token',
      clientId: 'nobody',
      apiPrefix: '/v1',
      schemaPath: '/v1/schemas',
      requestsPerSecond: 20,
      burst: 35,
    },
    secret: 'not-used',
  });
  await host.call('connection.select', { id: down.id });
  await page.goto(await host.address());
  const alert = page.getByRole('alert').filter({ hasText: 'cannot reach' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  // Every line of it on screen: nothing cut, nothing scrolled away.
  const fits = await alert.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth &&
      element.scrollHeight <= element.clientHeight &&
      element.getBoundingClientRect().right <= element.ownerDocument.documentElement.clientWidth,
  );
  expect(fits).toBe(true);
  // What happened and what to do in the app's words; the specifics (the address) after them.
  await expect(alert).toContainText(
    "The rows could not be loaded. The server could not be reached: check the connection's address",
  );
  // The specifics, in the app's technical English, behind a disclosure.
  await expect(alert).not.toContainText('cannot reach the token endpoint', { useInnerText: true });
  await alert.getByText('Technical details').click();
  await expect(alert).toContainText('cannot reach the token endpoint at http://127.0.0.1:39');
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const enFrancais = page.getByRole('alert').filter({ hasText: 'Le serveur est injoignable' });
  await expect(enFrancais).toContainText('Les lignes n’ont pas pu être chargées.');
  await expect(enFrancais.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  // The status bar's token says it in French too, not in the app's technical English.
  await expect(page.getByTestId('token-state')).toHaveText(
    /^Jeton\u00a0: Le serveur est injoignable\u00a0: vérifiez l’adresse/u,
  );
  await chooseLanguage(page, 'EN');
  await host.call('connection.select', { id: 'demo' });
});

test('a connection keeps the company root chosen in its form, says so, and lets it go', async ({ page }) => {
  // The test before may leave French on (its last click back to English can be cut short by its end).
  await host.call('settings.set', { language: 'en' });
  const caDir = await mkdtemp(join(tmpdir(), 'cdb-e2e-ca-'));
  const ca = makeTestCa(caDir);
  const root = await readFile(ca.caFile, 'utf8');
  const saved = (await host.call('connection.save', {
    profile: {
      name: 'Office',
      baseUrl: 'https://api.office.example',
      authUrl: 'https://auth.office.example',
      clientId: 'desk',
    },
    secret: 'office-secret',
  })) as { id: string };
  await page.goto(await host.address());
  await page.getByRole('button', { name: 'Connections…' }).click();
  await page.getByRole('button', { name: 'Office', exact: true }).click();
  await form(page).getByText('Advanced').click();
  const field = page.getByLabel('Company root certificate (PEM file)');
  await expect(form(page)).toContainText('None: the system’s certificates are trusted.');
  // A file that is not a certificate: refused at the field, nothing kept.
  await field.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('our root is on the intranet'),
  });
  await expect(form(page).getByRole('alert')).toHaveText(
    '“notes.txt” holds no certificate in PEM form (a text file starting with -----BEGIN CERTIFICATE-----): ask IT for the company’s root in PEM.',
  );
  await field.setInputFiles(ca.caFile);
  await expect(form(page)).toContainText(
    'Kept with this connection (1 certificate), trusted for its API and token endpoint only.',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Saved.');
  const kept = async () =>
    ((await host.call('connection.list', {})) as { id: string; caCertificates?: string }[]).find(
      (profile) => profile.id === saved.id,
    )?.caCertificates;
  // The certificates only, as the file holds them (what surrounds them is not kept).
  expect(await kept()).toBe(root.trim());
  await form(page).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Saved.');
  expect(await kept()).toBeUndefined();
  await host.call('connection.delete', { id: saved.id });
  await rm(caDir, { recursive: true, force: true });
});

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MarkedCustomer } from '../electron/shared/marked-customers.js';
import { halfSent } from '../electron/host/testing/half-sent.js';
import { EVENTS_PATH, SESSION_HEADER } from '../electron/shared/contract/wire.js';
import { axeViolations } from './axe.js';
import { ownDemo } from './own-demo.js';
import { openApp } from './app-page.js';
import { shoot } from './shoot.js';

// The agent's own customers (docs/decisions/0018-marked-customers.md): a favourite marked with its
// key and a customer opened lately are offered by name after the host restarts on the same data
// folder (the finder's empty field, the command box), and the data folder holds neither their names
// nor their ids in clear.
const own = ownDemo({ customers: 60, contacts: 120, agreements: 150 }, 'Marks API');
test.describe.configure({ timeout: 90_000 });

const FAVOURITE = 'CUS-00000002';
const RECENT = 'CUS-00000003';
const nameOf = (customerId: string) => {
  const name = own.demo.store.customer(customerId)?.name;
  if (!name) throw new Error(`the Demo has no ${customerId}`);
  return name;
};

/** The name the host keeps for the recent `customerId` (none while it has not learnt it). */
async function keptName(customerId: string): Promise<string | undefined> {
  const { recents } = (await own.host.call('marks.get', {})) as { recents: MarkedCustomer[] };
  return recents.find((recent) => recent.customerId === customerId)?.name;
}

/** Opens `customerId` by its id in the top bar's field, and waits for its page to name it. */
async function openById(page: Page, customerId: string) {
  await page.getByLabel('Open customer').fill(customerId);
  await page.getByLabel('Open customer').press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(nameOf(customerId));
}

test('a favourite and a recent customer are offered by name after a restart, and kept only sealed', async ({
  page,
}, testInfo) => {
  await openApp(page, own.host);
  await openById(page, FAVOURITE);
  const star = page.getByRole('button', { name: 'Favourite', exact: true });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+d');
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Added to favourites.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await openById(page, RECENT);
  // Opened by its id, the recent is kept at once without its name; the name follows in a second
  // request once its page has read the record. That is what the restart needs kept, so that is
  // waited for: not the first request, nor the file's first write (the favourite's).
  await expect.poll(() => keptName(RECENT)).toBe(nameOf(RECENT));

  const file = join(own.host.dataDir, 'marked-customers.json');
  await expect.poll(() => readFile(file, 'utf8').catch(() => '')).toMatch(/aes-256-gcm:/);
  const text = await readFile(file, 'utf8');
  for (const clear of [FAVOURITE, RECENT, nameOf(FAVOURITE), nameOf(RECENT)])
    expect(text).not.toContain(clear);
  // Nor any other file of the data folder (the desks, the settings, the lists held for search).
  for (const name of await readdir(own.host.dataDir, { recursive: true })) {
    const path = join(own.host.dataDir, name);
    // A write under way (the recent's city learnt as its page reads its record) leaves a file only
    // while it lasts: one gone before it is read held nothing to read.
    if (!(await stat(path).catch(() => undefined))?.isFile()) continue;
    const bytes = await readFile(path, 'utf8').catch(() => '');
    for (const clear of [nameOf(FAVOURITE), nameOf(RECENT)]) expect(bytes, name).not.toContain(clear);
  }

  own.host = await own.host.restart();
  await openApp(page, own.host, { rows: false });
  // The empty field: the favourite first, marked, then the recent, both by name.
  const field = page.getByLabel('Open customer');
  await field.fill('');
  await field.click();
  const options = page.getByRole('listbox', { name: 'Customers found' }).getByRole('option');
  await expect(options.first()).toContainText(`${nameOf(FAVOURITE)}`);
  await expect(options.first()).toContainText('Favourite');
  await expect(options.nth(1)).toContainText(nameOf(RECENT));
  await shoot(page, testInfo.outputPath('offered.png'), 'favourites-offered');
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(nameOf(FAVOURITE));
  await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The command box finds the recent by a word of its name.
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Commands' });
  await box.getByRole('combobox', { name: 'Command to run' }).fill(nameOf(RECENT).split(' ')[0] ?? '');
  await expect(box.getByRole('option').first()).toContainText(`Open customer ${nameOf(RECENT)} (${RECENT})`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(nameOf(RECENT));

  // Removed from the favourites with its key: it is no longer offered as one.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(nameOf(FAVOURITE));
  await page.keyboard.press('Control+d');
  await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('the favourites dialog opens, orders, sorts and removes them, from the top bar and the command box', async ({
  page,
}, testInfo) => {
  await openApp(page, own.host);
  const ids = ['CUS-00000004', 'CUS-00000005', 'CUS-00000006'];
  for (const id of ids) {
    await openById(page, id);
    await page.keyboard.press('Control+d');
    await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  // Under the finder's list of favourites and recents (the field empty).
  await page.getByLabel('Open customer').fill('');
  await page.getByLabel('Open customer').click();
  await page.getByRole('button', { name: 'Favourites…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Favourites' });
  const items = dialog.getByRole('listitem');
  const named = (id: string) => `${nameOf(id)} · ${id}`;
  const order = () =>
    items.evaluateAll((rows) => rows.map((row) => row.querySelector('button')?.textContent));
  await expect.poll(order).toEqual(ids.map(named));
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo.outputPath('favourites.png'), 'favourites');

  await dialog.getByRole('button', { name: `Move ${named(ids[2] ?? '')} up` }).click();
  await expect.poll(order).toEqual([ids[0], ids[2], ids[1]].map((id) => named(id ?? '')));
  await dialog.getByRole('button', { name: 'Sort by name' }).click();
  const byName = [...ids].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en', { sensitivity: 'base' }));
  await expect.poll(order).toEqual(byName.map(named));
  await dialog.getByRole('button', { name: `Remove ${named(byName[0] ?? '')} from favourites` }).click();
  await expect.poll(order).toEqual(byName.slice(1).map(named));
  await expect(dialog.getByRole('status')).toHaveText('Removed from favourites.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // From the command box, and a favourite opened from the dialog.
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Commands' });
  await box.getByRole('combobox', { name: 'Command to run' }).fill('favourites');
  await expect(box.getByRole('option').first()).toContainText('Favourites (open, order, remove)');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: named(byName[1] ?? ''), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(nameOf(byName[1] ?? ''));
});

test('a customer opened as the host stops is kept: the stop answers the requests it has received', async () => {
  const { origin, session } = own.host;
  // The event stream ends first when the host stops: the sign that its stop has begun.
  const events = await fetch(`${origin}${EVENTS_PATH}`, { headers: { [SESSION_HEADER]: session } });
  const stopBegun = events.body?.pipeTo(new WritableStream()).catch(() => undefined);
  const opened = 'CUS-00000010';
  const body = JSON.stringify({ customer: { customerId: opened, name: nameOf(opened) } });
  const request = await halfSent(origin, session, 'marks.opened', body);
  // The host has the request and asked for its body; it is told to stop, and the body comes after.
  own.host.interrupt();
  await stopBegun;
  request.socket.write(body);
  await request.closed;
  expect(request.answer()).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"ok":true/);

  own.host = await own.host.restart();
  expect(await keptName(opened)).toBe(nameOf(opened));
});

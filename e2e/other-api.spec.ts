import { expect, test, type Page } from '@playwright/test';
import { startOtherApi, type OtherApi } from '../electron/core/testing/other-api.js';
import { cutCells } from './grid.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS } from './app-page.js';

// The app on APIs that are not our Demo (our Demo agrees with our client by construction; real APIs will not):
// a schema whose types are only `number` and `string` (dates arrive as ISO strings typed `string`),
// a schema in another shape (a map of resource to a map of key to label), and no schema listing at
// all. Each is a server of the test's own on 127.0.0.1 (testing/other-api.ts), reached
// through the browser host as a connection a user saved.

const CUSTOMERS = Array.from({ length: 30 }, (_, index) => ({
  id: `K-${String(index + 1).padStart(3, '0')}`,
  name: `Client ${index + 1}`,
  // A date-time and a calendar day, both typed "string" (or not typed at all).
  createdAt: new Date(Date.UTC(2020, index % 12, 1 + index, 9, 30)).toISOString(),
  signedOn: `20${String(18 + (index % 6))}-0${1 + (index % 9)}-1${index % 10}`,
  seats: 1_000 + index * 250,
  address: { city: index % 2 ? 'Lyon' : 'Nantes', zip: '69001' },
}));

const LABELS = {
  en: {
    id: 'Customer no.',
    name: 'Company',
    createdAt: 'Created on',
    signedOn: 'Signed on',
    seats: 'Seats',
    address: 'Address',
  },
  fr: {
    id: 'N° client',
    name: 'Société',
    createdAt: 'Créé le',
    signedOn: 'Signé le',
    seats: 'Postes',
    address: 'Adresse',
  },
} as const;
const TYPES = {
  id: 'string',
  name: 'string',
  createdAt: 'string',
  signedOn: 'string',
  seats: 'number',
  address: 'string',
};

const language = (asked: string) => (asked.startsWith('fr') ? 'fr' : 'en');
const SERVERS = {
  'a schema typed only number and string': (asked: string) => ({
    status: 'success',
    data: [
      {
        resource: 'customers',
        fields: Object.entries(LABELS[language(asked)]).map(([key, label]) => ({
          key,
          label,
          type: TYPES[key as keyof typeof TYPES],
        })),
      },
    ],
  }),
  'a schema shaped as maps of key to label': (asked: string) => ({
    schemas: { customers: LABELS[language(asked)] },
  }),
  'no schema listing at all': undefined,
} as const;

let host: HostProcess;
const servers = new Map<string, OtherApi>();
test.beforeAll(async () => {
  host = await startHostProcess();
  for (const [name, schemas] of Object.entries(SERVERS))
    servers.set(name, await startOtherApi({ recordsOf: { customers: CUSTOMERS }, schemas }));
});
test.afterAll(async () => {
  await host.stop();
  await Promise.all([...servers.values()].map((server) => server.close()));
});
// Date-times are shown in the machine's time zone: the test fixes it to compute the same text.
test.use({ timezoneId: 'UTC' });

const formats = (lang: 'en' | 'fr') => {
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  return {
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    number: new Intl.NumberFormat(locale),
  };
};

/** The texts of column `label` in the rows on screen. */
async function columnTexts(page: Page, label: string): Promise<string[]> {
  const grid = page.getByRole('grid');
  const index = await grid
    .getByRole('columnheader')
    .evaluateAll(
      (headers, wanted) => headers.findIndex((header) => header.getAttribute('aria-label') === wanted),
      label,
    );
  // No such column (yet: labels change with the language): no texts, and the poll asks again.
  if (index < 0) return [];
  return grid
    .getByTestId('row')
    .evaluateAll(
      (rows, column) =>
        rows.map((row) => row.querySelectorAll('[role="gridcell"]')[column]?.textContent ?? ''),
      index,
    );
}

for (const [name, schemas] of Object.entries(SERVERS)) {
  test(`${name}: dates shown as dates in both languages, a date filter that works, labels as the API gives them`, async ({
    page,
  }) => {
    const server = servers.get(name) as OtherApi;
    await host.call('settings.set', { language: 'en' });
    const saved = await host.call('connection.save', {
      profile: {
        name,
        baseUrl: server.url,
        authUrl: server.url,
        clientId: server.clientId,
        apiPrefix: '/v1',
        schemaPath: '/v1/schemas',
        requestsPerSecond: 20,
        burst: 35,
      },
      secret: server.clientSecret,
    });
    await host.call('connection.select', { id: saved.id });
    await page.setViewportSize({ width: 1_600, height: 900 });
    await page.goto(await host.address());
    await expect(page.getByTestId('row-position')).toHaveText(/^Rows 1–\d+ of 30$/, {
      timeout: FIRST_SCREEN_WAIT_MS,
    });

    for (const lang of ['en', 'fr'] as const) {
      if (lang === 'fr') await page.getByRole('button', { name: 'FR', exact: true }).click();
      // Labels as the API gives them in the language asked; keys where it gives none.
      const label = (key: keyof (typeof LABELS)['en']) => (schemas ? LABELS[lang][key] : key);
      const format = formats(lang);
      await expect
        .poll(async () => (await columnTexts(page, label('createdAt'))).slice(0, 10))
        .toEqual(
          CUSTOMERS.slice(0, 10).map((customer) => format.dateTime.format(new Date(customer.createdAt))),
        );
      const days = await columnTexts(page, label('signedOn'));
      expect(days.slice(0, 10)).toEqual(
        CUSTOMERS.slice(0, 10).map((customer) =>
          format.day.format(new Date(`${customer.signedOn}T00:00:00Z`)),
        ),
      );
      const seats = await columnTexts(page, label('seats'));
      expect(seats.slice(0, 5)).toEqual(
        CUSTOMERS.slice(0, 5).map((customer) => format.number.format(customer.seats)),
      );
      const addresses = await columnTexts(page, label('address'));
      expect(addresses[0]).toBe('city: Nantes, zip: 69001');
      // Fitted to the values as shown (formatted dates are wider than their label).
      expect(await cutCells(page.getByRole('grid'))).toEqual([]);
    }

    // A date filter on a date typed "string": every row from 2021-01-01 on, and only those.
    await chooseLanguage(page, 'EN');
    const signedOn = schemas ? LABELS.en.signedOn : 'signedOn';
    const editor = page.getByRole('form', { name: /^Add a filter to/ });
    await editor.getByLabel('Column').selectOption({ label: signedOn });
    await editor.getByLabel('Condition').selectOption({ label: 'from' });
    await expect(editor.getByLabel('Value')).toHaveAttribute('type', 'date');
    await editor.getByLabel('Value').fill('2021-01-01');
    await editor.getByRole('button', { name: 'Apply' }).click();
    const expected = CUSTOMERS.filter((customer) => customer.signedOn >= '2021-01-01');
    await expect.poll(() => page.getByTestId('row').count()).toBe(expected.length);
    expect(await columnTexts(page, schemas ? LABELS.en.id : 'id')).toEqual(
      expected.map((customer) => customer.id),
    );
    await host.call('connection.select', { id: 'demo' });
  });
}

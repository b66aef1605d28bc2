import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { demoConnectionSchema, type DemoConnection } from '../electron/shared/demo-connection.js';
import { runCdb, startCdb, type CdbProcess } from './cdb-process.js';

// `cdb serve-demo` as its own process: what an administrator, a test or the app's Demo connection
// runs. Checked over real HTTP with Playwright's request client.
let demo: CdbProcess;
let connection: DemoConnection;

test.beforeAll(async () => {
  demo = await startCdb(['serve-demo', '--seed', '4', '--customers', '120', '--agreements', '600']);
  connection = JSON.parse(demo.firstLine) as DemoConnection;
});

test.afterAll(async () => {
  if (demo.child.exitCode === null) {
    demo.child.kill('SIGINT');
    await once(demo.child, 'exit');
  }
});

test('prints the connection as one JSON object on its first line', () => {
  expect(demoConnectionSchema.safeParse(connection).success).toBe(true);
  expect(Object.keys(connection).sort()).toEqual([
    'audience',
    'authUrl',
    'baseUrl',
    'clientId',
    'clientSecret',
  ]);
  expect(connection.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('serves the API: token, cursor pages in French, schemas', async ({ playwright }) => {
  const http = await playwright.request.newContext();
  const granted = await http.post(`${connection.authUrl}/oauth/token`, {
    data: {
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      audience: connection.audience,
      grant_type: 'client_credentials',
    },
  });
  expect(granted.status()).toBe(200);
  const { access_token: token } = (await granted.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'fr' };

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const page = await http.get(`${connection.baseUrl}/v1/agreements?size=250&sort=mrr.desc${query}`, {
      headers,
    });
    expect(page.status()).toBe(200);
    const body = (await page.json()) as {
      data: { id: string; statusLabel: string | null }[];
      metadata: { pagination: { nextCursor: string | null } };
    };
    seen.push(...body.data.map((record) => record.id));
    cursor = body.metadata.pagination.nextCursor;
  } while (cursor);
  expect(seen).toHaveLength(600);
  expect(new Set(seen).size).toBe(600);

  const schemas = await http.get(`${connection.baseUrl}/v1/schemas`, { headers });
  expect(JSON.stringify(await schemas.json())).toContain('Date de début');
  await http.dispose();
});

test('stops cleanly on Ctrl+C', async () => {
  demo.child.kill('SIGINT');
  const [code] = await once(demo.child, 'exit');
  expect(code).toBe(0);
  expect(demo.stderr()).toContain('Demo API stopped');
});

test('refuses an unknown flag or a bad value, naming it', async () => {
  const unknown = await runCdb(['serve-demo', '--colour', 'blue']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("'--colour'");
  const bad = await runCdb(['serve-demo', '--customers', 'many']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--customers must be a whole number');
});

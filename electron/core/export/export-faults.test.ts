import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportProgress, ExportView } from '../../shared/export.js';
import { AGREEMENTS, exportKit } from '../testing/export-kit.js';
import { AuditLog } from './audit-log.js';
import { runExport } from './run-export.js';

// An export's safety (the file's mode, no data in the audit log, cancel) and its faults: whatever
// happens, the complete file at the target or nothing (a previous file there kept).
const kit = exportKit();
const { apiRecords, filesIn, exportAgreements, expectComplete } = kit;

describe('safety', () => {
  it('creates the file readable by the user only, leaves no temporary file, and logs the export without data', async () => {
    const auditLog = new AuditLog(join(kit.dir, 'audit', 'exports.log'));
    const target = join(kit.dir, 'customers.xlsx');
    const view: ExportView = {
      resource: 'customers',
      lang: 'en',
      filter: [{ field: 'name', op: 'contains', value: 'Dupont' }],
    };
    const result = await runExport(
      kit.engine.client,
      { profile: 'Demo', view, options: { format: 'xlsx' }, target },
      { auditLog },
    );
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await filesIn()).toEqual(['audit', 'customers.xlsx']);
    const [entry] = await auditLog.recent(5);
    expect(entry).toMatchObject({
      profile: 'Demo',
      view: { resource: 'customers', lang: 'en', filter: [{ field: 'name', op: 'contains' }] },
      format: 'xlsx',
      rows: result.rows,
      path: target,
      outcome: 'completed',
    });
    const logText = await readFile(auditLog.path, 'utf8');
    expect(logText).not.toContain('Dupont');
  });
});

describe('faults leave the complete file or nothing', () => {
  it('cancelled mid-way: nothing at the target, no temporary file, and an earlier file untouched', async () => {
    const target = join(kit.dir, 'agreements.csv');
    await writeFile(target, 'the previous export\r\n');
    const controller = new AbortController();
    kit.engine.demo.faults.delayNext(20, 30);
    const run = exportAgreements(target, controller.signal, (progress) => {
      if (progress.pages >= 2) controller.abort();
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readFile(target, 'utf8')).toBe('the previous export\r\n');
    expect(await filesIn()).toEqual(['agreements.csv']);
  });

  it('through a token expiry mid-export: the complete file, after one renewal', async () => {
    const target = join(kit.dir, 'renewed.csv');
    // The token has been accepted for agreements before it ends (else its refusal says "not
    // permitted", not "ended": api-client.ts).
    await apiRecords(AGREEMENTS);
    const before = kit.engine.demo.counters.tokenRequests;
    kit.engine.demo.faults.revokeTokens(3);
    await exportAgreements(target);
    await expectComplete(target);
    expect(kit.engine.demo.counters.tokenRequests).toBe(before + 1);
  });

  it('after one invalid cursor: restarted once, the complete file with no row twice', async () => {
    const target = join(kit.dir, 'restarted.csv');
    const seen: ExportProgress[] = [];
    const invalidCursor = {
      status: 400,
      body: JSON.stringify({ status: 'error', message: 'invalid cursor' }),
    };
    kit.engine.demo.faults.failNext(1, invalidCursor, 4);
    await exportAgreements(target, undefined, (progress) => seen.push(progress));
    await expectComplete(target);
    expect(seen.at(-1)?.restarted).toBe(true);
  });

  it('after a second invalid cursor: fails cleanly, nothing at the target', async () => {
    const target = join(kit.dir, 'failed.csv');
    // A cursor page refused, then again after the restart.
    kit.engine.demo.faults.failNext(1, { status: 400 }, 3);
    kit.engine.demo.faults.failNext(1, { status: 400 }, 3);
    await expect(exportAgreements(target)).rejects.toMatchObject({ code: 'invalid-cursor' });
    expect(await filesIn()).toEqual([]);
  });

  it.each([
    [
      'a folder that does not exist',
      () => join(kit.dir, 'missing', 'x.csv'),
      /^the folder .*missing does not exist: create it, or export to another one$/,
    ],
    ['a place nobody may write, root included', () => '/proc/cdb-export.csv', /ENOENT|EACCES|EROFS/],
  ])('to %s: fails before fetching anything', async (_kind, target, message) => {
    const requests = kit.engine.demo.counters.apiRequests;
    await expect(exportAgreements(target())).rejects.toThrow(message);
    expect(kit.engine.demo.counters.apiRequests - requests).toBeLessThanOrEqual(1);
  });

  it('with a filter that cannot apply: fails naming the field, nothing written', async () => {
    const target = join(kit.dir, 'bad.csv');
    const view: ExportView = { ...AGREEMENTS, filter: [{ field: 'mrr', op: 'gt', value: 'lots' }] };
    await expect(
      runExport(kit.engine.client, { profile: 'Demo', view, options: { format: 'csv' }, target }),
    ).rejects.toThrow(/^mrr: "lots" is not a number/);
    await expect(
      runExport(kit.engine.client, {
        profile: 'Demo',
        view: { ...AGREEMENTS, columns: ['mrr', 'nope'] },
        options: { format: 'csv' },
        target,
      }),
    ).rejects.toThrow(/columns: "nope" is not a field of agreements/);
    await expect(
      runExport(kit.engine.client, {
        profile: 'Demo',
        view: { ...AGREEMENTS, filter: [{ field: 'stauts', op: 'eq', value: 'active' }] },
        options: { format: 'csv' },
        target,
      }),
    ).rejects.toThrow(/^stauts: not a field of agreements/);
    expect(await filesIn()).toEqual([]);
  });
});

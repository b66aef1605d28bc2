import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The layering of docs/architecture.md is a lint rule; this checks the rule itself bites, so a
// config change cannot quietly switch it off.
// The probes are not files of a TypeScript project, so type-aware rules are off for them.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layering lint rules', () => {
  it.each([
    ['electron/core/probe.ts', "import { app } from 'electron';"],
    ['electron/shared/probe.ts', "import { app } from 'electron';"],
    ['electron/shared/probe.ts', "import { readFile } from 'node:fs/promises';"],
    ['electron/shared/probe.ts', "import { startDemoApi } from '../demo-api/index.js';"],
    ['electron/core/probe.ts', "import { startDemoApi } from '../demo-api/index.js';"],
    ['electron/core/service/probe.ts', "import { startDemoApi } from '../../demo-api/index.js';"],
    ['electron/demo-api/probe.ts', "import { ApiClient } from '../core/api-client.js';"],
    ['electron/main/probe.ts', "import { startDemoApi } from '../demo-api/testing/faults.js';"],
    ['electron/host/probe.ts', "import { startDemoApi } from '../demo-api/testing/faults.js';"],
    ['electron/core/service/probe.ts', "import { wire } from '../testing/wired.js';"],
    ['electron/demo-api/probe.ts', "import { testApi } from './testing/test-api.js';"],
    ['renderer/src/table/probe.ts', "import { fakeApi } from '../testing/fake-api';"],
    ['electron/cli/probe.ts', "import { app } from 'electron';"],
    ['electron/core/probe.ts', "import { runCli } from '../cli/index.js';"],
    ['renderer/src/probe.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/src/probe.ts', "import { readFile } from 'fs';"],
    ['renderer/src/probe.ts', "import { join } from 'node:path';"],
    ['renderer/src/probe.ts', "import { startDemoApi } from '../../electron/demo-api/index.js';"],
    ['renderer/src/table/probe.ts', "import { Traversal } from '../rows/traversal';"],
    ['renderer/src/table/probe.ts', "import { RESOURCES } from '../../../electron/shared/api-rules';"],
    ['renderer/src/data/probe.test.ts', "import { trim } from '../rows/view-cache';"],
  ])('%s may not %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\n`)).toHaveLength(1);
  });

  it.each([
    ['electron/core/probe.ts', "import { RESOURCES } from '../shared/api-rules.js';"],
    ['electron/cli/probe.ts', "import { startDemoApi } from '../demo-api/index.js';"],
    ['electron/core/probe.test.ts', "import { startDemoApi } from '../demo-api/index.js';"],
    ['electron/host/probe.test.ts', "import { startDemoApi } from '../demo-api/testing/faults.js';"],
    ['electron/core/testing/probe.ts', "import { startDemoApi } from '../../demo-api/testing/faults.js';"],
    ['electron/core/service/probe.test.ts', "import { wire } from '../testing/wired.js';"],
    ['renderer/src/table/probe.test.ts', "import { fakeApi } from '../testing/fake-api';"],
    ['electron/demo-api/probe.ts', "import { RESOURCES } from '../shared/api-rules.js';"],
    ['electron/main/probe.ts', "import { app } from 'electron';"],
    ['renderer/src/probe.ts', "import { RESOURCES } from '@shared/api-rules';"],
    ['renderer/src/table/probe.ts', "import { traversalOf } from '../rows';"],
    ['renderer/src/rows/probe.ts', "import { Traversal } from './traversal';"],
  ])('%s may %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\n`)).toEqual([]);
  });
});

describe('the inner order of core and the renderer (scripts/layers.mjs)', () => {
  const layering = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'local/layering');
  };

  it.each([
    // Up a floor.
    ['renderer/src/ui/probe.tsx', "import { DataTable } from '../table/DataTable';"],
    ['renderer/src/rows/probe.ts', "import { useSession } from '../data/queries';"],
    ['renderer/src/data/probe.ts', "export { Header } from '../shell/Header';"],
    ['renderer/src/i18n/probe.ts', "const ui = import('../ui/format');"],
    ['electron/core/store/probe.ts', "import type { Vault } from '../auth/vault.js';"],
    ['electron/core/auth/probe.ts', "import { ApiClient } from '../api/api-client.js';"],
    ['electron/core/search/probe.ts', "import { toErrorPayload } from '../service/error-payload.js';"],
    // The ground of core is its root; the top of the renderer is its root.
    ['electron/core/probe.ts', "import { ApiClient } from './api/api-client.js';"],
    ['renderer/src/ui/probe.ts', "import { App } from '../App';"],
    // On the same floor: neither may import the other.
    ['electron/core/search/probe.ts', "import { runExport } from '../export/run-export.js';"],
    ['renderer/src/finder/probe.ts', "import { DataTable } from '../table/DataTable';"],
    // Inside an area's room that is an area itself: core/search and the renderer's table.
    ['electron/core/search/columns/probe.ts', "import { HeldLists } from '../lists/held-lists.js';"],
    ['electron/core/search/lists/probe.ts', "import { compileSearch } from '../list-query.js';"],
    ['renderer/src/table/columns/probe.ts', "import type { RowFrame } from '../grid/row-layer';"],
    ['renderer/src/table/view/probe.ts', "import { useDataTable } from '../useDataTable';"],
    [
      'renderer/src/table/find/probe.ts',
      "import { ColumnValuesDialog } from '../values/ColumnValuesDialog';",
    ],
    // A folder the table does not place, either way.
    ['renderer/src/newroom/probe.ts', "import { formatValue } from '../ui/format';"],
    ['renderer/src/table/probe.ts', "import { thing } from '../newroom/thing';"],
  ])('%s may not %s', async (filePath, code) => {
    expect(await layering(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['renderer/src/table/probe.ts', "import { formatValue } from '../ui/format';"],
    ['renderer/src/App.probe.tsx', "import { ListView } from './screens/ListView';"],
    ['renderer/src/table/probe.ts', "import { traversalOf } from '../rows';"],
    ['renderer/src/table/probe.ts', "import { sortingOf } from './sorting';"],
    ['electron/core/service/probe.ts', "import { ApiError } from '../errors.js';"],
    ['electron/core/api/probe.ts', "import { httpCall } from '../net/http.js';"],
    ['electron/core/rate/probe.ts', "import { thisProcess } from '../store/process-owner.js';"],
    ['electron/core/search/lists/probe.ts', "import { HeldRows } from '../columns/held-rows.js';"],
    ['electron/core/search/columns/probe.ts', "import { UNTRUSTED_OPEN } from '../../store/small-file.js';"],
    ['renderer/src/table/grid/probe.ts', "import type { DrawnColumn } from '../columns/column-shapes';"],
    // Tests and test helpers stand beside the order.
    ['electron/core/store/probe.test.ts', "import { openTestCore } from '../testing/app-calls.js';"],
    ['renderer/src/ui/probe.test.ts', "import { DataTable } from '../table/DataTable';"],
  ])('%s may %s', async (filePath, code) => {
    expect(await layering(filePath, code)).toEqual([]);
  });
});

describe('IPC only through the contract wrappers', () => {
  const messages = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((message) => message.ruleId);
  };

  it('bans raw ipcMain / ipcRenderer and webContents.send outside them', async () => {
    expect(await messages('electron/main/probe.ts', "import { ipcMain } from 'electron';\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await messages('electron/main/probe.ts', 'declare const w: any;\nw.webContents.send("x");\n'),
    ).toContain('no-restricted-syntax');
    expect(await messages('electron/main/ipc.ts', "import { ipcMain } from 'electron';\n")).not.toContain(
      'no-restricted-imports',
    );
    expect(
      await messages('electron/main/ipc.ts', 'declare const w: any;\nw.webContents.send("x");\n'),
    ).not.toContain('no-restricted-syntax');
  });
});

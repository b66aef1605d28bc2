import { lstat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * A path in `folder` for `fileName` that names neither an existing file nor an export under way
 * (`taken`), and reserves it there: `name.csv`, else `name (2).csv`, `name (3).csv`… An export in
 * the app never replaces a file silently; two exports of the same view at once get two files.
 */
export async function freeTarget(folder: string, fileName: string, taken: Set<string>): Promise<string> {
  const extension = extname(fileName);
  const stem = fileName.slice(0, fileName.length - extension.length);
  for (let copy = 1; ; copy++) {
    const path = join(folder, copy === 1 ? fileName : `${stem} (${copy})${extension}`);
    if (taken.has(path)) continue;
    const exists = await lstat(path).then(
      () => true,
      () => false,
    );
    // Checked again after the await, and reserved with no await between: a concurrent call moves on.
    if (!exists && !taken.has(path)) {
      taken.add(path);
      return path;
    }
  }
}

import { readFile } from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import { PEM_CERTIFICATE_BEGIN } from '../shared/profile.js';
import { UsageError } from './args.js';

/**
 * The PEM text of a `--ca-file`: a company's root, refused before anything is saved or sent when the
 * file cannot be read or holds no certificate Node can read.
 */
export async function caFileOf(path: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--ca-file: cannot read "${path}" (${error.code ?? error.message})`);
  });
  if (!text.includes(PEM_CERTIFICATE_BEGIN)) {
    throw new UsageError(`--ca-file: "${path}" holds no certificate (PEM, ${PEM_CERTIFICATE_BEGIN})`);
  }
  try {
    new X509Certificate(text);
  } catch {
    throw new UsageError(`--ca-file: "${path}" holds a damaged certificate (it cannot be read as PEM)`);
  }
  return text;
}

import { readFile } from 'node:fs/promises';
import { certificateBlocksOf, holdsPrivateKey, PEM_CERTIFICATE_BEGIN } from '../shared/profile.js';
import { companyRootProblem } from '../core/net/company-roots.js';
import { UsageError } from './args.js';

/**
 * The certificates of a `--ca-file`: a company's root, refused before anything is saved or sent when
 * the file cannot be read, holds a private key (a "combined PEM": the key is never kept), holds no
 * certificate Node can read, or one that is not an authority's. Only the certificate blocks are kept.
 */
export async function caFileOf(path: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--ca-file: cannot read "${path}" (${error.code ?? error.message})`);
  });
  if (holdsPrivateKey(text)) {
    throw new UsageError(
      `--ca-file: "${path}" holds a private key: give a file with the company's root certificate only (a key is never kept with a connection)`,
    );
  }
  const pem = certificateBlocksOf(text).join('\n');
  if (!pem) throw new UsageError(`--ca-file: "${path}" holds no certificate (PEM, ${PEM_CERTIFICATE_BEGIN})`);
  const problem = companyRootProblem(pem);
  if (problem) throw new UsageError(`--ca-file: "${path}" ${problem}`);
  return pem;
}

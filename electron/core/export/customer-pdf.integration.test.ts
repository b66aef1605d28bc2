import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../testing/readers.js';
import { tempFolders } from '../testing/temp-folder.js';
import { recordWith } from '../testing/record-content.js';
import { RECORD_ROWS_MAX, writeRecordPdf, type RecordContent } from './customer-pdf.js';
import { RECORD_VALUE_MAX } from './record-text.js';

// A customer's record as PDF, with what an API may hold: a value of tens of thousands of characters
// without a space (a URL, base64, a value written on purpose) and more agreements than pages one
// sends; read back with poppler's pdftotext, a reader users have.
const folder = tempFolders('cdb-record-pdf-');

async function written(content: RecordContent): Promise<string> {
  const path = join(await folder(), 'record.pdf');
  const out = createWriteStream(path);
  await writeRecordPdf(content, out);
  return (await pdfPages(path)).join('\n');
}

describe('a customer’s record as PDF, read back with pdftotext', () => {
  // Before, PDFKit wrapped such a word itself: 8.4 s at 16,000 characters, about a minute and
  // 2.3 GiB at 32,000; at 64,000 this bound was long past.
  it(
    'prints a 64,000-character word cut, over lines that fit, saying how much more there was',
    { timeout: 20_000 },
    async () => {
      const word = Array.from({ length: 64_000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join(
        '',
      );
      const text = (await written(recordWith({ note: word }))).replace(/\s+/g, '');
      expect(text).toContain(word.slice(0, RECORD_VALUE_MAX));
      expect(text).not.toContain(word.slice(0, RECORD_VALUE_MAX + 1));
      expect(text).toContain(`[…cut:${(64_000).toLocaleString('en-GB')}charactersinall]`);
      expect(text).toContain('JeanneMoreau');
    },
  );

  it('says when the customer’s fields were read, when they come from a list held earlier than the rest', async () => {
    const readAt = new Date('2026-12-01T21:08:00Z');
    const text = (
      await written({ ...recordWith(), readAt, fieldsAsOf: new Date('2026-12-01T14:02:00Z') })
    ).replace(/\s+/g, ' ');
    expect(text).toMatch(/The customer’s fields as of 1 December 2026 at \d\d:02, from the list held then/);
    // Read a moment before the rest: nothing to say.
    const fresh = await written({ ...recordWith(), readAt, fieldsAsOf: new Date('2026-12-01T21:07:30Z') });
    expect(fresh).not.toContain('fields as of');
  });

  it(
    'lists the first rows of a customer with more agreements than the record prints, and says so',
    { timeout: 60_000 },
    async () => {
      const agreements = RECORD_ROWS_MAX + 7;
      const text = await written(recordWith({ agreements }));
      expect(text).toContain(`Agreements (${agreements})`);
      expect(text).toContain(`AGR-${RECORD_ROWS_MAX - 1}`);
      expect(text).not.toContain(`AGR-${RECORD_ROWS_MAX}\n`);
      expect(text.replace(/\s+/g, ' ')).toContain(
        `The first ${RECORD_ROWS_MAX.toLocaleString('en-GB')} of ${agreements.toLocaleString('en-GB')} are listed here`,
      );
    },
  );
});

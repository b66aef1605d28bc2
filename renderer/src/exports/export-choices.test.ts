import { describe, expect, it } from 'vitest';
import { exportOptions, fileNameOf, localStamp } from './export-choices';

describe("the export dialog's choices", () => {
  it("writes French Excel's CSV with semicolons, a BOM and decimal commas, the standard one with none", () => {
    expect(exportOptions('csv', 'excelFr')).toEqual({
      format: 'csv',
      delimiter: ';',
      bom: true,
      decimalComma: true,
    });
    expect(exportOptions('csv', 'standard')).toEqual({
      format: 'csv',
      delimiter: ',',
      bom: false,
      decimalComma: false,
    });
  });

  it("names the file as typed, trimmed, with its format's extension, or after its list when nothing is typed", () => {
    expect(fileNameOf('  contrats-mars ', 'agreements', 'xlsx')).toBe('contrats-mars.xlsx');
    expect(fileNameOf('   ', 'contacts', 'jsonl')).toBe('contacts.jsonl');
  });

  it("stamps the name with the computer's own clock, in a file name's characters", () => {
    expect(localStamp(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05-07-03');
  });
});

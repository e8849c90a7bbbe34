import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv';

describe('csv', () => {
  it('quotes a field with a comma, a quote or a line break', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('never lets a text cell start a spreadsheet formula, and keeps negative amounts as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","click")')).toBe(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csvCell('+63917')).toBe("'+63917");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(12n)).toBe('12');
  });

  it('writes empty cells for null and undefined, and CRLF after every row', () => {
    expect(
      csvFile(
        ['a', 'b'],
        [
          [null, undefined],
          ['1', 2],
        ],
      ),
    ).toBe('a,b\r\n,\r\n1,2\r\n');
  });
});

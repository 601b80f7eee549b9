import { describe, expect, it } from 'vitest';
import { formulaEscaped, formulaUnescaped, runsAsFormula } from './csv-formula';

describe('the CSV formula rule', () => {
  it('finds a formula first, after white space, or a tab or CR first', () => {
    for (const cell of ['=1+2', '+1', '-1', '@SUM(A1)', ' =x', '\u00a0\u3000-x', '\tx', '\rx']) {
      expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(true);
    }
    for (const cell of ['', 'a=1', "'=x", 'x-1', '1', ' x', '\nx']) {
      expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(false);
    }
  });

  it('escapes with a quote, and the import reads back exactly what was escaped', () => {
    expect(formulaEscaped('=1+2')).toBe("'=1+2");
    expect(formulaEscaped("'=1+2")).toBe("''=1+2");
    expect(formulaEscaped("'quoted")).toBe("'quoted");
    expect(formulaEscaped('plain')).toBe('plain');
    for (const cell of ['=1', "'=1", "''=1", "'", "'plain", 'plain', ' -x', '\t=x', '']) {
      expect(formulaUnescaped(formulaEscaped(cell)), JSON.stringify(cell)).toBe(cell);
    }
  });
});

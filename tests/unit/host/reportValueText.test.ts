import { describe, expect, it } from 'vitest';
import { formatValue as pdfValue, axisValue } from '../../../src/main/services/reportExport/format';
import { percentNumber, reportValueWriter } from '../../../src/shared/reports/reportValueText';

describe('report values: one rule for screen, PDF and CSV', () => {
  const screen = reportValueWriter('en-US');

  it('writes a rate the way the screen does in the PDF (4.4 %, not 4.45 %)', () => {
    for (const value of [0.0445, 0.04449, 0.0425, 0.45170000000000005, 0.4, 1, 0, 0.12345]) {
      expect(pdfValue(value, 'rate')).toBe(screen.text(value, 'rate'));
      expect(pdfValue(value, 'percent')).toBe(screen.text(value, 'percent'));
    }
    expect(pdfValue(0.04449, 'rate')).toBe('4.4 %');
    expect(pdfValue(0.0445, 'rate')).toBe('4.5 %');
    expect(pdfValue(0.4, 'percent')).toBe('40 %');
  });

  it('rounds the decimal that is written, not its binary neighbour', () => {
    expect(percentNumber(0.45170000000000005)).toBe(45.2);
    expect(percentNumber(0.0445)).toBe(4.5);
    expect(percentNumber(-0.15)).toBe(-15);
    expect(Object.is(percentNumber(-0.0001), 0)).toBe(true);
  });

  it('writes counts exact in tables and compact on axes, and no value as a dash', () => {
    expect(pdfValue(1_234_567, 'count')).toBe('1,234,567');
    expect(pdfValue(12.345, 'count')).toBe('12.3');
    expect(axisValue(1_234_567, 'count')).toBe('1.2M');
    expect(pdfValue(null, 'count')).toBe('—');
    expect(screen.text(Number.NaN, 'percent')).toBe('—');
    expect(pdfValue(Date.UTC(2024, 2, 1, 23), 'date')).toBe('2024-03-01');
  });
});

import { describe, expect, it } from 'vitest';
import { sectionToTable, fileStamp, isBenchReport, type Section } from './report';
import { median, summarize, totalBlockingTime } from './stats';
import { formatDelta, formatNumber, formatRange, formatTable } from './table';

describe('median', () => {
  it('is null for no values', () => expect(median([])).toBeNull());
  it('takes the middle of an odd count, unsorted input', () => expect(median([5, 1, 9, 3, 7])).toBe(5));
  it('averages the middle two of an even count', () => expect(median([4, 1, 3, 2])).toBe(2.5));
  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('skips nulls but keeps them in samples', () => {
    expect(summarize([10, null, 30, 20])).toEqual({
      value: 20,
      min: 10,
      max: 30,
      samples: [10, null, 30, 20],
    });
  });
  it('is all null when no run produced a value', () => {
    expect(summarize([null, null])).toEqual({ value: null, min: null, max: null, samples: [null, null] });
  });
});

describe('totalBlockingTime', () => {
  const tasks = [
    { start: 100, duration: 50 },
    { start: 200, duration: 120 },
    { start: 900, duration: 80 },
  ];
  it('sums the part of each long task over 50 ms', () => expect(totalBlockingTime(tasks)).toBe(70 + 30));
  it('ignores tasks starting at or after the end', () => expect(totalBlockingTime(tasks, 900)).toBe(70));
});

describe('formatTable', () => {
  it('pads columns to the widest cell, right-aligns numbers, trims line ends', () => {
    const text = formatTable(
      [{ header: 'chunk' }, { header: 'gzip B', align: 'right' }, { header: 'note' }],
      [
        ['loader', '2,431', 'OK'],
        ['island: variation-form', '812', ''],
      ],
      { title: 'Sizes', notes: ['a note'] },
    );
    expect(text.split('\n')).toEqual([
      'Sizes',
      'chunk                   gzip B  note',
      '----------------------  ------  ----',
      'loader                   2,431  OK',
      'island: variation-form     812',
      'a note',
    ]);
  });
  it('prints missing cells as empty and counts "–" and "Δ" as one column', () => {
    const text = formatTable([{ header: 'Δ a' }, { header: 'b' }], [['–'], ['xyz', '1']]);
    expect(text.split('\n')).toEqual(['Δ a  b', '---  -', '–', 'xyz  1']);
  });
});

describe('number formatting', () => {
  it('formats ints, KB and ms', () => {
    expect(formatNumber(123456, 'int')).toBe('123,456');
    expect(formatNumber(2560, 'kb')).toBe('2.5');
    expect(formatNumber(12.6, 'ms')).toBe('13');
  });
  it('shows the range only when runs differ', () => {
    expect(formatRange(100, 100, 100, 'ms')).toBe('100');
    expect(formatRange(100, 90, 130, 'ms')).toBe('100 (90–130)');
    expect(formatRange(null, null, null, 'ms')).toBe('–');
  });
  it('signs deltas and says "new" when there is nothing to compare with', () => {
    expect(formatDelta(120, 100, 'int')).toBe('+20');
    expect(formatDelta(1000, 2024, 'kb')).toBe('-1.0');
    expect(formatDelta(100.2, 100, 'ms')).toBe('0');
    expect(formatDelta(5, undefined, 'int')).toBe('new');
    expect(formatDelta(null, 5, 'int')).toBe('–');
  });
});

describe('sectionToTable', () => {
  const section = (gzip: number, extraRow = false): Section => ({
    title: 't',
    columns: [
      { kind: 'key', header: 'chunk' },
      { kind: 'info', field: 'file', header: 'file' },
      { kind: 'metric', metric: 'gzip', header: 'gzip B', format: 'int', delta: true },
      { kind: 'metric', metric: 'ms', header: 'ms', format: 'ms', range: true },
    ],
    rows: [
      {
        key: 'loader',
        info: { file: 'loader-abc.js' },
        metrics: { gzip: { unit: 'bytes', value: gzip }, ms: { unit: 'ms', value: 10, min: 8, max: 12 } },
      },
      ...(extraRow ? [{ key: 'old', metrics: {} }] : []),
    ],
  });

  it('lays out key, info and metric cells without delta columns when there is no previous run', () => {
    expect(sectionToTable(section(2000))).toEqual({
      columns: [
        { header: 'chunk', align: 'left' },
        { header: 'file', align: 'left' },
        { header: 'gzip B', align: 'right' },
        { header: 'ms', align: 'right' },
      ],
      rows: [['loader', 'loader-abc.js', '2,000', '10 (8–12)']],
      notes: [],
    });
  });

  it('adds a Δ column per delta metric and notes rows that are gone', () => {
    const table = sectionToTable(section(2100), section(2000, true));
    expect(table.columns.at(-1)).toEqual({ header: 'Δ gzip B', align: 'right' });
    expect(table.rows).toEqual([['loader', 'loader-abc.js', '2,100', '10 (8–12)', '+100']]);
    expect(table.notes).toEqual(['In the previous run only: old']);
  });
});

describe('report files', () => {
  it('stamps file names without colons', () => {
    expect(fileStamp('2026-11-22T10:15:30.123Z')).toBe('2026-11-22T10-15-30Z');
  });
  it('recognises a report and rejects other JSON', () => {
    expect(isBenchReport({ schema: 1, createdAt: 'x', environment: {}, sections: {} })).toBe(true);
    expect(isBenchReport({ schema: 2, createdAt: 'x', sections: {} })).toBe(false);
    expect(isBenchReport({ schema: 1, createdAt: 'x', sections: { a: { rows: [{ key: 1 }] } } })).toBe(false);
  });
});

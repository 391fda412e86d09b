/**
 * A generic fixed-width table printer: column headers plus rows of already formatted cells.
 * Every benchmark section (chunk sizes, page timings, future algorithm benchmarks) prints through it.
 */

export type Align = 'left' | 'right';

export interface Column {
  header: string;
  /** Numbers read best right-aligned; defaults to left. */
  align?: Align;
}

export interface TableOptions {
  /** Printed above the table. */
  title?: string;
  /** Printed under the table, one per line. */
  notes?: readonly string[];
  /** Spaces between columns (default 2). */
  gap?: number;
}

/** Width in terminal cells; counts code points, which is right for the ASCII, "–" and "Δ" we print. */
export function displayWidth(text: string): number {
  return [...text].length;
}

export function pad(text: string, width: number, align: Align = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Renders the table as lines joined by "\n" (no trailing newline). Missing cells print empty. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): string {
  const gap = ' '.repeat(options.gap ?? 2);
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? ''))),
  );
  const line = (cells: readonly string[]): string =>
    columns
      .map((column, i) => pad(cells[i] ?? '', widths[i]!, column.align))
      .join(gap)
      .trimEnd();

  const out: string[] = [];
  if (options.title) out.push(options.title);
  out.push(line(columns.map((c) => c.header)));
  out.push(widths.map((w) => '-'.repeat(w)).join(gap));
  for (const row of rows) out.push(line(row));
  for (const note of options.notes ?? []) out.push(note);
  return out.join('\n');
}

/** How a numeric cell is written. Headers carry the unit, so cells are bare numbers. */
export type CellFormat = 'int' | 'kb' | 'ms';

/** 12345 -> "12,345" (int); 12345 -> "12.1" (kb, KB = 1024 bytes, one decimal); 12.6 -> "13" (ms). */
export function formatNumber(value: number, format: CellFormat): string {
  switch (format) {
    case 'int':
      return Math.round(value).toLocaleString('en-US');
    case 'kb':
      return (value / 1024).toFixed(1);
    case 'ms':
      return Math.round(value).toLocaleString('en-US');
  }
}

/** A value with its range when the runs differ: "12.1 (11.9–12.6)"; "–" for no value. */
export function formatRange(
  value: number | null,
  min: number | null | undefined,
  max: number | null | undefined,
  format: CellFormat,
): string {
  if (value === null) return '–';
  const main = formatNumber(value, format);
  if (min === null || min === undefined || max === null || max === undefined) return main;
  const lo = formatNumber(min, format);
  const hi = formatNumber(max, format);
  return lo === hi && lo === main ? main : `${main} (${lo}–${hi})`;
}

/** A signed change: "+120", "-0.4", "0"; "new" when there was nothing to compare with. */
export function formatDelta(
  current: number | null,
  previous: number | null | undefined,
  format: CellFormat,
): string {
  if (current === null) return '–';
  if (previous === null || previous === undefined) return 'new';
  const text = formatNumber(Math.abs(current - previous), format);
  if (/^[0.,]+$/.test(text)) return '0';
  return (current > previous ? '+' : '-') + text;
}

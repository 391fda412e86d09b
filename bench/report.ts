/**
 * The benchmark report: what `bench/results/*.json` holds, how a section prints as a table, and how it
 * compares with the previous run. A section is self-describing (its columns say how to print it), so a
 * new benchmark (e.g. variation matching at 30 / 1,000 / 10,000 variations) only adds a section.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDelta, formatRange, type Align, type CellFormat, type Column } from './table';

export type MetricUnit = 'bytes' | 'ms' | 'count';

/** One measured number. For repeated runs `value` is the median and min/max/samples the spread. */
export interface Metric {
  unit: MetricUnit;
  value: number | null;
  min?: number | null;
  max?: number | null;
  samples?: (number | null)[];
}

export interface SectionRow {
  /** Stable across builds and runs (no content hashes): rows are matched by it for the delta. */
  key: string;
  /** Descriptive text cells (file name, budget status…). */
  info?: Record<string, string>;
  metrics: Record<string, Metric>;
  /** Anything else worth keeping in the JSON (per-run details, script lists…). */
  details?: unknown;
}

export type SectionColumn =
  | { kind: 'key'; header: string }
  | { kind: 'info'; field: string; header: string; align?: Align }
  | {
      kind: 'metric';
      metric: string;
      header: string;
      format: CellFormat;
      /** Print "median (min–max)" when the runs differ. */
      range?: boolean;
      /** Add a "Δ <header>" column when a previous report has this section. */
      delta?: boolean;
    };

export interface Section {
  title: string;
  columns: SectionColumn[];
  rows: SectionRow[];
  /** Printed under the table: what is measured and how. */
  notes?: string[];
}

export interface BenchReport {
  schema: 1;
  createdAt: string;
  environment: Record<string, string | number | boolean | null>;
  sections: Record<string, Section>;
}

export interface TableData {
  columns: Column[];
  rows: string[][];
  notes: string[];
}

/** Lays a section out as table columns and cells, with delta columns against `previous` if given. */
export function sectionToTable(section: Section, previous?: Section): TableData {
  const previousRows = new Map((previous?.rows ?? []).map((row) => [row.key, row]));
  const deltaColumns = previous
    ? section.columns.filter(
        (c): c is Extract<SectionColumn, { kind: 'metric' }> => c.kind === 'metric' && !!c.delta,
      )
    : [];

  const columns: Column[] = [
    ...section.columns.map((c): Column => ({
      header: c.header,
      align: c.kind === 'metric' ? 'right' : c.kind === 'info' ? (c.align ?? 'left') : 'left',
    })),
    ...deltaColumns.map((c): Column => ({ header: `Δ ${c.header}`, align: 'right' })),
  ];

  const rows = section.rows.map((row) => {
    const cells = section.columns.map((c) => {
      if (c.kind === 'key') return row.key;
      if (c.kind === 'info') return row.info?.[c.field] ?? '';
      const metric = row.metrics[c.metric];
      if (!metric) return '–';
      return c.range
        ? formatRange(metric.value, metric.min, metric.max, c.format)
        : formatRange(metric.value, undefined, undefined, c.format);
    });
    const deltas = deltaColumns.map((c) => {
      const before = previousRows.get(row.key)?.metrics[c.metric];
      return formatDelta(row.metrics[c.metric]?.value ?? null, before?.value, c.format);
    });
    return [...cells, ...deltas];
  });

  const notes = [...(section.notes ?? [])];
  if (previous) {
    const keys = new Set(section.rows.map((row) => row.key));
    const gone = previous.rows.filter((row) => !keys.has(row.key)).map((row) => row.key);
    if (gone.length > 0) notes.push(`In the previous run only: ${gone.join(', ')}`);
  }
  return { columns, rows, notes };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts a parsed JSON value as a report if its outer shape matches (sections with row arrays). */
export function isBenchReport(value: unknown): value is BenchReport {
  if (!isRecord(value) || value.schema !== 1 || typeof value.createdAt !== 'string') return false;
  const sections = value.sections;
  if (!isRecord(sections)) return false;
  return Object.values(sections).every(
    (s) =>
      isRecord(s) &&
      Array.isArray(s.rows) &&
      s.rows.every((r) => isRecord(r) && typeof r.key === 'string' && isRecord(r.metrics)),
  );
}

/** The previous report, or null when there is none; an unreadable one is reported and ignored. */
export function readPreviousReport(path: string): BenchReport | null {
  if (!existsSync(path)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (isBenchReport(parsed)) return parsed;
    console.warn(`bench: ignoring ${path}: not a schema-1 bench report`);
  } catch (error) {
    console.warn(`bench: ignoring ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return null;
}

/** "2026-11-22T10:15:30.123Z" -> "2026-11-22T10-15-30Z" (no ':' so the name works on every file system). */
export function fileStamp(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** Writes `bench-<stamp>.json` and `latest.json` into `dir`; returns the dated file's path. */
export function writeReport(dir: string, report: BenchReport): string {
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const path = join(dir, `bench-${fileStamp(report.createdAt)}.json`);
  writeFileSync(path, json);
  writeFileSync(join(dir, 'latest.json'), json);
  return path;
}

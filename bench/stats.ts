/** Small statistics helpers for the benchmark (pure, unit-tested in table.test.ts). */

/** Median of the values (mean of the middle two for an even count); null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Summary {
  /** The median of the non-null samples, or null when there are none. */
  value: number | null;
  min: number | null;
  max: number | null;
  /** Every run's value, in run order; null where a run produced no value. */
  samples: (number | null)[];
}

/** Median, min and max of the runs that produced a value (nulls are skipped, but kept in `samples`). */
export function summarize(samples: readonly (number | null)[]): Summary {
  const present = samples.filter((v): v is number => v !== null && Number.isFinite(v));
  return {
    value: median(present),
    min: present.length > 0 ? Math.min(...present) : null,
    max: present.length > 0 ? Math.max(...present) : null,
    samples: [...samples],
  };
}

/**
 * Total blocking time: the sum of (duration − 50 ms) over the long tasks that started before `endMs`
 * (all times in ms since navigation start). Tasks of 50 ms or less block nothing.
 */
export function totalBlockingTime(
  longTasks: readonly { start: number; duration: number }[],
  endMs: number = Number.POSITIVE_INFINITY,
): number {
  return longTasks
    .filter((task) => task.start < endMs)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

/**
 * The sale badge's rules (storefront.md §3 "Sale badge data", §4 "Variation selection"): which text
 * it shows for the chosen variation. No React, no DOM, no fetch.
 */
import type { SalePricesResponse } from '../../src/contract/variation';

/** Variation id (as a string, the JSON key) → the server's label, e.g. "-25%". */
export type Percents = Readonly<Record<string, string>>;

/** The labels of a `shoptimizer_get_sale_prices` answer: PHP prints an empty map as `[]`. */
export function percentsOf(response: SalePricesResponse): Percents {
  const { percents } = response;
  if (Array.isArray(percents)) return {};
  const labels: Record<string, string> = {};
  for (const [id, label] of Object.entries(percents)) {
    if (label.trim() !== '') labels[id] = label;
  }
  return labels;
}

/** A variation id as the badge keys it: a positive integer (number or digits), else null. */
export function variationKey(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d*$/.test(text) ? text : null;
}

export interface BadgeState {
  /** The percents once loaded; null while loading, and for good when the request failed. */
  percents: Percents | null;
  /** The chosen variation (found_variation), null when none is (reset_data). */
  chosen: string | null;
}

export interface BadgeView {
  text: string;
  /** Hidden keeps its room (visibility), so nothing moves. */
  hidden: boolean;
}

/**
 * What the badge shows:
 * - no variation chosen, the percents not (yet) known, or their request failed: the server's badge;
 * - a chosen variation with a label: its label ("-25%");
 * - a chosen variation without one: hidden. Shoptimizer shows a percent only for a variation on sale
 *   and hides its badge for the others; a "Sale!" over a variation at full price would mislead.
 */
export function badgeView({ percents, chosen }: BadgeState, serverLabel: string): BadgeView {
  if (chosen === null || percents === null) return { text: serverLabel, hidden: false };
  const label = percents[chosen];
  return label === undefined ? { text: serverLabel, hidden: true } : { text: label, hidden: false };
}

/**
 * The quantity stepper's rules (storefront.md §5 "Quantity steppers"), for QuantityInput and the
 * islands drawing it: pure functions over the input's attributes and its current text. No React,
 * no DOM.
 *
 * - A value below the input's min is raised to min on load.
 * - The plus button (and ArrowUp) caps at max.
 * - The minus button (and ArrowDown) floors at min, and does not go below 0 when there is no min.
 * - The step defaults to 1 when it is 'any', empty or invalid.
 * A field the shopper left empty or filled with something that is not a number counts as the floor
 * (min, or 0) when a button is pressed.
 */

/** The bounds as given by the server: numbers, or strings as HTML attributes carry them. */
export interface QuantityBounds {
  /** The input's `min`; null, '' or not a number: no min. */
  min?: number | string | null;
  /** The input's `max`; null, '' or not a number: no max (WooCommerce prints `max=""`). */
  max?: number | string | null;
  /** The input's `step`; 'any', '', not a number or not positive: 1. */
  step?: number | string | null;
}

/** Bounds read once: numbers or null, step always a positive number. */
export interface Limits {
  min: number | null;
  max: number | null;
  step: number;
}

/** A finite number from a number or an attribute-like string; null for '', 'any', 'abc', NaN… */
export function parseNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  // Number('') is 0 and Number('0x10') is 16: only plain decimal notation counts.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The step: 1 when it is 'any', empty, invalid, zero or negative. */
export function parseStep(step: number | string | null | undefined): number {
  const n = parseNumber(step);
  return n !== null && n > 0 ? n : 1;
}

export function limitsOf(bounds: QuantityBounds): Limits {
  const min = parseNumber(bounds.min);
  let max = parseNumber(bounds.max);
  // A max below the min (a server mistake) cannot be honoured: the min wins.
  if (min !== null && max !== null && max < min) max = min;
  return { min, max, step: parseStep(bounds.step) };
}

/** The lowest value the minus button reaches: min, or 0 when there is no min. */
export const floorOf = (limits: Limits): number => limits.min ?? 0;

/** Decimal places of a number (`0.25` → 2), so that 0.1 + 0.2 steps print as 0.3. */
function decimals(n: number): number {
  const [, fraction = '', exponent] = /^-?\d*\.?(\d*)(?:e([+-]\d+))?$/i.exec(String(n)) ?? [];
  return Math.max(0, fraction.length - Number(exponent ?? 0));
}

function round(value: number, limits: Limits): number {
  const places = Math.max(decimals(limits.step), limits.min === null ? 0 : decimals(limits.min));
  return Number(value.toFixed(Math.min(places, 10)));
}

/** The current text as a number, or null when it is empty or not a number. */
export const parseQuantity = (text: string): number | null => parseNumber(text);

/** The number a button starts from: the value, or the floor when the field holds no number. */
const startOf = (text: string, limits: Limits): number => parseQuantity(text) ?? floorOf(limits);

/**
 * The value to show when the island mounts: a value below min becomes min. A value that is not a
 * number is left for the shopper to see (the server validates what is posted); so is one above max.
 */
export function initialQuantity(value: number | string, bounds: QuantityBounds): string {
  const limits = limitsOf(bounds);
  const text = String(value);
  const n = parseQuantity(text);
  if (n !== null && limits.min !== null && n < limits.min) return String(limits.min);
  return n === null ? text.trim() : String(n);
}

/** What the plus button makes of `text`: one step up, capped at max (and never below the floor). */
export function increase(text: string, bounds: QuantityBounds): string {
  const limits = limitsOf(bounds);
  let next = round(startOf(text, limits) + limits.step, limits);
  if (limits.max !== null) next = Math.min(next, limits.max);
  return String(Math.max(next, floorOf(limits)));
}

/** What the minus button makes of `text`: one step down, floored at min (or 0), capped at max. */
export function decrease(text: string, bounds: QuantityBounds): string {
  const limits = limitsOf(bounds);
  let next = Math.max(round(startOf(text, limits) - limits.step, limits), floorOf(limits));
  if (limits.max !== null) next = Math.min(next, limits.max);
  return String(next);
}

/** Whether the plus button would change anything (false at or above max). */
export function canIncrease(text: string, bounds: QuantityBounds): boolean {
  const limits = limitsOf(bounds);
  const n = parseQuantity(text);
  return n === null || limits.max === null || n < limits.max;
}

/** Whether the minus button would change anything (false at or below the floor). */
export function canDecrease(text: string, bounds: QuantityBounds): boolean {
  const n = parseQuantity(text);
  return n === null || n > floorOf(limitsOf(bounds));
}

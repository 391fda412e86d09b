/**
 * Test helper for the widgets' `schema.test.ts`: props as PHP prints them (src/contract/props.ts).
 * Not imported by any island.
 */
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { describeIssue } from './issue';
import { unwrapPhp } from './props';

/** What `wp_json_encode()` prints for "nothing". */
export const PHP_EMPTIES: readonly unknown[] = [null, false, []];

interface ObjectSchema {
  _zod: { def: { shape?: Record<string, z.core.$ZodType> } };
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
}

function shapeOf(schema: ObjectSchema): Record<string, z.core.$ZodType> {
  const shape = schema._zod.def.shape;
  if (!shape) throw new Error('not an object schema');
  return shape;
}

/** The schema's top-level props that may be left out (a default, or `z.optional`). */
export function optionalProps(schema: ObjectSchema): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => ['default', 'optional'].includes(unwrapPhp(field)._zod.def.type))
    .map(([key]) => key);
}

/** The schema's top-level props that must be given. */
export function requiredProps(schema: ObjectSchema): string[] {
  const optional = optionalProps(schema);
  return Object.keys(shapeOf(schema)).filter((key) => !optional.includes(key));
}

function parsed(schema: ObjectSchema, props: unknown): unknown {
  const result = schema.safeParse(props);
  if (!result.success) {
    const { field, problem } = describeIssue(result.error);
    throw new Error(`refused: ${field} ${problem} (${JSON.stringify(props)})`);
  }
  return result.data;
}

/**
 * Every optional prop that `props` leaves out, given as `null`, `false` and `[]` (one at a time, then
 * all at once), parses to what `props` parses to; except the values `takenAsIs` lists for a prop (a
 * boolean's `false`, a nullable prop's `null`), which the prop keeps.
 */
export function expectPhpEmptiesAbsent(
  schema: ObjectSchema,
  props: Record<string, unknown>,
  takenAsIs: Record<string, readonly unknown[]> = {},
): void {
  const expected = parsed(schema, props);
  const keys = optionalProps(schema).filter((key) => !(key in props));
  expect(keys.length).toBeGreaterThan(0);
  for (const empty of PHP_EMPTIES) {
    const all: Record<string, unknown> = { ...props };
    for (const key of keys) {
      const kept = takenAsIs[key]?.some((value) => JSON.stringify(value) === JSON.stringify(empty));
      const data = parsed(schema, { ...props, [key]: empty }) as Record<string, unknown>;
      if (kept) {
        expect(data[key], `${key}: ${JSON.stringify(empty)} kept`).toEqual(empty);
      } else {
        expect(data, `${key}: ${JSON.stringify(empty)} as absent`).toEqual(expected);
        all[key] = empty;
      }
    }
    expect(parsed(schema, all), `all optional props ${JSON.stringify(empty)}`).toEqual(expected);
  }
}

/**
 * Each required prop left out, or given as `null`, `false` or `[]`, is refused, naming that prop;
 * except the values `takenAsIs` lists for a prop (the variation form's `variations: false`).
 */
export function expectRequiredStillRequired(
  schema: ObjectSchema,
  props: Record<string, unknown>,
  takenAsIs: Record<string, readonly unknown[]> = {},
): void {
  for (const key of requiredProps(schema)) {
    for (const value of [undefined, ...PHP_EMPTIES]) {
      if (takenAsIs[key]?.some((taken) => JSON.stringify(taken) === JSON.stringify(value))) continue;
      const result = schema.safeParse({ ...props, [key]: value });
      expect(result.success, `${key}: ${JSON.stringify(value)} refused`).toBe(false);
      if (!result.success) expect(describeIssue(result.error).field.split('.')[0]).toBe(key);
    }
  }
}

/**
 * Building blocks of the widgets' props schemas (`widgets/<name>/schema.ts`): props as PHP prints
 * them, and HTML props.
 *
 * Props as PHP prints them (issue #12). A theme or the plugin builds an island's props as a PHP array
 * and prints them with `wp_json_encode()`, which gives:
 * - `null` for a value that is not there (an unset variable, `get_post_meta()` of nothing);
 * - `false` for "no", and for what many WordPress functions return when there is nothing
 *   (`wp_get_attachment_image_srcset()`, `get_option()`, `wp_get_attachment_image_src()`);
 * - `[]` for every empty array, empty maps included (`array()` has no JSON object form);
 * - numbers as strings now and then (`get_price()` is `"12.50"`, a meta or an option is `"3"`).
 *
 * Each prop of a widget's schema is wrapped in one of the two helpers below, so these values mean
 * what PHP meant by them. Values that are invalid still fail (the island is not mounted, its
 * fallback stays and the runtime's one console error names the field).
 */
import * as z from 'zod/mini';

/** A decimal number as PHP prints one in a string: "3", "-1", "12.50" (no exponent, no leading 0s). */
const NUMERIC = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

const isEmptyArray = (value: unknown): value is never[] => Array.isArray(value) && value.length === 0;

/** Whether a prop's value is absent as PHP prints absence: left out, `null`, `false` or `[]`. */
export const isAbsentFromPhp = (value: unknown): boolean =>
  value === undefined || value === null || value === false || isEmptyArray(value);

const takes = (schema: z.core.SomeType, value: unknown): boolean =>
  z.safeParse(schema as z.core.$ZodType, value).success;

/**
 * A prop that accepts what PHP prints. Its type is the wrapped schema's (input, output, optionality):
 * TypeScript callers (the demo store, stories, tests) keep writing props the strict way; what PHP
 * prints is accepted at run time.
 */
export type FromPhp<T extends z.core.SomeType> = z.ZodMiniType<
  z.output<T>,
  z.input<T>,
  z.core.$ZodTypeInternals<z.output<T>, z.input<T>> & {
    optin: T['_zod']['optin'];
    optout: T['_zod']['optout'];
  }
>;

/** What PHP's value is, read for `schema`; `optional`: whether PHP's "nothing" means the prop is absent. */
function fromPhpValue(schema: z.core.SomeType, value: unknown, optional: boolean): unknown {
  if (value === null || value === false || isEmptyArray(value)) {
    // A value the prop takes as it is (a nullable prop's null, a boolean's false) stays what it is.
    if (takes(schema, value)) return value;
    if (optional) return undefined;
    return isEmptyArray(value) && takes(schema, {}) ? {} : value;
  }
  if (typeof value === 'string' && NUMERIC.test(value)) {
    const number = Number(value);
    if (!takes(schema, value) && takes(schema, number)) return number;
  }
  return value;
}

/**
 * An optional prop (one with a default, or `z.optional`) as PHP prints it: `null`, `false` and `[]`
 * mean the prop is absent (its default applies), unless the prop takes that value as it is (a
 * boolean's `false`, a nullable prop's `null`); a number printed as a string ("3") is that number.
 */
export function optionalFromPhp<T extends z.core.SomeType>(schema: T): FromPhp<T> {
  // The transform is optional-in, so an absent key still reaches `schema` (which gives the default).
  return z.pipe(
    z.transform((value: unknown) => fromPhpValue(schema, value, true)),
    schema as unknown as z.core.$ZodType<z.output<T>, unknown>,
  ) as unknown as FromPhp<T>;
}

/**
 * A required prop as PHP prints it: a number printed as a string ("3") is that number, and `[]` is
 * an empty object where the prop is an object or a map. `null`, `false` and absence stay invalid.
 */
export function fromPhp<T extends z.core.SomeType>(schema: T): FromPhp<T> {
  // `z.unknown()` first keeps the key required (a transform alone would make it optional-in).
  return z.pipe(
    z.pipe(
      z.unknown(),
      z.transform((value: unknown) => fromPhpValue(schema, value, false)),
    ),
    schema as unknown as z.core.$ZodType<z.output<T>, unknown>,
  ) as unknown as FromPhp<T>;
}

/** The schema inside a prop wrapped by {@link optionalFromPhp} or {@link fromPhp} (for the docs). */
export function unwrapPhp(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & { in?: z.core.$ZodType; out?: z.core.$ZodType };
  if (def.type !== 'pipe' || !def.out || !def.in) return schema;
  const input = def.in._zod.def as z.core.$ZodTypeDef & { in?: z.core.$ZodType; out?: z.core.$ZodType };
  const isPhp =
    input.type === 'transform' ||
    (input.type === 'pipe' &&
      input.in?._zod.def.type === 'unknown' &&
      input.out?._zod.def.type === 'transform');
  return isPhp ? def.out : schema;
}

/*
 * HTML props. A prop that holds HTML is one of these two schemas (plain strings are text: React
 * renders them escaped), so the integrator's guide (docs/integrators.md) says which is which.
 */

/**
 * HTML the island puts in the page only through `sanitizeHtml()` / `sanitizedFragment()` of
 * src/security/html: scripts, handlers and non-http(s) URLs are removed.
 */
export const Html = z.string();

/**
 * HTML the island puts in the page as it is, like the fallback markup the server prints next to it
 * (a product's own content, video embeds included): only trusted server markup belongs here.
 */
export const TrustedHtml = z.string();

/** A flag as `wp_localize_script()` prints one: "1" / "" (or a real boolean, or 1 / 0). */
export const WpFlag = z.pipe(
  z.transform((value: unknown) => value === true || value === 1 || value === '1' || value === 'yes'),
  z.boolean(),
);

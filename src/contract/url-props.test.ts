/**
 * URL props that a widget renders as a link or a form's action, or calls, must be http(s) (README,
 * "Hostile input"): a `javascript:` or `data:` value makes the props invalid, so the island keeps its
 * fallback and logs one error naming the field.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { ComingSoonBannerPropsSchema } from '../../widgets/coming-soon-banner/schema';
import { ProductReviewsPropsSchema } from '../../widgets/product-reviews/schema';
import { VariationFormPropsSchema } from '../../widgets/variation-form/schema';
import { WaitlistFormPropsSchema } from '../../widgets/waitlist-form/schema';

const HOSTILE = ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>'];

function validWith(schema: z.ZodMiniType, props: Record<string, unknown>, field: string, value: unknown) {
  return schema.safeParse({ ...props, [field]: value });
}

const cases: [string, z.ZodMiniType, Record<string, unknown>, string][] = [
  [
    'waitlist-form action',
    WaitlistFormPropsSchema,
    { productId: 21, idPrefix: 'waitlist-21', action: '/product/junior-goalkeeper-gloves/' },
    'action',
  ],
];

describe('URL props are http(s) only', () => {
  it.each(cases)('%s: a relative URL is accepted', (_name, schema, props) => {
    expect(schema.safeParse(props).success).toBe(true);
  });
  for (const [name, schema, props, field] of cases) {
    it.each(HOSTILE)(`${name}: %s is refused, naming the field`, (value) => {
      const result = validWith(schema, props, field, value);
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toContain(field);
    });
  }
});

// The other widgets' URL props, checked on their field schemas alone (their full props need more).
describe.each([
  ['product-reviews', ProductReviewsPropsSchema, ['action', 'permalink']],
  ['coming-soon-banner', ComingSoonBannerPropsSchema, ['restUrl']],
  ['variation-form', VariationFormPropsSchema, ['resetUrl']],
] as const)('%s', (_name, schema, fields) => {
  const shape = (schema as unknown as { def: { shape: Record<string, z.ZodMiniType> } }).def.shape;
  it.each(fields)('%s refuses javascript:/data: and takes a relative URL', (field) => {
    const fieldSchema = shape[field];
    expect(fieldSchema).toBeDefined();
    for (const value of HOSTILE) expect(fieldSchema?.safeParse(value).success, value).toBe(false);
    expect(fieldSchema?.safeParse('/product/x/#respond').success).toBe(true);
  });
});

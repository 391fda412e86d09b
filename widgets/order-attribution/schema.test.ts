import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import sample from '../../../shared/woocommerce-samples/params/checkout.wc_order_attribution.json';
import { checkProps } from './model';
import { OrderAttributionPropsSchema } from './schema';

const params = sample.params;

/** The field the hand checker refuses, '' when it accepts the props. */
function refusedField(raw: unknown): string {
  // Read as unknown: the checker answers with the field ('' for none), or with `{ ok, field }`.
  const result: unknown = checkProps(raw);
  if (typeof result === 'string') return result;
  const { ok, field } = result as { ok: boolean; field?: string };
  return ok ? '' : (field ?? '(props)');
}
const fields = sample.fields;

/** Whether two fields are the same, or one is inside the other ('' is the props themselves). */
const related = (a: string, b: string): boolean =>
  a === b || a === '' || b === '' || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

describe('checkProps, held to the documented schema', () => {
  // [name, props, what is read from them (the known keys), or the field the checker names]
  const cases: [string, unknown, unknown][] = [
    ['WooCommerce’s printed object', sample, sample],
    ['tracking disallowed', { params: { ...params, allowTracking: false }, fields }, null],
    [
      'a fractional lifetime, a long session',
      { params: { ...params, lifetime: 0.5, session: 999_999 }, fields },
      null,
    ],
    ['an empty ajaxurl (not used)', { params: { ...params, ajaxurl: '' }, fields }, null],
    ['a one-letter prefix', { params: { ...params, prefix: 'x' }, fields }, null],
    ['no fields', { params, fields: {} }, null],
    ["PHP's empty map for the fields", { params, fields: [] }, { params, fields: {} }],
    [
      'every cookie',
      { params, fields: { a: 'first.src', b: 'first_add.ep', c: 'current_add.rf', d: 'session.cpg' } },
      null,
    ],
    ['unknown keys (left out)', { params: { ...params, extra: 1 }, fields, extra: true }, sample],
    ['not an object', null, 'params'],
    ['text', 'wc_order_attribution', 'params'],
    ['a list', [sample], 'params'],
    ['no params', { fields }, 'params'],
    ['params null', { params: null, fields }, 'params'],
    ['params a list', { params: [1], fields }, 'params.lifetime'],
    ["params PHP's empty array", { params: [], fields }, 'params.lifetime'],
    ['no lifetime', { params: { ...params, lifetime: undefined }, fields }, 'params.lifetime'],
    ['a lifetime of 0', { params: { ...params, lifetime: 0 }, fields }, 'params.lifetime'],
    ['a negative session', { params: { ...params, session: -30 }, fields }, 'params.session'],
    ['a lifetime of a million months', { params: { ...params, lifetime: 1e6 }, fields }, 'params.lifetime'],
    ['a lifetime printed as text', { params: { ...params, lifetime: '6' }, fields }, 'params.lifetime'],
    ['an endless session', { params: { ...params, session: Infinity }, fields }, 'params.session'],
    ['a session of NaN', { params: { ...params, session: NaN }, fields }, 'params.session'],
    ['base64 as 1', { params: { ...params, base64: 1 }, fields }, 'params.base64'],
    ['base64 null', { params: { ...params, base64: null }, fields }, 'params.base64'],
    [
      'allowTracking as "yes"',
      { params: { ...params, allowTracking: 'yes' }, fields },
      'params.allowTracking',
    ],
    ['ajaxurl a number', { params: { ...params, ajaxurl: 1 }, fields }, 'params.ajaxurl'],
    ['an empty prefix', { params: { ...params, prefix: '' }, fields }, 'params.prefix'],
    ['a prefix with markup', { params: { ...params, prefix: 'a"]<b' }, fields }, 'params.prefix'],
    ['a prefix with a dash', { params: { ...params, prefix: 'wc-order-' }, fields }, 'params.prefix'],
    ['no fields key', { params }, 'fields'],
    ['fields null', { params, fields: null }, 'fields'],
    ['fields false', { params, fields: false }, 'fields'],
    ['fields as text', { params, fields: 'current.typ' }, 'fields'],
    ['a field from another cookie', { params, fields: { a: 'promo.code' } }, 'fields'],
    ['a field without its key', { params, fields: { a: 'current' } }, 'fields'],
    ['a field that is not text', { params, fields: { a: ['current.typ'] } }, 'fields'],
    ['a key of four letters', { params, fields: { a: 'current.abcd' } }, 'fields'],
    ['a key in capitals', { params, fields: { a: 'current.TYP' } }, 'fields'],
    ['a key a prototype holds', { params, fields: { a: 'udata.__proto__' } }, 'fields'],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    const refused = refusedField(raw);
    const parsed = OrderAttributionPropsSchema.safeParse(raw);
    if (typeof expected === 'string') {
      expect(refused).toBe(expected);
      // The documented schema refuses it too, at that field, one around it or one inside it.
      expect(parsed.success).toBe(false);
      expect(related(parsed.error?.issues[0]?.path.join('.') ?? '', expected)).toBe(true);
    } else {
      expect(refused).toBe('');
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(expected ?? raw);
    }
  });

  it('differs on one point: the checker takes a list of cookie keys for `fields`, the schema a map only', () => {
    const raw = { params, fields: ['current.typ'] };
    // A list is an object to the checker (fields named "0", "1"…); WooCommerce prints a map.
    expect(refusedField(raw)).toBe('');
    expect(OrderAttributionPropsSchema.safeParse(raw).success).toBe(false);
  });

  it('the schema is a zod object (the integrators’ guide reads it)', () => {
    expect(OrderAttributionPropsSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});

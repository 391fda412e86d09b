import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';

/** An attribute value as the server prints it: a number, or a string ('' for none, 'any' for step). */
const AttributeValue = z.union([z.number(), z.string()]);

/**
 * Props of the quantity stepper (storefront.md §2.7, §5 "Quantity steppers"): the quantity input of
 * a cart line (`cart[{key}][qty]`) or of a product form (`quantity`), with − and + buttons. The
 * input keeps its name, id and attributes, so the form posts exactly what WooCommerce's does.
 */
export const CartQuantityPropsSchema = z.object({
  /** The input's name: `cart[{key}][qty]` on the cart page, `quantity` in a product form. */
  name: z.string().check(z.minLength(1)),
  /** The input's id (WooCommerce: `quantity_{uniqid}`), which its label points at. */
  id: z.string().check(z.minLength(1)),
  /** The quantity the server printed. */
  value: AttributeValue,
  /** The input's `min` (WooCommerce: 0 on the cart page, 1 in product forms); null for none. */
  min: optionalFromPhp(z._default(z.nullable(AttributeValue), null)),
  /** The input's `max`; null or '' for none (WooCommerce prints `max=""` without stock limits). */
  max: optionalFromPhp(z._default(z.nullable(AttributeValue), null)),
  /** The input's `step`; 'any', '' or invalid values step by 1. */
  step: optionalFromPhp(z._default(AttributeValue, 1)),
  /** The input's label (WooCommerce: "{product name} quantity"), a screen-reader-text <label>. */
  label: z.string().check(z.minLength(1)),
  /** The product's name, for the buttons: 'Reduce quantity of {name}', 'Increase quantity of {name}'. */
  productName: z.string().check(z.minLength(1)),
  /** The input's classes (WooCommerce: `input-text qty text`). */
  className: optionalFromPhp(z._default(z.string(), 'input-text qty text')),
  /** The input's `inputmode`: `decimal` for fractional quantities. */
  inputMode: optionalFromPhp(z._default(z.enum(['numeric', 'decimal']), 'numeric')),
});
export type CartQuantityProps = z.input<typeof CartQuantityPropsSchema>;

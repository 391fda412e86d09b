import * as z from 'zod/mini';
import { DisplayItemSchema, ExpressCheckoutParamsSchema, TotalSchema } from '../../src/contract/express';
import { optionalFromPhp } from '../../src/contract/props';

/**
 * Props of the express checkout buttons (checkout.md §1, §7 "Express checkout", "Store API"): the
 * Stripe gateway's `wc_stripe_express_checkout_params` as it prints them on the product, cart or
 * checkout page, and on a product page the product's id (the gateway's `product_id`).
 */
export const ExpressCheckoutPropsSchema = z.object({
  params: ExpressCheckoutParamsSchema,
  /** The product page's product (its add-to-cart form is read when the shopper presses a button). */
  productId: optionalFromPhp(z.optional(z.int().check(z.positive()))),
  /**
   * The cart's sheet as the server knows it when it prints the cart or checkout page (the gateway's
   * `build_display_items()`): the buttons start from it without asking the Store API, and read the
   * cart again only when WooCommerce recalculates it. Left out, the cart is read on load (9.4.1's way).
   */
  cart: optionalFromPhp(
    z.optional(
      z.object({
        displayItems: z.array(DisplayItemSchema),
        total: TotalSchema,
        needsShipping: z._default(z.boolean(), false),
      }),
    ),
  ),
  /**
   * The order-pay page's order (the gateway's `wcStripeExpressCheckoutPayForOrderParams`): the
   * buttons pay that order (the Store API's `checkout/{order}`), with its own shipping address.
   */
  payForOrder: optionalFromPhp(
    z.optional(
      z.object({
        order: z.int().check(z.positive()),
        orderDetails: z.object({
          orderKey: z.string().check(z.regex(/^wc_order_[A-Za-z0-9]{1,40}$/)),
          billingEmail: z._default(z.string(), ''),
          shippingAddress: z._default(z.record(z.string(), z.string()), {}),
        }),
        displayItems: z._default(z.array(DisplayItemSchema), []),
        total: TotalSchema,
      }),
    ),
  ),
  /** Stripe's API version the gateway initialises Stripe.js with (§9: 2024-06-20). */
  apiVersion: z._default(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/)), '2024-06-20'),
});
export type ExpressCheckoutProps = z.output<typeof ExpressCheckoutPropsSchema>;
export type ExpressCheckoutPropsInput = z.input<typeof ExpressCheckoutPropsSchema>;

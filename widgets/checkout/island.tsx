import { defineIsland } from '../../src/islands/define';
import { Checkout } from './Checkout';
import stylesheet from './checkout.css?url';
import { CheckoutPropsSchema } from './schema';

// The island keeps WooCommerce's checkout markup (and every extension's fields in it): `adopt`.
export default defineIsland(CheckoutPropsSchema, Checkout, { stylesheet, adopt: true });

import { defineIsland } from '../../src/islands/define';
import { AddPaymentMethod } from './AddPaymentMethod';
import stylesheet from './add-payment-method.css?url';
import { AddPaymentMethodPropsSchema } from './schema';

// WooCommerce's form (and other gateways' boxes in it) stays: the island adds the card's behaviour.
export default defineIsland(AddPaymentMethodPropsSchema, AddPaymentMethod, { stylesheet, adopt: true });

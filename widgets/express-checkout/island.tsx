import { defineIsland } from '../../src/islands/define';
import { ExpressCheckout } from './ExpressCheckout';
import stylesheet from './express-checkout.css?url';
import { ExpressCheckoutPropsSchema } from './schema';

export default defineIsland(ExpressCheckoutPropsSchema, ExpressCheckout, { stylesheet });

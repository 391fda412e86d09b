import { defineIsland } from '../../src/islands/define';
import stylesheet from './cart-quantity.css?url';
import { CartQuantity } from './CartQuantity';
import { CartQuantityPropsSchema } from './schema';

export default defineIsland(CartQuantityPropsSchema, CartQuantity, { stylesheet });

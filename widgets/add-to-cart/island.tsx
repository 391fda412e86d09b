import { defineIsland } from '../../src/islands/define';
import stylesheet from './add-to-cart.css?url';
import { AddToCart } from './AddToCart';
import { AddToCartPropsSchema } from './schema';

export default defineIsland(AddToCartPropsSchema, AddToCart, { stylesheet });

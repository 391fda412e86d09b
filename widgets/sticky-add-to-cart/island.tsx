import { defineIsland } from '../../src/islands/define';
import { StickyAddToCartPropsSchema } from './schema';
import { StickyAddToCart } from './StickyAddToCart';
import stylesheet from './sticky-add-to-cart.css?url';

export default defineIsland(StickyAddToCartPropsSchema, StickyAddToCart, { stylesheet });

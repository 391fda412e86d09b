import { defineIsland } from '../../src/islands/define';
import stylesheet from './cart-drawer.css?url';
import { CartDrawer } from './CartDrawer';
import { CartDrawerPropsSchema } from './schema';

export default defineIsland(CartDrawerPropsSchema, CartDrawer, { stylesheet });

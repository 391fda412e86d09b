import { defineIsland } from '../../src/islands/define';
import { WishlistListPropsSchema } from './schema';
import { WishlistList } from './WishlistList';
import stylesheet from './wishlist-list.css?url';

export default defineIsland(WishlistListPropsSchema, WishlistList, { stylesheet });

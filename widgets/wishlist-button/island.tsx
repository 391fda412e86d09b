import { defineIsland } from '../../src/islands/define';
import { WishlistButtonPropsSchema } from './schema';
import { WishlistButton } from './WishlistButton';
import stylesheet from './wishlist-button.css?url';

export default defineIsland(WishlistButtonPropsSchema, WishlistButton, { stylesheet });

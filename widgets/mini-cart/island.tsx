import { isAbsentFromPhp } from '../../src/contract/props';
import { defineIsland } from '../../src/islands/define';
import type { IslandModule } from '../../src/islands/types';
import { MINI_CART_SELECTOR } from '../../src/ui/mini-cart-fragment';
import { MiniCart } from './MiniCart';
import { MiniCartPropsSchema } from './schema';

const island = defineIsland(MiniCartPropsSchema, MiniCart);

/**
 * The server prints the mini-cart once, as the fallback: its `div.widget_shopping_cart_content` is
 * read from there (as it is now: the cart store may already have refreshed it) rather than
 * repeated in the props (absent, or `null` / `false` / `[]` as PHP prints absence).
 */
const miniCart: IslandModule = {
  mount(container, rawProps, context) {
    const serverHtml = container.querySelector(MINI_CART_SELECTOR)?.outerHTML;
    const props =
      serverHtml &&
      rawProps &&
      typeof rawProps === 'object' &&
      isAbsentFromPhp((rawProps as { serverHtml?: unknown }).serverHtml)
        ? { ...rawProps, serverHtml }
        : rawProps;
    return island.mount(container, props, context);
  },
};
export default miniCart;

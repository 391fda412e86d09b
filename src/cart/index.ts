import { useEffect, useSyncExternalStore } from 'react';
import { cart, startCart, type CartSnapshot } from './store';

export { addToCart, cart, refresh, removeFromCart, resetCartForTesting, startCart } from './store';
export type { AddOutcome, CartSnapshot, RemoveOutcome } from './store';
export { applyFragments, DIM_OPACITY, type Fragments } from './fragments';
export {
  offCartPage,
  settleAdd,
  viewCartLink,
  type AddButtonState,
  type AddOutcomeHandlers,
  type ViewCartLink,
} from './outcome';
export {
  SUCCESS_ANNOUNCE_DELAY,
  useAddToCart,
  type AddRequest,
  type AddToCartControl,
  type UseAddToCartOptions,
} from './useAddToCart';

/** The cart, for a component: starts the store on first use and re-renders on every change. */
export function useCart(): CartSnapshot {
  useEffect(startCart, []);
  return useSyncExternalStore(cart.subscribe, cart.getSnapshot, cart.getSnapshot);
}

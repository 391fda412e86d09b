import { describe, expect, it } from 'vitest';
import type { Settings } from '../contract/settings';
import { viewCartLink } from './outcome';

const settings = (patch: Partial<Settings>) =>
  ({ is_cart: '', cart_url: '/cart/', i18n: {}, ...patch }) as unknown as Settings;

describe('viewCartLink', () => {
  it('links to the cart page off the cart page', () => {
    expect(viewCartLink(settings({}))).toEqual({ href: '/cart/', text: 'View cart' });
    expect(viewCartLink(settings({ is_cart: '1' }))).toBeNull();
  });

  it.each(['javascript:alert(1)', 'data:text/html,x'])('renders no link for a cart_url %j', (cart_url) => {
    expect(viewCartLink(settings({ cart_url }))).toBeNull();
  });
});

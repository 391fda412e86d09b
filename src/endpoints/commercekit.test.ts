import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getSalePercents,
  removeFromWishlist,
  saveToWishlist,
  saveWaitlist,
  wishlistAddToCart,
} from './commercekit';
import { adminAjaxHandler, failure, malformed, seen, server, withEndpointServer } from './test-support';

withEndpointServer();

const WISHLIST = { status: 1, html: '<a class="commercekit-remove-wishlist">Remove</a>', message: 'Added' };

/** Each endpoint: the call, its action, the form it must send, an answer, and what that parses to. */
const cases = [
  {
    name: 'saveToWishlist',
    call: () => saveToWishlist({ productId: 14, type: 'page' }),
    action: 'commercekit_save_wishlist',
    form: [
      ['product_id', '14'],
      ['type', 'page'],
    ],
    answer: WISHLIST,
    parsed: WISHLIST,
  },
  {
    name: 'removeFromWishlist (a product’s control)',
    call: () => removeFromWishlist({ productId: 14, type: 'list' }),
    action: 'commercekit_remove_wishlist',
    form: [
      ['product_id', '14'],
      ['type', 'list'],
    ],
    // CommerceKit's failure leaves html out: it defaults to ''.
    answer: { status: 0, message: 'Sorry' },
    parsed: { status: 0, html: '', message: 'Sorry' },
  },
  {
    name: 'removeFromWishlist (the wishlist page, reloading the list)',
    call: () => removeFromWishlist({ productId: 13, type: 'list', wpage: 2 }),
    action: 'commercekit_remove_wishlist',
    form: [
      ['product_id', '13'],
      ['wpage', '2'],
      ['type', 'list'],
      ['reload', '1'],
    ],
    answer: { status: '1', html: '<ul></ul>', message: 'Removed' },
    parsed: { status: '1', html: '<ul></ul>', message: 'Removed' },
  },
  {
    name: 'wishlistAddToCart',
    call: () => wishlistAddToCart(13),
    action: 'commercekit_wishlist_addtocart',
    form: [['product_id', '13']],
    answer: { status: 1, message: 'Added to cart' },
    parsed: { status: 1, message: 'Added to cart' },
  },
  {
    name: 'saveWaitlist',
    call: () => saveWaitlist({ productId: 15, email: 'shopper@example.com' }),
    action: 'commercekit_save_waitlist',
    form: [
      ['product_id', '15'],
      ['email', 'shopper@example.com'],
    ],
    answer: { status: 1, message: 'You are on the list' },
    parsed: { status: 1, message: 'You are on the list' },
  },
  {
    name: 'getSalePercents',
    call: () => getSalePercents(18),
    action: 'shoptimizer_get_sale_prices',
    form: [['product_id', '18']],
    answer: { percents: { '21': '-25%' } },
    parsed: { percents: { '21': '-25%' } },
  },
];

describe.each(cases)('$name', ({ call, action, form, answer, parsed }) => {
  it(`POSTs ${action} with its form to admin-ajax.php and returns the parsed answer`, async () => {
    server.use(adminAjaxHandler(action, () => HttpResponse.json(answer)));
    await expect(call()).resolves.toEqual(parsed);
    expect(await seen()).toMatchObject([
      { method: 'POST', url: '/wp-admin/admin-ajax.php', form: [...form, ['action', action]] },
    ]);
  });

  it('fails as a schema error on a malformed answer', async () => {
    server.use(adminAjaxHandler(action, malformed));
    expect((await failure(call())).kind).toBe('schema');
  });
});

it('getSalePercents reads PHP’s empty map (`[]`) as no labels', async () => {
  server.use(adminAjaxHandler('shoptimizer_get_sale_prices', () => HttpResponse.json({ percents: [] })));
  await expect(getSalePercents(18)).resolves.toEqual({ percents: [] });
});

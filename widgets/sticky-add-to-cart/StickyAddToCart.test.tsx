import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stickyAddToCartProps } from '../../demo/product/extras';
import { findProduct } from '../../demo/fixtures';
import { on } from '../../src/events/bus';
import { navigation } from '../../src/navigation';
import { withCartTestServer } from '../../src/test/cart';
import island from './island';
import { StickyAddToCartPropsSchema, type StickyAddToCartProps } from './schema';
import { StickyAddToCart } from './StickyAddToCart';

const server = withCartTestServer();

/** A stand-in IntersectionObserver: the test says where the trigger is. */
let observed: Element[] = [];
let report: ((entries: IntersectionObserverEntry[]) => void) | null = null;
class FakeIntersectionObserver {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void) {
    report = callback;
  }
  observe(el: Element) {
    observed.push(el);
  }
  unobserve() {}
  disconnect() {
    report = null;
  }
  takeRecords() {
    return [];
  }
}
/** The trigger is `where`: above the viewport (scrolled past), in view, or below (not reached). */
function triggerIs(where: 'above' | 'in view' | 'below') {
  const bottom = where === 'above' ? -40 : where === 'in view' ? 300 : 1600;
  act(() =>
    report?.([
      {
        isIntersecting: where === 'in view',
        boundingClientRect: { bottom, top: bottom - 500 } as DOMRectReadOnly,
        rootBounds: { top: 0, bottom: 800 } as DOMRectReadOnly,
        target: observed[0]!,
      } as unknown as IntersectionObserverEntry,
    ]),
  );
}

function stubMedia(mobile: boolean, reducedMotion = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? mobile : query.includes('reduce') ? reducedMotion : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  observed = [];
  report = null;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  stubMedia(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

const BALL = stickyAddToCartProps(findProduct(13)!);
const BOOTS = stickyAddToCartProps(findProduct(18)!);
const GLOVES = stickyAddToCartProps(findProduct(15)!);

/** The product page around the bar: the summary (the trigger) with its form. */
function renderPage(props: StickyAddToCartProps, form = '', quantity = '1') {
  const id = props.productId;
  const forms: Record<string, string> = {
    simple:
      `<form class="cart"><div class="quantity"><label for="q">Quantity</label>` +
      `<input id="q" type="number" name="quantity" value="${quantity}"></div>` +
      `<button type="submit" name="add-to-cart" value="${id}">Add to cart</button></form>`,
    variable:
      '<form class="variations_form cart"><label for="pa_size">Size</label><select id="pa_size"><option>Choose</option></select>' +
      '<label for="colour">Colour</label><select id="colour"><option>Choose</option></select></form>',
    waitlist:
      '<div class="commercekit-waitlist"><form class="commercekit-waitlist-form">' +
      '<label for="e">Email address</label><input id="e" type="email"></form></div>',
  };
  const summary = document.createElement('div');
  summary.id = `product-${id}`;
  summary.innerHTML = `<div class="summary entry-summary"><h1>Product</h1>${forms[form] ?? ''}</div>`;
  document.body.append(summary);
  return render(<StickyAddToCart {...StickyAddToCartPropsSchema.parse(props)} />);
}

const bar = () => document.querySelector<HTMLElement>('section.storefront-sticky-add-to-cart')!;
const barLink = (name: string) => screen.getByRole('link', { name });

/** The bodies of the add_to_cart requests. */
function recordAdds(): Record<string, string>[] {
  const bodies: Record<string, string>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return;
    bodies.push(Object.fromEntries(new URLSearchParams(await request.clone().text())));
  };
  server.events.on('request:start', listener);
  return bodies;
}

describe('showing and hiding', () => {
  it('hidden at first: inert, aria-hidden, nothing to reach or read; observes the summary', () => {
    renderPage(BALL, 'simple');
    expect(observed).toEqual([document.querySelector('.entry-summary')]);
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    expect(bar()).toHaveAttribute('inert');
    expect(screen.queryByRole('link', { name: 'Add to cart' })).toBeNull();
    expect(bar()).not.toHaveClass('storefront-sticky-add-to-cart--slideInDown');
  });

  it('shows once the summary has scrolled out above, hides when it is back (Storefront’s classes)', () => {
    renderPage(BALL, 'simple');
    triggerIs('above');
    expect(bar()).toHaveClass('storefront-sticky-add-to-cart--slideInDown');
    expect(bar()).not.toHaveAttribute('aria-hidden');
    expect(bar()).not.toHaveAttribute('inert');
    expect(barLink('Add to cart')).toHaveAttribute('href', '?add-to-cart=13');
    expect(bar()).toHaveTextContent("You're viewing: Pro Match Football");
    expect(bar()).toHaveTextContent('€49.99');

    triggerIs('in view');
    expect(bar()).toHaveClass('storefront-sticky-add-to-cart--slideOutUp');
    expect(bar()).not.toHaveClass('storefront-sticky-add-to-cart--slideInDown');
    expect(bar()).toHaveAttribute('inert');
    expect(screen.queryByRole('link', { name: 'Add to cart' })).toBeNull();
  });

  it('stays hidden while the summary is still below the viewport', () => {
    renderPage(BALL, 'simple');
    triggerIs('below');
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
  });

  it('no trigger on the page: stays hidden and the console says why', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<StickyAddToCart {...StickyAddToCartPropsSchema.parse({ ...BALL, triggerClass: 'nowhere' })} />);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('no element with the class "nowhere"'));
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
  });

  it('the rating and the thumbnail (decorative) are shown; a long name is kept whole in the DOM', () => {
    const name = 'Junior Football Boots with Extra-Wide Fit, Reinforced Toe and Replaceable Studs';
    renderPage({ ...BOOTS, productName: name }, 'variable');
    triggerIs('above');
    expect(bar().querySelector('strong')).toHaveTextContent(name);
    expect(bar().querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('img', { name: /^Rated .* out of 5$/ })).toBeInTheDocument();
  });

  it('wide screens: scroll-padding-top keeps focused things from under the bar, removed when hidden', () => {
    renderPage(BALL, 'simple');
    Object.defineProperty(bar(), 'offsetHeight', { configurable: true, value: 72 });
    triggerIs('above');
    expect(document.documentElement.style.scrollPaddingTop).toBe('72px');
    expect(document.body.style.paddingBottom).toBe('');
    triggerIs('in view');
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
  });

  it('small screens: a bottom bar above the fixed store notice; the page gets room, given back when hidden', () => {
    stubMedia(true);
    const notice = document.createElement('p');
    notice.className = 'woocommerce-store-notice';
    notice.style.position = 'fixed';
    document.body.append(notice);
    vi.spyOn(notice, 'getBoundingClientRect').mockReturnValue({ top: 724, bottom: 768 } as DOMRect);
    vi.stubGlobal('innerHeight', 768);
    document.body.style.paddingBottom = '64px';
    const { unmount } = renderPage(BALL, 'simple');
    Object.defineProperty(bar(), 'offsetHeight', { configurable: true, value: 56 });
    triggerIs('above');
    expect(bar().style.getPropertyValue('--shop-islands-sticky-atc-offset')).toBe('44px');
    expect(document.body.style.paddingBottom).toBe('120px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('100px');
    triggerIs('in view');
    expect(document.body.style.paddingBottom).toBe('64px');
    triggerIs('above');
    unmount();
    expect(document.body.style.paddingBottom).toBe('64px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });
});

describe('Add to cart (simple product in stock)', () => {
  it('adds the main form’s quantity through the cart store; added_to_cart fires (the drawer opens)', async () => {
    const adds = recordAdds();
    const added = vi.fn();
    const stop = on('added_to_cart', added);
    renderPage(BALL, 'simple', '3');
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    stop();
    expect(adds).toEqual([{ product_id: '13', quantity: '3' }]);
    expect(added.mock.calls[0]![2]).toBe(barLink('Add to cart'));
    expect(barLink('Add to cart')).toHaveClass('added');
    await waitFor(() =>
      expect(document.getElementById('shop-islands-live')).toHaveTextContent(
        '“Pro Match Football” has been added to your cart',
      ),
    );
  });

  it.each([
    ['empty', ''],
    ['0', '0'],
    ['not a number', 'x'],
  ])('a quantity that is %s sends 1', async (_case, quantity) => {
    const adds = recordAdds();
    renderPage(BALL, 'simple', quantity);
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]!.quantity).toBe('1');
  });

  it('without a main form it adds 1', async () => {
    const adds = recordAdds();
    renderPage(BALL);
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() => expect(adds).toEqual([{ product_id: '13', quantity: '1' }]));
  });

  it('in progress: loading and aria-busy; each press queues one add, sent in order', async () => {
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return undefined;
        await delay(80);
        return undefined;
      }),
    );
    const adds = recordAdds();
    renderPage(BALL, 'simple');
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    expect(barLink('Add to cart')).toHaveClass('loading');
    expect(barLink('Add to cart')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() => expect(barLink('Add to cart')).toHaveClass('added'));
    expect(adds).toHaveLength(2);
    expect(barLink('Add to cart')).not.toHaveAttribute('aria-busy');
  });

  it.each([
    ['a server error (500)', () => new HttpResponse('error', { status: 500 })],
    [
      'malformed JSON',
      () => new HttpResponse('{"fragments":', { headers: { 'Content-Type': 'application/json' } }),
    ],
    ['a network failure', () => HttpResponse.error()],
  ])('%s: follows the link (?add-to-cart=13), WooCommerce’s page-load add', async (_case, fail) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    server.use(
      http.post('*', ({ request }) =>
        new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart' ? fail() : undefined,
      ),
    );
    renderPage(BALL, 'simple');
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(new URL('?add-to-cart=13', location.href).href));
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('sticky-add-to-cart: the product could not be added'),
      expect.anything(),
    );
  });

  it('WooCommerce refuses (error + product_url): the browser goes to the product page', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    server.use(
      http.post('*', ({ request }) =>
        new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart'
          ? HttpResponse.json({
              error: true,
              product_url: 'http://localhost:3000/product/pro-match-football/',
            })
          : undefined,
      ),
    );
    renderPage(BALL, 'simple');
    triggerIs('above');
    await userEvent.click(barLink('Add to cart'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/product/pro-match-football/'),
    );
  });

  it('a modified click (new tab) is the browser’s', async () => {
    const adds = recordAdds();
    renderPage(BALL, 'simple');
    triggerIs('above');
    const prevented: boolean[] = [];
    const listener = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // jsdom does not open tabs
    };
    document.addEventListener('click', listener);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(barLink('Add to cart'));
    await user.keyboard('{/Control}');
    document.removeEventListener('click', listener);
    expect(prevented).toEqual([false]);
    expect(adds).toHaveLength(0);
  });
});

describe('Select options (variable) and Read more (out of stock)', () => {
  it('Select options: scrolls smoothly to the variations form and focuses its first select', async () => {
    const scroll = vi.fn();
    renderPage(BOOTS, 'variable');
    document.querySelector<HTMLElement>('form.variations_form')!.scrollIntoView = scroll;
    triggerIs('above');
    const link = barLink('Select options');
    expect(link).toHaveAttribute('href', '/product/junior-football-boots/');
    await userEvent.click(link);
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveFocus();
  });

  it('less motion asked: scrolls without animation', async () => {
    stubMedia(false, true);
    const scroll = vi.fn();
    renderPage(BOOTS, 'variable');
    document.querySelector<HTMLElement>('form.variations_form')!.scrollIntoView = scroll;
    triggerIs('above');
    await userEvent.click(barLink('Select options'));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' });
  });

  it('by keyboard: Enter on Select options', async () => {
    renderPage(BOOTS, 'variable');
    triggerIs('above');
    barLink('Select options').focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveFocus();
  });

  it('Read more (out of stock): goes to the waitlist form’s e-mail field', async () => {
    renderPage(GLOVES, 'waitlist');
    triggerIs('above');
    await userEvent.click(barLink('Read more'));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
  });

  it('the form is missing: the link is followed', async () => {
    renderPage(BOOTS);
    triggerIs('above');
    const prevented: boolean[] = [];
    const listener = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', listener);
    await userEvent.click(barLink('Select options'));
    document.removeEventListener('click', listener);
    expect(prevented).toEqual([false]);
  });

  it('hidden while its button has the focus: the focus goes to the form, not lost', () => {
    renderPage(BOOTS, 'variable');
    triggerIs('above');
    barLink('Select options').focus();
    triggerIs('in view');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveFocus();
  });
});

describe('sticky-add-to-cart island', () => {
  const locate = { locatorOf: () => null, resolve: () => null } as never;
  it.each([
    [{ ...BALL, productId: -1 }, 'productId'],
    [{ ...BALL, productName: '' }, 'productName'],
    [{ ...BALL, button: { kind: 'buy', label: 'Buy', href: '/' } }, 'button.kind'],
    [{ ...BALL, triggerClass: '.entry-summary' }, 'triggerClass'],
  ])('refuses bad props, naming %#', async (props, field) => {
    const container = document.createElement('div');
    container.innerHTML = '<section class="storefront-sticky-add-to-cart"></section>';
    const result = await island.mount(container, props, { name: 'sticky-add-to-cart', locate });
    expect(result).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe('<section class="storefront-sticky-add-to-cart"></section>');
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findProductBySlug, type VariableProduct } from '../../demo/fixtures';
import { variationFormProps } from '../../demo/product/variation-form';
import type { Variation } from '../../src/contract/variation';
import { on, type ShopEventName } from '../../src/events/bus';
import { navigation } from '../../src/navigation';
import { withCartTestServer } from '../../src/test/cart';
import { VariationFormPropsSchema, type VariationFormProps } from './schema';
import { FIRST_CHECK_DELAY, PANEL_DELAY, TEXT, VariationForm } from './VariationForm';

const server = withCartTestServer();
const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.restoreAllMocks();
});

const product = (slug: string) => findProductBySlug(slug) as VariableProduct;
/** The island's props as the demo store prints them for `slug` (`query`: the page's search). */
const demoProps = (slug: string, query = ''): VariationFormProps =>
  variationFormProps(product(slug), new URL(`/product/${slug}/${query}`, location.href));
const BOOTS = () => demoProps('junior-football-boots');
const JERSEY = () => demoProps('training-jersey');

/** The product page around the form: the SKU in the product meta, weight and dimensions in the table. */
function renderPage(props: VariationFormProps) {
  return render(
    <div className="product">
      <VariationForm {...VariationFormPropsSchema.parse(props)} />
      <div className="product_meta">
        <span className="sku_wrapper">
          SKU: <span className="sku">PRODUCT-SKU</span>
        </span>
      </div>
      <table className="woocommerce-product-attributes shop_attributes">
        <tbody>
          <tr className="woocommerce-product-attributes-item woocommerce-product-attributes-item--weight">
            <th>Weight</th>
            <td className="woocommerce-product-attributes-item__value">1 kg</td>
          </tr>
          <tr className="woocommerce-product-attributes-item woocommerce-product-attributes-item--dimensions">
            <th>Dimensions</th>
            <td className="woocommerce-product-attributes-item__value">1 &times; 2 &times; 3 cm</td>
          </tr>
        </tbody>
      </table>
    </div>,
  );
}

const select = (name: string) => screen.getByRole('combobox', { name });
const optionLabels = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => `${o.textContent}${(o as HTMLOptionElement).disabled ? ' (disabled)' : ''}`);
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });
/** The reset link (hidden from the accessibility tree while nothing is chosen: found by class). */
const resetLink = () => document.querySelector<HTMLAnchorElement>('a.reset_variations')!;
const sku = () => document.querySelector('.product_meta .sku')!.textContent;
const weight = () => document.querySelector('.woocommerce-product-attributes-item--weight td')!.textContent;
const dimensions = () =>
  document.querySelector('.woocommerce-product-attributes-item--dimensions td')!.textContent;
const variationIdField = () => document.querySelector<HTMLInputElement>('input.variation_id')!;
const panel = () => document.querySelector('.single_variation')!;
const quantity = () => screen.getByRole('spinbutton', { hidden: true }) as HTMLInputElement;
const form = () => document.querySelector('form.variations_form') as HTMLFormElement;

/** The variation events reaching the document, in order, with their main argument. */
function recordEvents(): string[] {
  const names: ShopEventName[] = [
    'found_variation',
    'show_variation',
    'hide_variation',
    'reset_data',
    'reset_image',
    'woocommerce_variation_has_changed',
  ];
  const seen: string[] = [];
  for (const name of names) {
    cleanups.push(
      on(
        name,
        (...args: unknown[]) => {
          const [variation, purchasable] = args as [Variation | undefined, boolean | undefined];
          seen.push(
            variation
              ? `${name} ${variation.variation_id}${purchasable === undefined ? '' : ` ${purchasable}`}`
              : name,
          );
        },
        document,
      ),
    );
  }
  return seen;
}

/** Fake timers (setTimeout only: React's scheduler keeps its own). */
function fakeTime() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}
/**
 * With fake timers, events are fired directly: user-event's async wrapper (Testing Library's)
 * waits on a real `setTimeout(0)` it only advances under Jest's fake timers.
 */
const choose = (name: string, value: string) => fireEvent.change(select(name), { target: { value } });
const typeQuantity = (value: string) => fireEvent.change(quantity(), { target: { value } });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The bodies posted to a wc-ajax endpoint, in order. */
function recordPosts(endpoint: string): Record<string, string>[] {
  const bodies: Record<string, string>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).searchParams.get('wc-ajax') !== endpoint) return;
    bodies.push(Object.fromEntries(new URLSearchParams(await request.clone().text())));
  });
  return bodies;
}

const answering = (endpoint: string, answer: () => Response | undefined | Promise<Response | undefined>) =>
  http.post('*', ({ request }) =>
    new URL(request.url).searchParams.get('wc-ajax') === endpoint ? answer() : undefined,
  );

/** Clicks nobody prevented: the browser would have submitted the form natively. */
function nativeSubmits(): Element[] {
  const submitted: Element[] = [];
  const listener = (event: Event) => {
    submitted.push(event.target as Element);
    event.preventDefault(); // jsdom does not navigate
  };
  document.addEventListener('submit', listener);
  cleanups.push(() => document.removeEventListener('submit', listener));
  return submitted;
}

describe('VariationForm: local variations (Junior Football Boots)', () => {
  it("renders WooCommerce's form: one select per attribute with 'Choose an option' first, the hidden fields", () => {
    renderPage(BOOTS());
    expect(form()).toHaveAttribute('action', '/product/junior-football-boots/');
    expect(form()).toHaveAttribute('method', 'post');
    expect(form()).toHaveAttribute('data-product_id', '18');
    expect(JSON.parse(form().getAttribute('data-product_variations')!)).toHaveLength(7);
    expect(optionLabels('Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3', 'UK 4']);
    expect(optionLabels('Colour')).toEqual(['Choose an option', 'Black', 'Blue']);
    expect(select('Size')).toHaveAttribute('name', 'attribute_pa_size');
    expect(select('Size')).toHaveAttribute('data-attribute_name', 'attribute_pa_size');
    expect(variationIdField()).toHaveValue('0');
    expect(form().querySelector('input[name="add-to-cart"]')).toHaveValue('18');
    expect(form().querySelector('input[name="product_id"]')).toHaveValue('18');
  });

  it('runs the first check 100 ms after mount: selection needed, data reset, panel hidden', async () => {
    fakeTime();
    const events = recordEvents();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY - 1);
    expect(events).toEqual([]);
    expect(addButton()).not.toHaveClass('disabled');
    await tick(1);
    expect(events).toEqual(['reset_data', 'reset_image', 'hide_variation']);
    expect(addButton()).toHaveClass('disabled', 'wc-variation-selection-needed');
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    // Inactive-only values stay listed, disabled.
    expect(optionLabels('Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3', 'UK 4 (disabled)']);
    expect(resetLink()).toHaveStyle({ visibility: 'hidden' });
    expect(panel()).not.toHaveClass('is-open');
  });

  it('filters each select by the other choices and marks the chosen rows', async () => {
    fakeTime();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    choose('Colour', 'Blue');
    // UK 4 has no blue variation: omitted.
    expect(optionLabels('Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3']);
    expect(select('Colour').closest('tr')).toHaveClass('is-selected');
    expect(select('Size').closest('tr')).not.toHaveClass('is-selected');
    expect(resetLink()).toHaveStyle({ visibility: 'visible' });
    choose('Colour', 'Black');
    expect(optionLabels('Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3', 'UK 4 (disabled)']);
  });

  it('on a match: SKU, weight, dimensions and variation_id at once, the panel 300 ms later, the events', async () => {
    fakeTime();
    const events = recordEvents();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    events.length = 0;
    choose('Size', 'uk-2');
    expect(events).toEqual([
      'reset_data',
      'reset_image',
      'hide_variation',
      'woocommerce_variation_has_changed',
    ]);
    events.length = 0;
    choose('Colour', 'Blue');

    expect(sku()).toBe('BOOT-JR-2-BLU');
    expect(weight()).toBe('0.8 kg');
    expect(dimensions()).toBe('N/A');
    expect(variationIdField()).toHaveValue('22');
    expect(addButton()).not.toHaveClass('disabled');
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    expect(events).toEqual(['found_variation 22', 'woocommerce_variation_has_changed']);
    expect(panel()).not.toHaveClass('is-open');
    expect(panel()).toHaveTextContent('');

    await tick(PANEL_DELAY - 1);
    expect(panel()).not.toHaveClass('is-open');
    await tick(1);
    expect(panel()).toHaveClass('is-open');
    // Sample 13's price_html: on sale.
    expect(panel().querySelector('.woocommerce-variation-price')).toHaveTextContent(
      'Original price was: €39.99.€29.99Current price is: €29.99.',
    );
    expect(events).toEqual([
      'found_variation 22',
      'woocommerce_variation_has_changed',
      'show_variation 22 true',
    ]);
  });

  it('keeps the originals in data-o_content and puts them back when the selection is incomplete again', async () => {
    fakeTime();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    choose('Size', 'uk-1');
    choose('Colour', 'Black');
    expect(sku()).toBe('BOOT-JR-1-BLK');
    expect(document.querySelector('.product_meta .sku')).toHaveAttribute('data-o_content', 'PRODUCT-SKU');
    choose('Colour', '');
    expect(sku()).toBe('PRODUCT-SKU');
    expect(weight()).toBe('1 kg');
    expect(dimensions()).toBe('1 × 2 × 3 cm');
    // Changing a select clears variation_id.
    expect(variationIdField()).toHaveValue('');
  });

  it("an unavailable variation (out of stock): panel with its availability, button in 'unavailable', the alert on click", async () => {
    fakeTime();
    const events = recordEvents();
    const submits = nativeSubmits();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    choose('Size', 'uk-3');
    choose('Colour', 'Blue');
    await tick(PANEL_DELAY);
    expect(panel()).toHaveTextContent('Out of stock');
    expect(events).toContain('show_variation 24 false');
    expect(addButton()).toHaveClass('disabled', 'wc-variation-is-unavailable');
    expect(addButton()).not.toHaveClass('wc-variation-selection-needed');
    fireEvent.click(addButton());
    expect(screen.getByText(TEXT.unavailable)).toHaveAttribute('role', 'alert');
    expect(submits).toEqual([]);
    // A new choice takes the alert away.
    choose('Colour', 'Black');
    expect(screen.queryByText(TEXT.unavailable)).toBeNull();
  });

  it("an incomplete selection: the click says 'Please select some product options…' and nothing is posted", async () => {
    fakeTime();
    const submits = nativeSubmits();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    fireEvent.click(addButton());
    expect(screen.getByText(TEXT.selectionNeeded)).toHaveAttribute('role', 'alert');
    expect(addButton()).toHaveAccessibleDescription(TEXT.selectionNeeded);
    expect(submits).toEqual([]);
  });

  it('resets with the link: selects cleared, data restored, the reset announced, focus on the first select', async () => {
    fakeTime();
    const events = recordEvents();
    renderPage(BOOTS());
    await tick(FIRST_CHECK_DELAY);
    choose('Size', 'uk-2');
    choose('Colour', 'Black');
    await tick(PANEL_DELAY);
    events.length = 0;
    fireEvent.click(resetLink());
    expect(select('Size')).toHaveValue('');
    expect(select('Colour')).toHaveValue('');
    expect(sku()).toBe('PRODUCT-SKU');
    expect(document.querySelectorAll('tr.is-selected')).toHaveLength(0);
    expect(select('Size')).toHaveFocus();
    expect(resetLink()).toHaveStyle({ visibility: 'hidden' });
    expect(panel()).not.toHaveClass('is-open');
    expect(addButton()).toHaveClass('wc-variation-selection-needed');
    expect(events).toEqual([
      'reset_data',
      'reset_image',
      'hide_variation',
      'woocommerce_variation_has_changed',
    ]);
    await tick(200);
    expect(document.getElementById('shop-islands-live')).toHaveTextContent(TEXT.reset);
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('resets with %s on the link', async (_key, keys) => {
    const user = userEvent.setup();
    renderPage(BOOTS());
    await waitFor(() => expect(addButton()).toHaveClass('disabled'));
    await user.selectOptions(select('Size'), 'uk-1');
    const link = screen.getByRole('button', { name: 'Clear options' });
    link.focus();
    await user.keyboard(keys);
    expect(select('Size')).toHaveValue('');
    expect(select('Size')).toHaveFocus();
    expect(select('Size').closest('tr')).not.toHaveClass('is-selected');
  });

  it('clears a chosen value that became invalid (a server preselection no variation has)', async () => {
    fakeTime();
    // UK 4 exists in black only, and inactive: it cannot stay; Blue can (UK 1-3 come in blue).
    renderPage(demoProps('junior-football-boots', '?attribute_pa_size=uk-4&attribute_colour=Blue'));
    expect(select('Size')).toHaveValue('uk-4');
    await tick(FIRST_CHECK_DELAY);
    expect(select('Size')).toHaveValue('');
    expect(select('Colour')).toHaveValue('Blue');
    expect(optionLabels('Size')).toEqual(['Choose an option', 'UK 1', 'UK 2', 'UK 3']);
    expect(addButton()).toHaveClass('wc-variation-selection-needed');
  });

  it('matches a server preselection at the first check', async () => {
    fakeTime();
    const events = recordEvents();
    renderPage(demoProps('junior-football-boots', '?attribute_pa_size=uk-1&attribute_colour=Blue'));
    await tick(FIRST_CHECK_DELAY);
    expect(events).toEqual(['found_variation 20']);
    expect(sku()).toBe('BOOT-JR-1-BLU');
  });
});

describe('VariationForm: quantity', () => {
  const variations = (overrides: Partial<Variation>[]) => {
    const [template] = VariationFormPropsSchema.parse(BOOTS()).variations as Variation[];
    return overrides.map((o, i) => ({ ...template!, variation_id: 100 + i, ...o }));
  };

  it('clamps the typed quantity between min_qty and max_qty when a variation is found, min when empty', async () => {
    fakeTime();
    renderPage({
      ...BOOTS(),
      attributes: [
        {
          name: 'colour',
          label: 'Colour',
          options: [
            { value: 'Black', label: 'Black' },
            { value: 'Blue', label: 'Blue' },
          ],
        },
      ],
      variations: variations([
        { attributes: { attribute_colour: 'Black' }, min_qty: 2, max_qty: 5 },
        { attributes: { attribute_colour: 'Blue' }, min_qty: 3, max_qty: '' },
      ]),
    });
    await tick(FIRST_CHECK_DELAY);
    typeQuantity('9');
    choose('Colour', 'Black');
    expect(quantity()).toHaveValue(5);
    expect(quantity()).toHaveAttribute('min', '2');
    expect(quantity()).toHaveAttribute('max', '5');
    typeQuantity('');
    choose('Colour', 'Blue');
    expect(quantity()).toHaveValue(3);
    expect(quantity()).not.toHaveAttribute('max');
    // The steppers stop at the limits.
    fireEvent.click(screen.getByRole('button', { name: 'Reduce quantity of Junior Football Boots' }));
    expect(quantity()).toHaveValue(3);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Junior Football Boots' }));
    expect(quantity()).toHaveValue(4);
  });

  it('sold individually: the quantity is 1 and hidden', async () => {
    fakeTime();
    renderPage(demoProps('captains-armband'));
    expect(quantity()).not.toBeVisible();
    await tick(FIRST_CHECK_DELAY);
    choose('Colour', 'Black');
    expect(quantity()).not.toBeVisible();
    expect(quantity()).toHaveValue(1);
    expect(new FormData(form()).get('quantity')).toBe('1');
  });
});

describe('VariationForm: server-fetched variations (Training Jersey, 31 variations)', () => {
  async function chooseJersey(
    user: ReturnType<typeof userEvent.setup>,
    size: string,
    colour: string,
    sleeve: string,
  ) {
    await user.selectOptions(select('Size'), size);
    await user.selectOptions(select('Colour'), colour);
    await user.selectOptions(select('Sleeve length'), sleeve);
  }

  it('asks get_variation with the attribute fields and product_id, blocking the form meanwhile', async () => {
    const posts = recordPosts('get_variation');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      answering('get_variation', async () => {
        await held;
        return undefined;
      }),
    );
    const user = userEvent.setup();
    const events = recordEvents();
    renderPage(JERSEY());
    expect(form()).toHaveAttribute('data-product_variations', 'false');
    // Every value stays listed (WooCommerce does not filter without the data).
    expect(optionLabels('Sleeve length')).toEqual(['Choose an option', 'Short sleeve', 'Long sleeve']);
    await chooseJersey(user, 'm', 'Red', 'Short sleeve');
    expect(form()).toHaveAttribute('aria-busy', 'true');
    expect(form().querySelector('.blockOverlay')).not.toBeNull();
    release();
    await waitFor(() => expect(sku()).toBe('JERSEY-M-RED-S'));
    expect(form()).not.toHaveAttribute('aria-busy');
    expect(form().querySelector('.blockOverlay')).toBeNull();
    expect(posts).toEqual([
      {
        attribute_pa_size: 'm',
        attribute_colour: 'Red',
        'attribute_sleeve-length': 'Short sleeve',
        product_id: '40',
      },
    ]);
    expect(events).toContain('found_variation 45');
    await waitFor(() => expect(panel()).toHaveClass('is-open'));
    expect(panel()).toHaveTextContent('€28.00');
  });

  it('shows the no-match notice when the server answers false (green has no short sleeve)', async () => {
    const user = userEvent.setup();
    renderPage(JERSEY());
    await chooseJersey(user, 's', 'Green', 'Short sleeve');
    const notice = await waitFor(() => {
      const found = document.querySelector('.single_variation_wrap .wc-no-matching-variations');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(notice).toHaveTextContent(TEXT.noMatch);
    expect(notice).toHaveClass('woocommerce-info');
    // Right below the variation panel.
    expect(notice.previousElementSibling).toBe(panel());
    expect(addButton()).toHaveClass('wc-variation-selection-needed');
    expect(sku()).toBe('PRODUCT-SKU');
    // A new choice removes it.
    await user.selectOptions(select('Sleeve length'), 'Long sleeve');
    expect(document.querySelector('.wc-no-matching-variations')).toBeNull();
    await waitFor(() => expect(sku()).toBe('JERSEY-ANY-GRE-L'));
  });

  it('treats an empty body (wp_die) as no match', async () => {
    server.use(answering('get_variation', () => new HttpResponse('', { status: 200 })));
    const user = userEvent.setup();
    renderPage(JERSEY());
    await chooseJersey(user, 'm', 'Red', 'Short sleeve');
    await waitFor(() =>
      expect(document.querySelector('.wc-no-matching-variations')).toHaveTextContent(TEXT.noMatch),
    );
  });

  it('sends custom_data when the form carries it (as jQuery posts an object)', async () => {
    const posts = recordPosts('get_variation');
    const user = userEvent.setup();
    renderPage({ ...JERSEY(), customData: { bundle: 'kit', qty: 2 } });
    await chooseJersey(user, 'l', 'Red', 'Long sleeve');
    await waitFor(() => expect(sku()).toBe('JERSEY-L-RED-L'));
    expect(posts[0]).toMatchObject({
      product_id: '40',
      'custom_data[bundle]': 'kit',
      'custom_data[qty]': '2',
    });
  });

  it('aborts the request still in flight when the selection changes', async () => {
    const aborted: boolean[] = [];
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') !== 'get_variation') return undefined;
        const body = new URLSearchParams(await request.clone().text());
        if (body.get('attribute_colour') === 'Red') {
          request.signal.addEventListener('abort', () => aborted.push(true));
          await delay(2000);
        }
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderPage(JERSEY());
    await chooseJersey(user, 'm', 'Red', 'Short sleeve');
    await user.selectOptions(select('Colour'), 'Navy');
    await waitFor(() => expect(sku()).toBe('JERSEY-M-NAV-S'));
    expect(aborted).toEqual([true]);
  });

  it.each([
    ['HTTP 500', () => new HttpResponse('<h1>Internal Server Error</h1>', { status: 500 })],
    [
      'malformed JSON',
      () => new HttpResponse('{"variation_id":', { headers: { 'Content-Type': 'application/json' } }),
    ],
    [
      'a timeout',
      async () => {
        await delay('infinite');
        return new HttpResponse('');
      },
    ],
  ])(
    'after %s: a message with Try again; add-to-cart checks again, never posting without a variation_id',
    async (_name, answer) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(answering('get_variation', answer));
      const submits = nativeSubmits();
      const asked = recordPosts('get_variation');
      const user = userEvent.setup();
      renderPage({ ...JERSEY(), timeout: 200 });
      await chooseJersey(user, 'm', 'Red', 'Short sleeve');
      const fault = await screen.findByText(TEXT.fault, {}, { timeout: 2000 });
      expect(fault.closest('[role="alert"]')).not.toBeNull();
      expect(form()).not.toHaveAttribute('aria-busy');
      expect(addButton()).not.toHaveClass('disabled');
      expect(select('Size')).toHaveValue('m');
      // WooCommerce refuses the form without its variation_id: the click asks again instead.
      const before = asked.length;
      await user.click(addButton());
      expect(submits).toEqual([]);
      await waitFor(() => expect(asked.length).toBe(before + 1));
      await screen.findByText(TEXT.fault, {}, { timeout: 2000 });

      // Try again, with the server back.
      server.resetHandlers();
      await user.click(screen.getByRole('button', { name: TEXT.retry }));
      await waitFor(() => expect(sku()).toBe('JERSEY-M-RED-S'));
      expect(screen.queryByText(TEXT.fault)).toBeNull();
    },
  );
});

describe('VariationForm: add to cart', () => {
  async function chooseBoots(user: ReturnType<typeof userEvent.setup>, size: string, colour: string) {
    await waitFor(() => expect(addButton()).toHaveClass('disabled'));
    await user.selectOptions(select('Size'), size);
    await user.selectOptions(select('Colour'), colour);
  }

  it('adds the variation through the cart store: its id, quantity and attributes; added, View cart, events', async () => {
    const posts = recordPosts('add_to_cart');
    const submits = nativeSubmits();
    const events: string[] = [];
    cleanups.push(
      on('added_to_cart', (_f, _h, button) => events.push(`added ${button === addButton()}`), document),
    );
    const user = userEvent.setup();
    renderPage(BOOTS());
    await chooseBoots(user, 'uk-2', 'Blue');
    await user.clear(quantity());
    await user.type(quantity(), '2');
    await user.click(addButton());
    await waitFor(() => expect(addButton()).toHaveClass('added'));
    expect(posts).toEqual([
      {
        product_id: '22',
        variation_id: '22',
        quantity: '2',
        attribute_pa_size: 'uk-2',
        attribute_colour: 'Blue',
      },
    ]);
    expect(events).toEqual(['added true']);
    expect(submits).toEqual([]);
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
  });

  it('goes to the product page when WooCommerce refuses the add (error + product_url)', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    server.use(
      answering('add_to_cart', () =>
        HttpResponse.json({
          error: true,
          product_url: 'http://localhost:3000/product/junior-football-boots/',
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage(BOOTS());
    await chooseBoots(user, 'uk-1', 'Black');
    await user.click(addButton());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/product/junior-football-boots/'),
    );
  });

  it('submits the form natively when the add fails (nothing lost)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const submit = vi.spyOn(navigation, 'submit').mockImplementation(() => undefined);
    server.use(answering('add_to_cart', () => new HttpResponse('oops', { status: 500 })));
    const user = userEvent.setup();
    renderPage(BOOTS());
    await chooseBoots(user, 'uk-1', 'Black');
    await user.click(addButton());
    await waitFor(() => expect(submit).toHaveBeenCalledWith(form(), addButton()));
  });

  it('a click before the first check runs it at once: the preselected variation is added', async () => {
    fakeTime();
    const posts = recordPosts('add_to_cart');
    const submits = nativeSubmits();
    renderPage({ ...BOOTS(), selection: { attribute_pa_size: 'uk-2', attribute_colour: 'Blue' } });
    // No timer has run: the form is still as the server printed it.
    fireEvent.click(addButton());
    expect(submits).toEqual([]);
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ product_id: '22', variation_id: '22' });
  });

  it('a click before the first check with nothing chosen posts nothing and says what is needed', () => {
    fakeTime();
    const submits = nativeSubmits();
    renderPage(BOOTS());
    fireEvent.click(addButton());
    expect(submits).toEqual([]);
    expect(screen.getByText(TEXT.selectionNeeded)).toBeVisible();
  });

  it("posts natively a variation taking 'any' value (wc-ajax would lose the chosen value)", async () => {
    const posts = recordPosts('add_to_cart');
    const submits = nativeSubmits();
    const user = userEvent.setup();
    renderPage(JERSEY());
    await user.selectOptions(select('Size'), 'm');
    await user.selectOptions(select('Colour'), 'White');
    await user.selectOptions(select('Sleeve length'), 'Long sleeve');
    await waitFor(() => expect(sku()).toBe('JERSEY-M-WHI-ANY'));
    await user.click(addButton());
    expect(submits).toEqual([form()]);
    expect(posts).toEqual([]);
    const data = new FormData(form());
    expect(data.get('attribute_sleeve-length')).toBe('Long sleeve');
    expect(data.get('variation_id')).toBe('67');
  });
});

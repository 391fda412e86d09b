import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { findProduct } from '../demo/fixtures';
import { stickyAddToCartProps } from '../demo/product/extras';
import { on } from '../src/events/bus';
import { navigation } from '../src/navigation';
import { StickyAddToCartPropsSchema, type StickyAddToCartProps } from '../widgets/sticky-add-to-cart/schema';
import { StickyAddToCart } from '../widgets/sticky-add-to-cart/StickyAddToCart';
import { answering, freshCart, LONG_NAMES } from './support/cart';

const BALL = stickyAddToCartProps(findProduct(13)!);
const BOOTS = stickyAddToCartProps(findProduct(18)!);
const GLOVES = stickyAddToCartProps(findProduct(15)!);
const SLOW_MS = 1500;

/*
 * Where the summary is, told by the story: a stand-in IntersectionObserver replaces the browser's
 * for each story (in Storybook and in jsdom alike), so "scrolled past the summary" is a step of the
 * play function rather than a scroll the frame may not be tall enough for.
 */
let report: ((entries: IntersectionObserverEntry[]) => void) | null = null;
let target: Element | null = null;
class StoryIntersectionObserver {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void) {
    report = callback;
  }
  observe(el: Element) {
    target = el;
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
/** The summary has scrolled out of view above (`true`) or is back in view (`false`). */
function scrolledPastSummary(past: boolean) {
  report?.([
    {
      isIntersecting: !past,
      boundingClientRect: { top: past ? -600 : 100, bottom: past ? -40 : 500 } as DOMRectReadOnly,
      rootBounds: { top: 0, bottom: 800 } as DOMRectReadOnly,
      target: target!,
    } as unknown as IntersectionObserverEntry,
  ]);
}

/** The product page's summary (Storefront's `trigger_class`) with the product's form, above the bar. */
function ProductPage({
  props,
  form,
}: {
  props: StickyAddToCartProps;
  form: 'simple' | 'variable' | 'waitlist';
}) {
  return (
    <div id={`product-${props.productId}`} className="product">
      <div className="summary entry-summary">
        <h1 className="product_title entry-title">{props.productName}</h1>
        {form === 'simple' && (
          <form className="cart" onSubmit={(event) => event.preventDefault()}>
            <div className="quantity">
              <label htmlFor="story-quantity">Quantity</label>{' '}
              <input id="story-quantity" type="number" name="quantity" defaultValue={2} min={1} />
            </div>
            <button type="submit" className="single_add_to_cart_button button alt">
              Add to cart
            </button>
          </form>
        )}
        {form === 'variable' && (
          <form className="variations_form cart">
            <label htmlFor="story-size">Size</label>{' '}
            <select id="story-size" defaultValue="">
              <option value="">Choose an option</option>
              <option value="uk-2">UK 2</option>
            </select>{' '}
            <label htmlFor="story-colour">Colour</label>{' '}
            <select id="story-colour" defaultValue="">
              <option value="">Choose an option</option>
              <option value="Blue">Blue</option>
            </select>
          </form>
        )}
        {form === 'waitlist' && (
          <div className="commercekit-waitlist">
            <form className="commercekit-waitlist-form" onSubmit={(event) => event.preventDefault()}>
              <label htmlFor="story-email">Email address</label> <input id="story-email" type="email" />
            </form>
          </div>
        )}
      </div>
      <StickyAddToCart {...StickyAddToCartPropsSchema.parse(props)} />
    </div>
  );
}

const bar = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('section.storefront-sticky-add-to-cart')!;
const barLink = (canvasElement: HTMLElement, name: string) =>
  within(bar(canvasElement)).getByRole('link', { name });
/** The success_message, announced 1 s after the add (storefront.md §4). */
const announced = () =>
  waitFor(
    () =>
      expect(document.getElementById('shop-islands-live')).toHaveTextContent(
        '“Pro Match Football” has been added to your cart',
      ),
    { timeout: 3000 },
  );
async function showBar(canvasElement: HTMLElement) {
  scrolledPastSummary(true);
  await waitFor(() => expect(bar(canvasElement)).not.toHaveAttribute('aria-hidden'));
}

const meta = {
  title: 'Widgets/Sticky add-to-cart bar',
  component: ProductPage,
  args: { props: BALL, form: 'simple' },
  beforeEach: () => {
    const cleanup = freshCart();
    const Original = window.IntersectionObserver;
    window.IntersectionObserver = StoryIntersectionObserver as unknown as typeof IntersectionObserver;
    // Stories never leave the page: where the browser would go is recorded instead.
    const assign = spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const error = spyOn(console, 'error');
    return async () => {
      window.IntersectionObserver = Original;
      report = null;
      target = null;
      assign.mockRestore();
      error.mockRestore();
      document.body.style.paddingBottom = '';
      document.documentElement.style.scrollPaddingTop = '';
      document.documentElement.style.scrollPaddingBottom = '';
      await cleanup();
    };
  },
} satisfies Meta<typeof ProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  name: 'Hidden (the summary in view)',
  play: async ({ canvasElement }) => {
    expect(target).toBe(canvasElement.querySelector('.entry-summary'));
    expect(bar(canvasElement)).toHaveAttribute('aria-hidden', 'true');
    expect(bar(canvasElement)).toHaveAttribute('inert');
    expect(within(canvasElement).queryByRole('link', { name: 'Add to cart' })).not.toBeInTheDocument();
  },
};

export const Shown: Story = {
  name: 'Shown (scrolled past the summary), then hidden again',
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    expect(bar(canvasElement)).toHaveClass('storefront-sticky-add-to-cart--slideInDown');
    expect(bar(canvasElement)).toHaveTextContent("You're viewing: Pro Match Football");
    expect(barLink(canvasElement, 'Add to cart')).toHaveAttribute('href', '?add-to-cart=13');
    scrolledPastSummary(false);
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('aria-hidden', 'true'));
    expect(bar(canvasElement)).toHaveClass('storefront-sticky-add-to-cart--slideOutUp');
  },
};

export const Simple: Story = {
  name: 'Simple product: Add to cart adds the form’s quantity (the drawer would open)',
  play: async ({ canvasElement }) => {
    const added: unknown[] = [];
    const stop = on('added_to_cart', (...args) => added.push(args));
    await showBar(canvasElement);
    await userEvent.click(barLink(canvasElement, 'Add to cart'));
    await waitFor(() => expect(added).toHaveLength(1), { timeout: 3000 });
    stop();
    await waitFor(() => expect(barLink(canvasElement, 'Add to cart')).toHaveClass('added'));
    expect(navigation.assign).not.toHaveBeenCalled();
    await announced();
  },
};

export const Variable: Story = {
  name: 'Variable product: Select options goes to the first select',
  args: { props: BOOTS, form: 'variable' },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    expect(within(bar(canvasElement)).getByRole('img', { name: /^Rated/ })).toBeInTheDocument();
    await userEvent.click(barLink(canvasElement, 'Select options'));
    expect(within(canvasElement).getByRole('combobox', { name: 'Size' })).toHaveFocus();
  },
};

export const OutOfStock: Story = {
  name: 'Out of stock: Read more goes to the waitlist form',
  args: { props: GLOVES, form: 'waitlist' },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    barLink(canvasElement, 'Read more').focus();
    await userEvent.keyboard('{Enter}');
    expect(within(canvasElement).getByRole('textbox', { name: 'Email address' })).toHaveFocus();
  },
};

export const AddInProgress: Story = {
  name: 'Add in progress (slow server)',
  parameters: {
    msw: {
      handlers: answering('add_to_cart', async () => {
        await delay(SLOW_MS);
        return undefined;
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    await userEvent.click(barLink(canvasElement, 'Add to cart'));
    expect(barLink(canvasElement, 'Add to cart')).toHaveClass('loading');
    expect(barLink(canvasElement, 'Add to cart')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(barLink(canvasElement, 'Add to cart')).toHaveClass('added'), {
      timeout: SLOW_MS + 2000,
    });
    await announced();
  },
};

export const AddFailed: Story = {
  name: 'Add failed (500): the link is followed (?add-to-cart=13)',
  parameters: {
    msw: { handlers: answering('add_to_cart', () => new HttpResponse('error', { status: 500 })) },
  },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    await userEvent.click(barLink(canvasElement, 'Add to cart'));
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(new URL('?add-to-cart=13', location.href).href),
    );
  },
};

export const LongName: Story = {
  name: 'Long name: cut with an ellipsis, whole for screen readers',
  args: { props: { ...BOOTS, productName: LONG_NAMES[0]! }, form: 'variable' },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    expect(bar(canvasElement).querySelector('strong')).toHaveTextContent(LONG_NAMES[0]!);
    expect(barLink(canvasElement, 'Select options')).toBeVisible();
  },
};

export const Mobile: Story = {
  name: 'Mobile: a bottom bar, the page gets room for it',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvasElement }) => {
    await showBar(canvasElement);
    expect(document.body.style.paddingBottom).not.toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).not.toBe('');
    scrolledPastSummary(false);
    await waitFor(() => expect(document.body.style.paddingBottom).toBe(''));
  },
};

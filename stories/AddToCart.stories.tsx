import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ADD_UNCONFIRMED_MESSAGE } from '../src/cart/outcome';
import { navigation } from '../src/navigation';
import { REFUSED_NAVIGATION_MESSAGE } from '../src/security/url';
import { AddToCart } from '../widgets/add-to-cart/AddToCart';
import { AddToCartPropsSchema, type AddToCartProps } from '../widgets/add-to-cart/schema';
import { answering, freshCartStayingOnPage, LONG_NAMES, MountedIsland } from './support/cart';

/** WooCommerce's listing button for Pro Match Football (samples 04, 07), as the demo prints it. */
const BALL: AddToCartProps = {
  href: '?add-to-cart=13',
  label: 'Add to cart',
  className: 'button product_type_simple add_to_cart_button ajax_add_to_cart',
  ariaLabel: 'Add to cart: “Pro Match Football”',
  rel: 'nofollow',
  data: {
    quantity: 1,
    product_id: 13,
    product_sku: 'BALL-001',
    success_message: '“Pro Match Football” has been added to your cart',
  },
};

/** How long the slow server takes (ms): long enough to see the loading state. */
const SLOW_MS = 1500;

const button = (canvasElement: HTMLElement, name = 'Add to cart: “Pro Match Football”') =>
  within(canvasElement).getByRole('link', { name });
const viewCart = (canvasElement: HTMLElement) =>
  within(canvasElement).queryAllByRole('link', { name: 'View cart' });
const liveRegion = () => document.getElementById('shop-islands-live');

/** Where the browser would go: the button's link, resolved against this page. */
const linkUrl = (href: string) => new URL(href, location.href).href;

/** The listing's product card around the button (the server's `li.product`). */
function ProductCard({ props, title }: { props: AddToCartProps; title: string }) {
  return (
    <ul className="products" style={{ listStyle: 'none', padding: 0, maxWidth: '16rem' }}>
      <li className="product">
        <h2 className="woocommerce-loop-product__title" style={{ fontSize: '1rem' }}>
          {title}
        </h2>
        <span className="price">€49.99</span>{' '}
        <MountedIsland name="add-to-cart">
          <AddToCart {...AddToCartPropsSchema.parse(props)} />
        </MountedIsland>
      </li>
    </ul>
  );
}

const meta = {
  title: 'Widgets/Add to cart',
  component: ProductCard,
  args: { props: BALL, title: 'Pro Match Football' },
  // Stories never leave the page: where the browser would go is recorded instead.
  beforeEach: freshCartStayingOnPage,
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    expect(link).toHaveAttribute('href', '?add-to-cart=13');
    expect(link).toHaveAttribute('data-product_id', '13');
    expect(link).toHaveAttribute('data-quantity', '1');
    expect(link).toHaveClass('add_to_cart_button', 'ajax_add_to_cart');
    expect(link).not.toHaveClass('loading');
    expect(link).not.toHaveClass('added');
    expect(viewCart(canvasElement)).toHaveLength(0);
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: answering('add_to_cart', async () => {
        await delay(SLOW_MS);
        return undefined; // then the demo store answers
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    expect(link).toHaveClass('loading');
    expect(link).toHaveAttribute('aria-busy', 'true');
    expect(link).not.toHaveClass('added');
    await waitFor(() => expect(link).toHaveClass('added'), { timeout: SLOW_MS + 3000 });
  },
};

export const AddedWithViewCart: Story = {
  name: 'Added, with View cart',
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    await waitFor(() => expect(link).toHaveClass('added'));
    expect(link).not.toHaveAttribute('aria-busy');
    const [view] = viewCart(canvasElement);
    expect(view).toHaveAttribute('href', '/cart/');
    expect(view).toHaveClass('added_to_cart', 'wc-forward');
    expect(link.nextElementSibling).toBe(view);
    // Announced to screen readers 1 s after the add.
    await waitFor(
      () => expect(liveRegion()).toHaveTextContent('“Pro Match Football” has been added to your cart'),
      {
        timeout: 3000,
      },
    );
    // A second add: still one View cart link.
    await userEvent.click(link);
    await waitFor(() => expect(link).toHaveClass('added'));
    expect(viewCart(canvasElement)).toHaveLength(1);
  },
};

export const OnTheCartPage: Story = {
  name: 'Added on the cart page (no View cart link)',
  parameters: { settings: { is_cart: '1' } },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    await waitFor(() => expect(link).toHaveClass('added'));
    expect(viewCart(canvasElement)).toHaveLength(0);
  },
};

export const ErrorFollowsLink: Story = {
  name: 'Error (HTTP 500): follows the link',
  parameters: {
    msw: { handlers: answering('add_to_cart', () => new HttpResponse('<h1>Error</h1>', { status: 500 })) },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement));
    // WooCommerce's page-load add: `?add-to-cart=13`.
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(linkUrl('?add-to-cart=13')));
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('add-to-cart: the product could not be added in the page'),
      expect.anything(),
    );
  },
};

export const MalformedAnswerFollowsLink: Story = {
  name: 'HTML instead of JSON: follows the link',
  parameters: {
    msw: {
      handlers: answering(
        'add_to_cart',
        () =>
          new HttpResponse('<!DOCTYPE html><p>Maintenance</p>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(linkUrl('?add-to-cart=13')));
  },
};

export const RefusedGoesToProduct: Story = {
  name: 'Refused by WooCommerce: goes to the product page',
  parameters: {
    msw: {
      handlers: answering('add_to_cart', () =>
        HttpResponse.json({ error: true, product_url: '/product/pro-match-football/' }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/product/pro-match-football/'));
    expect(viewCart(canvasElement)).toHaveLength(0);
  },
};

export const RefusedOffSite: Story = {
  name: 'Refused, with a product URL off the store: not followed, the shopper told',
  parameters: {
    msw: {
      handlers: answering('add_to_cart', () =>
        HttpResponse.json({ error: true, product_url: 'https://evil.example/product/pro-match-football/' }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    const alert = await within(canvasElement).findByRole('alert');
    expect(alert).toHaveTextContent(REFUSED_NAVIGATION_MESSAGE);
    expect(navigation.assign).not.toHaveBeenCalled();
    expect(link).not.toHaveAttribute('aria-busy');
  },
};

export const AddUnconfirmed: Story = {
  name: 'No answer, and the cart unreadable: not re-sent, the shopper told to check the cart',
  parameters: {
    msw: { handlers: [http.post('*', () => new HttpResponse('Service Unavailable', { status: 503 }))] },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(button(canvasElement));
    const alert = await within(canvasElement).findByRole('alert');
    expect(alert).toHaveTextContent(ADD_UNCONFIRMED_MESSAGE);
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const Vetoed: Story = {
  name: 'Vetoed by a pre-send hook: reset',
  beforeEach: () => {
    const veto = (event: Event) => event.preventDefault();
    document.body.addEventListener('should_send_ajax_request.adding_to_cart', veto);
    return () => document.body.removeEventListener('should_send_ajax_request.adding_to_cart', veto);
  },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    await userEvent.click(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(link).not.toHaveClass('loading');
    expect(link).not.toHaveClass('added');
    expect(link).not.toHaveAttribute('aria-busy');
    expect(navigation.assign).not.toHaveBeenCalled();
  },
};

export const LongName: Story = {
  args: {
    title: LONG_NAMES[1]!,
    props: {
      ...BALL,
      ariaLabel: `Add to cart: “${LONG_NAMES[1]}”`,
      data: { ...BALL.data, success_message: `“${LONG_NAMES[1]}” has been added to your cart` },
    },
  },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement, `Add to cart: “${LONG_NAMES[1]}”`);
    await userEvent.click(link);
    await waitFor(() => expect(link).toHaveClass('added'));
    await waitFor(
      () => expect(liveRegion()).toHaveTextContent(`“${LONG_NAMES[1]}” has been added to your cart`),
      {
        timeout: 3000,
      },
    );
  },
};

export const WithoutProductId: Story = {
  name: 'Without product_id: a plain link',
  args: { props: { ...BALL, data: { quantity: 1, product_sku: 'BALL-001' } } },
  play: async ({ canvasElement }) => {
    const link = button(canvasElement);
    let followed = false;
    const listener = (event: MouseEvent) => {
      followed = !event.defaultPrevented;
      event.preventDefault(); // the story stays on its page
    };
    document.addEventListener('click', listener);
    await userEvent.click(link);
    document.removeEventListener('click', listener);
    expect(followed).toBe(true);
    expect(link).not.toHaveClass('loading');
  },
};

/** A simple product's form.cart, with the island around its submit button. */
function ProductForm() {
  return (
    <form
      className="cart"
      action="/product/training-ball/"
      method="post"
      onSubmit={(e) => e.preventDefault()}
    >
      <label htmlFor="quantity_16">Training Ball quantity</label>{' '}
      <input
        id="quantity_16"
        className="input-text qty text"
        type="number"
        name="quantity"
        defaultValue={1}
        min={1}
      />{' '}
      <MountedIsland name="add-to-cart">
        <AddToCart
          {...AddToCartPropsSchema.parse({
            label: 'Add to cart',
            className: 'single_add_to_cart_button button alt',
            data: {
              product_id: 16,
              product_sku: 'BALL-002',
              success_message: '“Training Ball” has been added to your cart',
            },
            element: 'submit',
          })}
        />
      </MountedIsland>
    </form>
  );
}

export const ProductPageForm: Story = {
  name: "On a simple product's page",
  render: () => <ProductForm />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const quantity = canvas.getByLabelText('Training Ball quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    const submit = canvas.getByRole('button', { name: 'Add to cart' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveClass('added'));
    expect(canvas.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(navigation.submit).not.toHaveBeenCalled();
  },
};

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from '../../src/a11y/announce';
import { COOKIES_BLOCKED_MESSAGE, setCookiesBlockedForTesting } from '../../src/cart/cookies-blocked';
import { setSettings } from '../../src/contract/read-settings';
import { on } from '../../src/events/bus';
import { navigation } from '../../src/navigation';
import { withCartTestServer } from '../../src/test/cart';
import { AddToCart } from './AddToCart';
import { AddToCartPropsSchema, type AddToCartProps } from './schema';

vi.mock('../../src/a11y/announce', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/a11y/announce')>();
  return { ...original, announce: vi.fn(original.announce) };
});

const server = withCartTestServer();
/** Listeners a test added to the document or the server, removed after it. */
const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

const NAME = 'Add to cart: “Pro Match Football”';
const SUCCESS = '“Pro Match Football” has been added to your cart';
const BALL: AddToCartProps = {
  href: '?add-to-cart=13',
  ariaLabel: NAME,
  rel: 'nofollow',
  data: { quantity: 1, product_id: 13, product_sku: 'BALL-001', success_message: SUCCESS },
};

function renderButton(props: AddToCartProps = BALL) {
  return render(
    <ul>
      <li className="product">
        <AddToCart {...AddToCartPropsSchema.parse(props)} />
      </li>
    </ul>,
  );
}
const button = () => screen.getByRole('link', { name: NAME });
const viewCartLinks = () => screen.queryAllByRole('link', { name: 'View cart' });

/** The bodies of the add_to_cart requests, in the order they reached the server. */
function recordAdds(): Record<string, string>[] {
  const bodies: Record<string, string>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return;
    bodies.push(Object.fromEntries(new URLSearchParams(await request.clone().text())));
  });
  return bodies;
}

/** Clicks whose default action nobody prevented: the browser would have followed the link. */
function followedClicks(): Element[] {
  const followed: Element[] = [];
  const listener = (event: MouseEvent) => {
    if (!event.defaultPrevented && event.target instanceof Element) followed.push(event.target);
    event.preventDefault(); // jsdom does not navigate
  };
  document.addEventListener('click', listener);
  cleanups.push(() => document.removeEventListener('click', listener));
  return followed;
}

const addHandler = (answer: () => Response | Promise<Response>) =>
  http.post('*', ({ request }) =>
    new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart' ? answer() : undefined,
  );

describe('AddToCart', () => {
  it("renders WooCommerce's button: its link, classes, label and data attributes", () => {
    renderButton();
    expect(button()).toHaveAttribute('href', '?add-to-cart=13');
    expect(button()).toHaveAttribute('rel', 'nofollow');
    expect(button()).toHaveAttribute('data-product_id', '13');
    expect(button()).toHaveAttribute('data-product_sku', 'BALL-001');
    expect(button()).toHaveAttribute('data-quantity', '1');
    expect(button()).toHaveAttribute('data-success_message', SUCCESS);
    expect(button()).toHaveClass('button', 'product_type_simple', 'add_to_cart_button', 'ajax_add_to_cart');
    expect(button()).toHaveTextContent('Add to cart');
    expect(button()).not.toHaveAttribute('aria-busy');
    expect(viewCartLinks()).toHaveLength(0);
  });

  it('adds in the page: loading, then added, the View cart link after it, the message announced after 1 s', async () => {
    const adds = recordAdds();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') === 'add_to_cart') await held;
        return undefined;
      }),
    );
    const followed = followedClicks();
    renderButton();

    await userEvent.click(button());
    expect(button()).toHaveClass('loading');
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(button()).not.toHaveClass('added');
    release();

    await waitFor(() => expect(button()).toHaveClass('added'));
    expect(button()).not.toHaveClass('loading');
    expect(button()).not.toHaveAttribute('aria-busy');
    expect(followed).toEqual([]);
    // The data attributes without success_message (sample 07's body).
    expect(adds).toEqual([{ quantity: '1', product_id: '13', product_sku: 'BALL-001' }]);
    const [viewCart] = viewCartLinks();
    expect(viewCart).toHaveAttribute('href', '/cart/');
    expect(viewCart).toHaveClass('added_to_cart', 'wc-forward');
    expect(viewCart).toHaveAttribute('title', 'View cart');
    // Right after the button.
    expect(button().nextElementSibling).toBe(viewCart);
    expect(announce).toHaveBeenCalledWith(SUCCESS, { delay: 1000 });
  });

  it('announces the success message to screen readers 1 s after the add, not before', async () => {
    renderButton();
    // The clock starts before the click: the add itself takes a few ms here, and a busy machine
    // noticing the answer late cannot make the announcement look early.
    const clickedAt = Date.now();
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveClass('added'));
    const region = () => document.getElementById('shop-islands-live');
    await waitFor(() => expect(region()).toHaveTextContent(SUCCESS), { timeout: 5000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1000);
    expect(region()).toHaveAttribute('aria-live', 'polite');
  });

  it("fires WooCommerce's events: adding_to_cart, added_to_cart with the button, then wc_cart_button_updated", async () => {
    const events: string[] = [];
    const stops = [
      on('adding_to_cart', (el, data) => events.push(`adding ${el === button()} ${data.product_id}`)),
      on('added_to_cart', (fragments, hash, el) =>
        events.push(
          `added ${el === button()} ${'div.widget_shopping_cart_content' in fragments} ${hash !== ''}`,
        ),
      ),
      on('wc_cart_button_updated', (el) =>
        events.push(
          `updated ${el === button()} ${el?.classList.contains('added')} ${viewCartLinks().length}`,
        ),
      ),
    ];
    renderButton();
    await userEvent.click(button());
    await waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual(['adding true 13', 'added true true true', 'updated true true 1']);
    stops.forEach((stop) => stop());
  });

  it('inserts the View cart link once, however many adds follow', async () => {
    renderButton();
    for (let i = 0; i < 3; i += 1) {
      await userEvent.click(button());
      await waitFor(() => expect(button()).toHaveClass('added'));
    }
    expect(viewCartLinks()).toHaveLength(1);
  });

  it('inserts no View cart link on the cart page', async () => {
    setSettings({ ...(await import('../../src/test/cart')).CART_TEST_SETTINGS, is_cart: '1' });
    renderButton();
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveClass('added'));
    expect(viewCartLinks()).toHaveLength(0);
  });

  it('reads the data attributes when clicked (another script changed data-quantity)', async () => {
    const adds = recordAdds();
    renderButton();
    button().setAttribute('data-quantity', '3');
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveClass('added'));
    expect(adds).toEqual([{ quantity: '3', product_id: '13', product_sku: 'BALL-001' }]);
  });

  it('queues rapid clicks: one add each, one at a time, in order', async () => {
    let inFlight = 0;
    let most = 0;
    const quantities: string[] = [];
    server.use(
      http.post('*', async ({ request }) => {
        if (new URL(request.url).searchParams.get('wc-ajax') !== 'add_to_cart') return undefined;
        inFlight += 1;
        most = Math.max(most, inFlight);
        quantities.push(new URLSearchParams(await request.clone().text()).get('quantity') ?? '');
        await delay(5);
        inFlight -= 1;
        return undefined; // the demo store answers
      }),
    );
    renderButton();
    // Each click carries its own quantity: the order they reach the server shows.
    act(() => {
      for (let i = 1; i <= 10; i += 1) {
        button().setAttribute('data-quantity', String(i));
        button().click();
      }
    });
    expect(button()).toHaveClass('loading');
    await waitFor(() => expect(button()).toHaveClass('added'), { timeout: 5000 });
    expect(quantities).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(most).toBe(1);
    expect(viewCartLinks()).toHaveLength(1);
  });

  describe('outcomes other than added', () => {
    it('a pre-send hook vetoes the add: nothing is sent and the button is reset', async () => {
      const adds = recordAdds();
      const notSent: unknown[][] = [];
      const veto = (event: Event) => event.preventDefault();
      document.body.addEventListener('should_send_ajax_request.adding_to_cart', veto);
      const stop = on('ajax_request_not_sent.adding_to_cart', (...args) => notSent.push(args));
      const followed = followedClicks();
      renderButton();

      await userEvent.click(button());

      await waitFor(() => expect(notSent).toHaveLength(1));
      expect(notSent[0]).toEqual([false, false, button()]);
      expect(button()).not.toHaveClass('loading');
      expect(button()).not.toHaveClass('added');
      expect(button()).not.toHaveAttribute('aria-busy');
      expect(adds).toEqual([]);
      expect(followed).toEqual([]);
      expect(viewCartLinks()).toHaveLength(0);
      stop();
      document.body.removeEventListener('should_send_ajax_request.adding_to_cart', veto);
    });

    it('WooCommerce refuses the add (error + product_url, samples 09-11): the browser goes to the product', async () => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      server.use(
        addHandler(() =>
          HttpResponse.json({
            error: true,
            product_url: 'http://localhost:3000/product/pro-match-football/',
          }),
        ),
      );
      renderButton();
      await userEvent.click(button());
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('http://localhost:3000/product/pro-match-football/'),
      );
      expect(assign).toHaveBeenCalledTimes(1);
      expect(button()).toHaveClass('loading');
      expect(viewCartLinks()).toHaveLength(0);
    });

    it("cart_redirect_after_add 'yes': the browser goes to the cart page", async () => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      setSettings({
        ...(await import('../../src/test/cart')).CART_TEST_SETTINGS,
        cart_redirect_after_add: 'yes',
      });
      renderButton();
      await userEvent.click(button());
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/cart/'));
    });

    it.each([
      ['HTTP 500', () => new HttpResponse('<h1>Error</h1>', { status: 500 })],
      ['a network error', () => HttpResponse.error()],
      [
        'malformed JSON',
        () => new HttpResponse('{"fragments":{', { headers: { 'Content-Type': 'application/json' } }),
      ],
      [
        'HTML instead of JSON',
        () =>
          new HttpResponse('<!DOCTYPE html><p>Maintenance</p>', { headers: { 'Content-Type': 'text/html' } }),
      ],
      ['JSON of another shape', () => HttpResponse.json({ success: true })],
    ])('%s: the link is followed (the page-load add), never a dead button', async (_case, answer) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      server.use(addHandler(answer));
      renderButton();
      await userEvent.click(button());
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/?add-to-cart=13'));
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('add-to-cart: the product could not be added in the page'),
        expect.anything(),
      );
    });
  });

  describe('when the browser refuses cookies', () => {
    afterEach(() => setCookiesBlockedForTesting(null));
    /** The announcements that the cart cannot be kept, so far. */
    const cookieAnnouncements = () =>
      vi.mocked(announce).mock.calls.filter(([message]) => message === COOKIES_BLOCKED_MESSAGE);

    it('the first add announces that the cart cannot be kept (assertive), the next ones do not', async () => {
      setCookiesBlockedForTesting(true);
      const before = cookieAnnouncements().length;
      const adds = recordAdds();
      renderButton();
      await userEvent.click(button());
      await waitFor(() => expect(button()).toHaveClass('added'));
      await waitFor(() => expect(cookieAnnouncements()).toHaveLength(before + 1));
      expect(cookieAnnouncements().at(-1)).toEqual([COOKIES_BLOCKED_MESSAGE, { politeness: 'assertive' }]);
      // The add itself went ahead as usual: it is the next page that will not have it.
      expect(adds).toHaveLength(1);

      await userEvent.click(button());
      await waitFor(() => expect(adds).toHaveLength(2));
      await waitFor(() => expect(button()).toHaveClass('added'));
      expect(cookieAnnouncements()).toHaveLength(before + 1);
    });

    it('cookies kept: no such announcement', async () => {
      setCookiesBlockedForTesting(false);
      const before = cookieAnnouncements().length;
      renderButton();
      await userEvent.click(button());
      await waitFor(() => expect(button()).toHaveClass('added'));
      await waitFor(() => expect(announce).toHaveBeenCalledWith(SUCCESS, { delay: 1000 }));
      expect(cookieAnnouncements()).toHaveLength(before);
    });
  });

  describe('clicks it leaves to the browser', () => {
    it('a button without product_id is a plain link', async () => {
      const adds = recordAdds();
      const followed = followedClicks();
      renderButton({ ...BALL, data: { quantity: 1, product_sku: 'BALL-001' } });
      await userEvent.click(button());
      expect(followed).toEqual([button()]);
      expect(button()).not.toHaveClass('loading');
      expect(adds).toEqual([]);
    });

    it("a link that is not ajax_add_to_cart ('Read more')", async () => {
      const followed = followedClicks();
      render(
        <AddToCart
          {...AddToCartPropsSchema.parse({
            href: '/product/goalkeeper-gloves/',
            label: 'Read more',
            className: 'button product_type_simple',
            data: { product_id: 15 },
          })}
        />,
      );
      await userEvent.click(screen.getByRole('link', { name: 'Read more' }));
      expect(followed).toHaveLength(1);
    });

    it('a click with a modifier key (new tab or window)', async () => {
      const followed = followedClicks();
      renderButton();
      const user = userEvent.setup();
      await user.keyboard('{Control>}');
      await user.click(button());
      await user.keyboard('{/Control}');
      expect(followed).toEqual([button()]);
      expect(button()).not.toHaveClass('loading');
    });

    it('a page without the settings block', async () => {
      setSettings(null);
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const followed = followedClicks();
      renderButton();
      await userEvent.click(button());
      expect(followed).toEqual([button()]);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('no settings'), expect.anything());
    });
  });

  it('works from the keyboard: Tab, Enter', async () => {
    renderButton();
    await userEvent.tab();
    expect(button()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button()).toHaveClass('added'));
    expect(button()).toHaveFocus();
  });
});

describe("AddToCart on a simple product's form", () => {
  const SUBMIT: AddToCartProps = {
    label: 'Add to cart',
    className: 'single_add_to_cart_button button alt',
    data: {
      product_id: 16,
      product_sku: 'BALL-002',
      success_message: '“Training Ball” has been added to your cart',
    },
    element: 'submit',
  };

  function renderForm(props: AddToCartProps = SUBMIT) {
    return render(
      <form className="cart" action="/product/training-ball/" method="post">
        <label htmlFor="qty">Training Ball quantity</label>
        <input id="qty" type="number" name="quantity" defaultValue={1} min={1} max={5} />
        <AddToCart {...AddToCartPropsSchema.parse(props)} />
      </form>,
    );
  }
  const submit = () => screen.getByRole('button', { name: 'Add to cart' });

  it("adds the form's quantity in the page", async () => {
    const adds = recordAdds();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderForm();
    document.querySelector('form')!.addEventListener('submit', onSubmit);
    await userEvent.clear(screen.getByLabelText('Training Ball quantity'));
    await userEvent.type(screen.getByLabelText('Training Ball quantity'), '3');
    expect(submit()).toHaveAttribute('name', 'add-to-cart');
    expect(submit()).toHaveAttribute('value', '16');

    await userEvent.click(submit());

    await waitFor(() => expect(submit()).toHaveClass('added'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(adds).toEqual([{ product_id: '16', product_sku: 'BALL-002', quantity: '3' }]);
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
    expect(announce).toHaveBeenCalledWith('“Training Ball” has been added to your cart', { delay: 1000 });
  });

  it('Enter in the quantity field adds too (the form submits through its button)', async () => {
    const adds = recordAdds();
    renderForm();
    await userEvent.type(screen.getByLabelText('Training Ball quantity'), '{Enter}');
    await waitFor(() => expect(submit()).toHaveClass('added'));
    expect(adds).toHaveLength(1);
  });

  it('an invalid quantity is left to the form: its validation, no request', async () => {
    const adds = recordAdds();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderForm();
    document.querySelector('form')!.addEventListener('submit', onSubmit);
    await userEvent.clear(screen.getByLabelText('Training Ball quantity'));
    await userEvent.type(screen.getByLabelText('Training Ball quantity'), '9');
    await userEvent.click(submit());
    expect(adds).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled(); // the browser's validation stopped it
    expect(submit()).not.toHaveClass('loading');
  });

  /** Submissions the browser would have sent (recorded after every other listener, then stopped). */
  function sentSubmissions(): HTMLFormElement[] {
    const sent: HTMLFormElement[] = [];
    const record = (event: Event) => {
      if (!event.defaultPrevented) sent.push(event.target as HTMLFormElement);
      event.preventDefault(); // jsdom does not load pages
    };
    window.addEventListener('submit', record);
    cleanups.push(() => window.removeEventListener('submit', record));
    return sent;
  }

  it('no settings block (the add is left to the form): a double click and Enter post it once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSettings(null);
    const adds = recordAdds();
    renderForm();
    const sent = sentSubmissions();
    await userEvent.dblClick(submit());
    await userEvent.type(screen.getByLabelText('Training Ball quantity'), '{Enter}');
    expect(sent).toHaveLength(1);
    expect(adds).toEqual([]);
  });

  it('two failed adds (a double click) post the form once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adds = recordAdds();
    server.use(addHandler(() => new HttpResponse('', { status: 500 })));
    renderForm();
    const sent = sentSubmissions();
    await userEvent.dblClick(submit());
    await waitFor(() => expect(adds).toHaveLength(2));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Both failures have taken the fallback by now; the second was held back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent).toHaveLength(1);
  });

  it('a failed add submits the form as its button would (the page-load add)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const submitForm = vi.spyOn(navigation, 'submit').mockImplementation(() => undefined);
    server.use(addHandler(() => new HttpResponse('', { status: 500 })));
    renderForm();
    await userEvent.click(submit());
    await waitFor(() => expect(submitForm).toHaveBeenCalledWith(document.querySelector('form'), submit()));
  });
});

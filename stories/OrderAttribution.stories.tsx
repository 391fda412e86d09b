import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useLayoutEffect, useState } from 'react';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { orderAttributionProps } from '../demo/chrome/attribution';
import { ORDER_ATTRIBUTION_FIELDS } from '../demo/checkout/page';
import { renderIsland } from '../demo/html';
import { islandSrc } from '../src/test/islands';
import { islandRuntime } from './support/server-markup';

/**
 * The order attribution tracker (a non-React island, widgets/order-attribution) on a checkout-like
 * form: the server's hidden `wc_order_attribution_*` inputs and the tracker's container, then the
 * island runtime, as on the page. For designers, a readonly table shows what the hidden inputs
 * hold, and the `sbjs_*` cookies the tracker keeps. Each story sets the visit (the page's URL and
 * referrer) and starts without cookies.
 */
const { start: startRuntime, stop: stopIslands } = islandRuntime({
  'order-attribution': () => import('../widgets/order-attribution/island'),
});
const LOAD = { timeout: 5000 };
const PREFIX = 'wc_order_attribution_';
const COOKIES = ['current', 'current_add', 'first', 'first_add', 'session', 'udata', 'migrations'];

const clearCookies = () => {
  for (const name of COOKIES) document.cookie = `sbjs_${name}=; Path=/; Max-Age=0`;
};

/** The `sbjs_*` cookies of the page, decoded for reading. */
const readCookies = (): [string, string][] =>
  document.cookie
    .split('; ')
    .filter((pair) => pair.startsWith('sbjs_'))
    .map((pair) => {
      const eq = pair.indexOf('=');
      let value = pair.slice(eq + 1);
      try {
        value = decodeURIComponent(value);
      } catch {
        // Shown as stored.
      }
      return [pair.slice(0, eq), value];
    });

interface AttributionArgs {
  /** The query string of the visit ('' for none). */
  query: string;
  /** `document.referrer` of the visit ('' for none). */
  referrer: string;
  /** Props as printed (default: what WooCommerce 9.9 prints). */
  props?: unknown;
  /** Tracking cookies a former visit left, set before the page loads. */
  cookies?: string[];
  width?: number;
}

/** What the designer sees: the hidden inputs' values and the cookies, read after the tracker ran. */
function Inspector({ form }: { form: () => HTMLFormElement | null }) {
  const [fields, setFields] = useState<[string, string][]>([]);
  const [cookies, setCookies] = useState<[string, string][]>([]);
  const [state, setState] = useState('waiting for the tracker');
  useEffect(() => {
    const read = (event?: Event) => {
      const inputs = [...(form()?.querySelectorAll<HTMLInputElement>(`input[name^="${PREFIX}"]`) ?? [])];
      setFields(inputs.map((input) => [input.name, input.value]));
      setCookies(readCookies());
      if (event?.type === 'shop-islands:failed') setState('refused its props: the inputs stay as printed');
      else if (event) setState('ran');
    };
    read();
    document.addEventListener('shop-islands:order-attribution', read);
    document.addEventListener('shop-islands:failed', read);
    return () => {
      document.removeEventListener('shop-islands:order-attribution', read);
      document.removeEventListener('shop-islands:failed', read);
    };
  }, [form]);
  return (
    <section aria-labelledby="attribution-inspector">
      <h2 id="attribution-inspector">What checkout sends</h2>
      <p role="status">Tracker: {state}</p>
      <table className="shop_table">
        <caption>Hidden order attribution inputs</caption>
        <thead>
          <tr>
            <th scope="col">Input</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td style={{ overflowWrap: 'anywhere' }}>{value === '' ? '(empty)' : value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="shop_table">
        <caption>Tracking cookies</caption>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">Value (decoded)</th>
          </tr>
        </thead>
        <tbody>
          {cookies.length === 0 ? (
            <tr>
              <td colSpan={2}>None</td>
            </tr>
          ) : (
            cookies.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td style={{ overflowWrap: 'anywhere' }}>{value}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

const formOf = () => document.querySelector<HTMLFormElement>('form.checkout');

function CheckoutForm({ props, width }: AttributionArgs) {
  useLayoutEffect(() => {
    startRuntime();
  }, []);
  const inputs = ORDER_ATTRIBUTION_FIELDS.map(
    (field) => `<input type="hidden" name="${PREFIX}${field}" value="" />`,
  ).join('');
  const tracker = renderIsland('order-attribution', props ?? orderAttributionProps(location.origin), '', {
    hydrate: 'load',
    src: islandSrc('order-attribution'),
    attrs: { hidden: true },
  });
  return (
    <div style={width ? { width, maxWidth: '100%' } : undefined}>
      <div
        dangerouslySetInnerHTML={{
          __html:
            `<form class="checkout woocommerce-checkout" aria-label="Checkout" onsubmit="return false">${inputs}` +
            '<p class="form-row"><label for="billing_first_name">First name</label>' +
            '<input id="billing_first_name" name="billing_first_name" class="input-text" autocomplete="given-name"></p>' +
            `</form>${tracker}`,
        }}
      />
      <Inspector form={formOf} />
    </div>
  );
}

const hidden = (name: string) =>
  formOf()!.querySelector<HTMLInputElement>(`[name="${PREFIX}${name}"]`)!.value;

let originalUrl = '';

const meta = {
  title: 'Widgets/Order attribution',
  component: CheckoutForm,
  args: { query: '', referrer: '' },
  beforeEach: ({ args }) => {
    clearCookies();
    for (const cookie of args.cookies ?? []) document.cookie = `${cookie}; Path=/`;
    originalUrl = location.href;
    if (args.query) {
      const url = new URL(location.href);
      for (const [key, value] of new URLSearchParams(args.query)) url.searchParams.set(key, value);
      history.replaceState(history.state, '', url);
    }
    Object.defineProperty(document, 'referrer', { configurable: true, value: args.referrer });
    const error = spyOn(console, 'error');
    return () => {
      stopIslands();
      clearCookies();
      history.replaceState(history.state, '', originalUrl);
      Reflect.deleteProperty(document, 'referrer');
      error.mockRestore();
    };
  },
} satisfies Meta<typeof CheckoutForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const ran = (canvas: HTMLElement) =>
  waitFor(() => expect(within(canvas).getByRole('status')).toHaveTextContent('Tracker: ran'), LOAD);

/** Typed in: no referrer, no campaign. */
export const TypeinVisit: Story = {
  play: async ({ canvasElement }) => {
    await ran(canvasElement);
    expect(hidden('source_type')).toBe('typein');
    expect(hidden('utm_source')).toBe('(direct)');
    expect(hidden('utm_medium')).toBe('(none)');
    expect(hidden('session_pages')).toBe('1');
    expect(hidden('session_count')).toBe('1');
    const table = within(canvasElement).getByRole('table', { name: 'Hidden order attribution inputs' });
    expect(within(table).getByText('typein')).toBeVisible();
    expect(document.cookie).toMatch(/sbjs_current=/);
    expect(console.error).not.toHaveBeenCalled();
  },
};

/** A campaign link: the utm values. */
export const UtmVisit: Story = {
  args: { query: 'utm_source=news&utm_medium=email&utm_campaign=spring', referrer: '' },
  play: async ({ canvasElement }) => {
    await ran(canvasElement);
    expect(hidden('source_type')).toBe('utm');
    expect(hidden('utm_source')).toBe('news');
    expect(hidden('utm_medium')).toBe('email');
    expect(hidden('utm_campaign')).toBe('spring');
    expect(hidden('utm_content')).toBe('(none)');
  },
};

/** From a search engine's results. */
export const OrganicVisit: Story = {
  args: { query: '', referrer: 'https://www.google.com/' },
  play: async ({ canvasElement }) => {
    await ran(canvasElement);
    expect(hidden('source_type')).toBe('organic');
    expect(hidden('utm_source')).toBe('google');
    expect(hidden('utm_medium')).toBe('organic');
    expect(hidden('referrer')).toBe('https://www.google.com/');
  },
};

/** Tracking not allowed: the cookies a former visit left are deleted, the inputs stay empty. */
export const TrackingDisallowed: Story = {
  args: {
    query: 'utm_source=news',
    referrer: '',
    props: {
      ...orderAttributionProps('https://shop.example'),
      params: { ...orderAttributionProps('https://shop.example').params, allowTracking: false },
    },
    cookies: ['sbjs_current=typ%3Dutm%7C%7C%7Csrc%3Dnews', 'sbjs_session=pgs%3D3', 'sbjs_udata=vst%3D2'],
  },
  play: async ({ canvasElement }) => {
    await ran(canvasElement);
    expect(document.cookie).not.toMatch(/sbjs_/);
    for (const name of ORDER_ATTRIBUTION_FIELDS) expect(hidden(name)).toBe('');
    const cookies = within(canvasElement).getByRole('table', { name: 'Tracking cookies' });
    expect(within(cookies).getByText('None')).toBeVisible();
  },
};

/** Props that are not WooCommerce's object: refused, the inputs and cookies untouched. */
export const InvalidProps: Story = {
  args: { query: 'utm_source=news', referrer: '', props: { params: { lifetime: 'forever' }, fields: {} } },
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(within(canvasElement).getByRole('status')).toHaveTextContent('refused its props'),
      LOAD,
    );
    for (const name of ORDER_ATTRIBUTION_FIELDS) expect(hidden(name)).toBe('');
    expect(document.cookie).not.toMatch(/sbjs_/);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/order-attribution.*params\.lifetime/));
  },
};

/** The designer's table at the narrowest width (320 px): long values wrap. */
export const Narrow: Story = {
  args: { query: 'utm_source=news&utm_medium=email&utm_campaign=spring', referrer: '', width: 320 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await ran(canvasElement);
    expect(hidden('utm_campaign')).toBe('spring');
  },
};

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IslandCollector } from '../../demo/islands';
import { catalogOrderingIsland, ORDERBY_OPTIONS } from '../../demo/pages/listing';
import { startIslands } from '../../src/islands/runtime';
import { islandSrc, testRuntime } from '../../src/test/islands';
import { watchLifecycle } from '../../src/test/lifecycle';
import { withTestServer } from '../../src/test/server';
import { navigation } from '../../src/navigation';
import { CatalogOrdering } from './CatalogOrdering';
import island from './island';
import stylesheet from './catalog-ordering.css?url';
import { CatalogOrderingPropsSchema, type CatalogOrderingProps } from './schema';

const server = setupServer();
withTestServer(server);

const props = (overrides: Partial<CatalogOrderingProps> = {}) =>
  CatalogOrderingPropsSchema.parse({ options: ORDERBY_OPTIONS, ...overrides });

const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Shop order' });
const sortButton = () => screen.getByRole('button', { name: 'Sort' });
const formOf = (el: HTMLElement) => el.closest('form')!;
/** What the form sends: its fields in order (the GET query string). */
const query = (form: HTMLFormElement) => new URLSearchParams(new FormData(form) as never).toString();

/** The submissions the island starts itself (`navigation.submit`), as query strings. */
let sent: string[];
beforeEach(() => {
  sent = [];
  // jsdom's document has no focus while the focus moves between its elements; a browser's has.
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  vi.spyOn(navigation, 'submit').mockImplementation((form) => {
    sent.push(query(form));
  });
});

/** Lets the task that mounted the island end (its changes until then are the fallback's values). */
const mounted = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function renderOrdering(overrides: Partial<CatalogOrderingProps> = {}) {
  const result = render(<CatalogOrdering {...props(overrides)} />);
  await mounted();
  return result;
}

/**
 * A key on the closed select as Chromium and Firefox on Windows and Linux handle it: keydown, then
 * (unless prevented) the value moves and `input` and `change` are dispatched in the keydown's own
 * task, then keyup. Returns whether the keydown's default ran.
 */
function press(el: HTMLSelectElement, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End') {
  let moved = false;
  act(() => {
    const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    if (!el.dispatchEvent(down)) return;
    const last = el.options.length - 1;
    const index = {
      ArrowDown: Math.min(last, el.selectedIndex + 1),
      ArrowUp: Math.max(0, el.selectedIndex - 1),
      Home: 0,
      End: last,
    }[key];
    if (index !== el.selectedIndex) {
      el.selectedIndex = index;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      moved = true;
    }
    el.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  });
  return moved;
}

/** Enter on the select; returns whether its default ran (false: the island took it). */
function enter(el: HTMLSelectElement) {
  let notPrevented = true;
  act(() => {
    notPrevented = el.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
  });
  return notPrevented;
}

/** Submissions the browser would make itself (the Sort button): whether each one went ahead. */
function watchNativeSubmits() {
  const events: boolean[] = [];
  /** What the submissions that went ahead send. */
  const went: string[] = [];
  // On the document: after the island's handler (React listens on its container).
  const record = (event: Event) => {
    events.push(!event.defaultPrevented);
    if (!event.defaultPrevented) went.push(query(event.target as HTMLFormElement));
  };
  document.addEventListener('submit', record);
  return { events, went, stop: () => document.removeEventListener('submit', record) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CatalogOrdering markup', () => {
  it("is WooCommerce's GET form: the select, paged=1 and the other query arguments, and the Sort button", async () => {
    await renderOrdering({
      selected: 'price',
      hiddenFields: { s: 'boots', post_type: 'product', paged: '4', orderby: 'date' },
    });
    const form = formOf(select());
    expect(form).toHaveClass('woocommerce-ordering');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).not.toHaveAttribute('action'); // the current page
    expect(select()).toHaveAttribute('name', 'orderby');
    expect(select()).toHaveClass('orderby');
    expect(select()).toHaveValue('price');
    expect(screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual(
      ORDERBY_OPTIONS,
    );
    expect(screen.getByRole('option', { name: 'Sort by price: low to high' })).toHaveProperty(
      'selected',
      true,
    );
    expect([...form.querySelectorAll('input[type="hidden"]')].map((i) => i.getAttribute('name'))).toEqual([
      'paged',
      's',
      'post_type',
    ]);
    expect(sortButton()).toHaveAttribute('type', 'submit');
    // Visually hidden until focused (catalog-ordering.css), there for assistive technology.
    expect(sortButton()).toHaveClass('button', 'orderby-submit', 'shop-islands-ordering-submit');
    expect(query(form)).toBe('orderby=price&paged=1&s=boots&post_type=product');
  });

  it('names the select and the button from the props', async () => {
    await renderOrdering({ label: 'Sortierung', submitLabel: 'Sortieren' });
    expect(screen.getByRole('combobox', { name: 'Sortierung' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sortieren' })).toBeInTheDocument();
  });

  it('hostile props: an unknown ordering shows the first option; odd field names stay out of the form', async () => {
    await renderOrdering({
      selected: '"><img src=x onerror=alert(1)>',
      options: [
        ['menu_order', 'Default sorting'],
        ['price', '<b>Cheap</b> first'],
        ['price', 'Twice'],
      ],
      hiddenFields: {
        '"><script>alert(1)</script>': 'x',
        'a b': 'space',
        'add-to-cart': '13',
        q: '"><script>alert(1)</script>',
      },
    });
    expect(select()).toHaveValue('menu_order');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Default sorting',
      '<b>Cheap</b> first',
    ]);
    expect(document.querySelector('script, img, b')).toBeNull();
    expect(query(formOf(select()))).toBe(
      new URLSearchParams({ orderby: 'menu_order', paged: '1', q: '"><script>alert(1)</script>' }).toString(),
    );
  });
});

describe('CatalogOrdering: a pick sends the form at once (storefront.md §2.3)', () => {
  it('with the mouse: one submission of the new ordering, with the other query arguments', async () => {
    await renderOrdering({ hiddenFields: { s: 'boots' } });
    await userEvent.selectOptions(select(), 'Sort by price: low to high');
    expect(sent).toEqual(['orderby=price&paged=1&s=boots']);
    expect(navigation.submit).toHaveBeenCalledWith(formOf(select()));
  });

  it('a pick then Enter, blur or a click on Sort: still one navigation', async () => {
    const native = watchNativeSubmits();
    await renderOrdering();
    await userEvent.selectOptions(select(), 'Sort by latest');
    expect(enter(select())).toBe(true); // nothing left to send: Enter keeps its default
    await userEvent.click(sortButton()); // blurs the select, then submits
    await userEvent.dblClick(sortButton());
    expect(sent).toEqual(['orderby=date&paged=1']);
    expect(native.events).toEqual([false, false, false]);
    native.stop();
  });

  it('picking the ordering the page already shows sends nothing', async () => {
    await renderOrdering({ selected: 'price' });
    await userEvent.selectOptions(select(), 'Sort by popularity');
    await userEvent.selectOptions(select(), 'Sort by price: low to high');
    // The second pick is the page's ordering while the first is on its way: a new intent, sent.
    expect(sent).toEqual(['orderby=popularity&paged=1', 'orderby=price&paged=1']);
  });

  it('a change a script makes (a theme’s own dropdown) sends too, as WooCommerce’s script does', async () => {
    await renderOrdering();
    act(() => {
      select().value = 'rating';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(sent).toEqual(['orderby=rating&paged=1']);
  });
});

describe('CatalogOrdering: keyboard (WCAG 3.2.2: arrows browse, Enter or leaving sends)', () => {
  it('ArrowDown twice changes the select and sends nothing; Enter sends once and takes the key', async () => {
    await renderOrdering();
    select().focus();
    expect(press(select(), 'ArrowDown')).toBe(true);
    expect(press(select(), 'ArrowDown')).toBe(true);
    expect(select()).toHaveValue('rating');
    expect(sent).toEqual([]);
    expect(enter(select())).toBe(false);
    expect(sent).toEqual(['orderby=rating&paged=1']);
    expect(enter(select())).toBe(true);
    await userEvent.tab();
    await mounted();
    expect(sent).toEqual(['orderby=rating&paged=1']);
  });

  it('browsing then Tab sends the ordering reached, once (the Sort button gets the focus)', async () => {
    await renderOrdering({ hiddenFields: { s: 'boots' } });
    select().focus();
    press(select(), 'End');
    press(select(), 'ArrowUp');
    expect(sent).toEqual([]);
    await userEvent.tab();
    expect(sortButton()).toHaveFocus();
    await mounted(); // the blur is handled once the focus has landed
    expect(sent).toEqual(['orderby=price&paged=1&s=boots']);
  });

  it('browsing then clicking Sort: one navigation (on the blur, or the click’s if it comes first)', async () => {
    // jsdom says it cannot follow a submission that goes ahead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const native = watchNativeSubmits();
    await renderOrdering();
    select().focus();
    press(select(), 'ArrowDown');
    await userEvent.click(sortButton());
    await mounted();
    expect([...sent, ...native.went]).toEqual(['orderby=popularity&paged=1']);
    native.stop();
  });

  it('browsing then a slow click on Sort (the blur handled first): one navigation', async () => {
    const native = watchNativeSubmits();
    await renderOrdering();
    select().focus();
    press(select(), 'ArrowDown');
    // 20 ms between the press and the release: the blur is handled in between.
    await userEvent.setup({ delay: 20 }).pointer([
      { keys: '[MouseLeft>]', target: sortButton() },
      { keys: '[/MouseLeft]', target: sortButton() },
    ]);
    expect(sent).toEqual(['orderby=popularity&paged=1']);
    expect(native.events).toEqual([false]);
    native.stop();
  });

  it('browsing back to the page’s ordering sends nothing on Enter or Tab', async () => {
    await renderOrdering({ selected: 'popularity' });
    select().focus();
    press(select(), 'ArrowDown');
    press(select(), 'ArrowUp');
    expect(enter(select())).toBe(true);
    await userEvent.tab();
    await mounted();
    expect(sent).toEqual([]);
  });

  it('Enter with a modifier, or while composing, is left alone', async () => {
    await renderOrdering();
    select().focus();
    press(select(), 'ArrowDown');
    act(() => {
      for (const init of [
        { shiftKey: true },
        { ctrlKey: true },
        { altKey: true },
        { metaKey: true },
        { isComposing: true },
      ]) {
        select().dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init }),
        );
      }
    });
    expect(sent).toEqual([]);
  });

  it('the window losing the focus (another tab) sends nothing; coming back and leaving does', async () => {
    await renderOrdering();
    select().focus();
    press(select(), 'ArrowDown');
    // The select keeps the page's focus; the window has none.
    vi.mocked(document.hasFocus).mockReturnValue(false);
    act(() => select().dispatchEvent(new FocusEvent('blur')));
    act(() => select().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    await mounted();
    expect(sent).toEqual([]);
    // Back, then Tab away.
    vi.mocked(document.hasFocus).mockReturnValue(true);
    await userEvent.tab();
    await mounted();
    expect(sent).toEqual(['orderby=popularity&paged=1']);
  });

  it('a pick in the open list after keys (a later task) sends at once', async () => {
    await renderOrdering();
    select().focus();
    // Alt+ArrowDown opens the list: no change; the pick inside it comes in a task of its own.
    act(() => {
      select().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }));
    });
    await mounted();
    act(() => {
      select().value = 'date';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(sent).toEqual(['orderby=date&paged=1']);
  });
});

describe('CatalogOrdering: scripts calling form.submit()', () => {
  /**
   * WooCommerce's woocommerce.js, had its ready handler found the island's form:
   * `$( '.woocommerce-ordering' ).on( 'change', 'select.orderby', … trigger( 'submit' ) )`, which
   * runs the form's native `submit()` (no submit event).
   */
  function woocommerceScript() {
    const form = formOf(select());
    const onChange = (event: Event) => {
      if ((event.target as Element).matches('select.orderby')) form.submit();
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }

  let nativeSubmits: number;
  beforeEach(() => {
    nativeSubmits = 0;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {
      nativeSubmits += 1;
    });
  });

  it('WooCommerce’s handler on a pick: one navigation, the island’s', async () => {
    await renderOrdering();
    const stop = woocommerceScript();
    await userEvent.selectOptions(select(), 'Sort by price: low to high');
    expect(sent).toEqual(['orderby=price&paged=1']);
    expect(nativeSubmits).toBe(0);
    stop();
  });

  it('WooCommerce’s handler on arrow keys: nothing sent while browsing, Enter sends once', async () => {
    await renderOrdering();
    const stop = woocommerceScript();
    select().focus();
    press(select(), 'ArrowDown');
    press(select(), 'ArrowDown');
    expect(sent).toEqual([]);
    expect(nativeSubmits).toBe(0);
    enter(select());
    expect(sent).toEqual(['orderby=rating&paged=1']);
    expect(nativeSubmits).toBe(0);
    stop();
  });

  it('a script’s submit() outside a change goes ahead once; a second for the same ordering does not', async () => {
    await renderOrdering();
    act(() => formOf(select()).submit());
    act(() => formOf(select()).submit());
    expect(nativeSubmits).toBe(1);
    await userEvent.selectOptions(select(), 'Sort by latest');
    act(() => formOf(select()).submit());
    expect(sent).toEqual(['orderby=date&paged=1']);
    expect(nativeSubmits).toBe(1);
  });

  it('without requestSubmit() (older Safari) the island’s own submission is the native one', async () => {
    vi.mocked(navigation.submit).mockRestore();
    const requestSubmit = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'requestSubmit')!;
    Object.defineProperty(HTMLFormElement.prototype, 'requestSubmit', {
      value: undefined,
      configurable: true,
    });
    try {
      await renderOrdering();
      await userEvent.selectOptions(select(), 'Sort by latest');
      expect(nativeSubmits).toBe(1);
    } finally {
      Object.defineProperty(HTMLFormElement.prototype, 'requestSubmit', requestSubmit);
    }
  });

  it('the island leaves the form’s own submit() when it unmounts', async () => {
    const { container, unmount } = await renderOrdering();
    const form = container.querySelector('form')!;
    expect(Object.hasOwn(form, 'submit')).toBe(true);
    unmount();
    expect(Object.hasOwn(form, 'submit')).toBe(false);
  });
});

describe('CatalogOrdering: the Sort button', () => {
  it('without a change: one reload of the page, a double click sends once', async () => {
    // jsdom says it cannot follow the submission that goes ahead.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const native = watchNativeSubmits();
    await renderOrdering();
    await userEvent.dblClick(sortButton());
    expect(native.events).toEqual([true, false]);
    expect(sent).toEqual([]);
    native.stop();
    for (const [message] of error.mock.calls) expect(String(message)).toMatch(/Not implemented/);
  });
});

describe('CatalogOrdering: the page stays or comes back', () => {
  it('a submission a page script cancelled can be made again', async () => {
    await renderOrdering();
    vi.mocked(navigation.submit).mockImplementation((form) => {
      sent.push(query(form));
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event); // as requestSubmit does
      event.preventDefault(); // a page script's validation said no
    });
    select().focus();
    press(select(), 'ArrowDown');
    enter(select());
    expect(enter(select())).toBe(true); // still leaving: nothing to send
    await mounted(); // the cancelled submission is seen
    expect(enter(select())).toBe(false);
    expect(sent).toEqual(['orderby=popularity&paged=1', 'orderby=popularity&paged=1']);
  });

  it('back from the back/forward cache: the page’s ordering is shown again, and sorting works', async () => {
    await renderOrdering();
    await userEvent.selectOptions(select(), 'Sort by latest');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(select()).toHaveValue('menu_order');
    await userEvent.selectOptions(select(), 'Sort by latest');
    expect(sent).toEqual(['orderby=date&paged=1', 'orderby=date&paged=1']);
  });

  it('a pageshow that is a fresh load changes nothing', async () => {
    await renderOrdering();
    select().focus();
    press(select(), 'ArrowDown');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(select()).toHaveValue('popularity');
  });
});

describe('CatalogOrdering island over its fallback', () => {
  /** The demo's server markup, as the plugin prints it, with the runtime over it. */
  function serverPage(hiddenFields: [string, string][] = [['s', 'boots']]) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet });
    link.dataset.shopIslandsLoaded = '1';
    document.head.append(link);
    document.body.innerHTML = catalogOrderingIsland(new IslandCollector(), {
      options: ORDERBY_OPTIONS,
      orderby: 'menu_order',
      hiddenFields,
    })
      .replace('data-island="catalog-ordering"', `$& data-island-src="${islandSrc('catalog-ordering')}"`)
      // Mounted at once (jsdom has no IntersectionObserver for `visible`).
      .replace('data-hydrate="visible"', 'data-hydrate="load"');
    const container = document.querySelector<HTMLElement>('[data-island="catalog-ordering"]')!;
    const runtime = testRuntime({ 'catalog-ordering': () => Promise.resolve({ default: island }) });
    return {
      container,
      start: () => startIslands(runtime),
      mountedState: () => vi.waitFor(() => expect(container).toHaveAttribute('data-island-state', 'mounted')),
      cleanup: () => link.remove(),
    };
  }

  /**
   * Each element's tag, attributes (but `selected`, a property for React) and own text; without the
   * fallback's `<noscript>` button and the island's visually hidden one (neither takes room).
   */
  const shape = (root: Element) =>
    [...root.querySelectorAll('*')]
      .filter((el) => !el.closest('noscript, .shop-islands-ordering-submit'))
      .map((el) => [
        el.tagName,
        [...el.attributes]
          .filter((a) => a.name !== 'selected')
          .map((a) => `${a.name}=${a.value}`)
          .sort(),
        [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join(''),
      ]);

  it('mounts the same markup as the fallback (no layout shift), fields and all', async () => {
    const page = serverPage([
      ['s', 'boots'],
      ['filter_colour[0]', 'blue'],
    ]);
    const fallbackForm = page.container.querySelector('form')!;
    const before = { shape: shape(fallbackForm), query: query(fallbackForm) };
    const stop = page.start();
    await page.mountedState();
    const form = page.container.querySelector('form')!;
    expect(form).not.toBe(fallbackForm);
    expect(shape(form)).toEqual(before.shape);
    expect(query(form)).toBe(before.query);
    expect(before.query).toBe('orderby=menu_order&paged=1&s=boots&filter_colour%5B0%5D=blue');
    stop();
    page.cleanup();
  });

  it('a value the shopper picked in the fallback is kept, not sent by itself; leaving the select sends it', async () => {
    const page = serverPage();
    const fallback = select();
    fallback.focus();
    fallback.value = 'price';
    const stop = page.start();
    await page.mountedState();
    expect(select()).not.toBe(fallback);
    expect(select()).toHaveValue('price');
    expect(select()).toHaveFocus();
    await mounted();
    expect(sent).toEqual([]);
    await userEvent.tab();
    await mounted();
    expect(sent).toEqual(['orderby=price&paged=1&s=boots']);
    stop();
    page.cleanup();
  });

  it('after back/forward or a reload, the browser’s refilled value is not taken: the page’s ordering shows', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'back_forward' } as unknown as PerformanceEntry,
    ]);
    const page = serverPage();
    select().value = 'price'; // the browser's form restoration, before any script ran
    const stop = page.start();
    await page.mountedState();
    expect(select()).toHaveValue('menu_order');
    select().focus();
    await userEvent.tab();
    await mounted();
    expect(sent).toEqual([]);
    stop();
    page.cleanup();
  });
});

describe('CatalogOrdering lifecycle', () => {
  it('leaves no timer or listener behind when it unmounts, mid-browse', async () => {
    const watch = watchLifecycle(server);
    const { unmount } = render(<CatalogOrdering {...props()} />);
    select().focus();
    press(select(), 'ArrowDown');
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
    expect(sent).toEqual([]);
  });
});

import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, on, vetoed, type JQueryCollectionLike, type JQueryLike, type JQueryListener } from './bus';

/** Real jQuery 3.7.1 (the version WordPress ships) bound to jsdom's window. */
function loadJQuery(): JQueryLike {
  const exported: unknown = createRequire(import.meta.url)('jquery');
  // With a global document jQuery's CommonJS build returns jQuery itself, otherwise a factory.
  const jq = (exported as { fn?: unknown }).fn ? exported : (exported as (w: Window) => unknown)(window);
  return jq as JQueryLike;
}

type Win = Window & { jQuery?: JQueryLike };

function makeButton(): HTMLButtonElement {
  const button = document.createElement('button');
  button.className = 'add_to_cart_button';
  document.body.append(button);
  return button;
}

describe('without jQuery', () => {
  it('emits a bubbling CustomEvent whose detail is the argument tuple', () => {
    const button = makeButton();
    const seen = vi.fn();
    document.addEventListener('added_to_cart', seen);
    emit('added_to_cart', [{ '.mini': '<div/>' }, 'hash1', button], button);
    document.removeEventListener('added_to_cart', seen);
    const event = seen.mock.calls[0]![0] as CustomEvent;
    expect(event.bubbles).toBe(true);
    expect(event.target).toBe(button);
    expect(event.detail).toEqual([{ '.mini': '<div/>' }, 'hash1', button]);
  });

  it('on() hears our emit and foreign CustomEvents, once each, until unsubscribed', () => {
    const handler = vi.fn();
    const off = on('wc_cart_button_updated', handler);
    const button = makeButton();
    emit('wc_cart_button_updated', [button], button);
    document.body.dispatchEvent(new CustomEvent('wc_cart_button_updated', { detail: [button] }));
    document.body.dispatchEvent(new CustomEvent('wc_cart_button_updated')); // no detail → []
    expect(handler.mock.calls).toEqual([[button], [button], []]);
    off();
    emit('wc_cart_button_updated', [button]);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('vetoed() dispatches a cancelable CustomEvent and reports preventDefault', () => {
    const button = makeButton();
    expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(false);
    const veto = (event: Event) => event.preventDefault();
    document.body.addEventListener('should_send_ajax_request.adding_to_cart', veto);
    expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(true);
    document.body.removeEventListener('should_send_ajax_request.adding_to_cart', veto);
  });
});

describe('with real jQuery 3.7.1', () => {
  let $: JQueryLike;
  beforeEach(() => {
    $ = loadJQuery();
    (window as Win).jQuery = $;
  });
  afterEach(() => {
    delete (window as Win).jQuery;
  });

  it('triggers through jQuery with the button wrapped, exactly once per jQuery handler', () => {
    const button = makeButton();
    const calls: unknown[][] = [];
    const handler = (_e: unknown, ...args: unknown[]) => void calls.push(args);
    $(document.body).on('added_to_cart', handler);
    emit('added_to_cart', [{ a: 'b' }, 'h', button], button);
    $(document.body).off('added_to_cart', handler);

    expect(calls).toHaveLength(1); // not also called, argument-less, for the DOM event
    const [fragments, hash, $button] = calls[0]!;
    expect(fragments).toEqual({ a: 'b' });
    expect(hash).toBe('h');
    expect(($button as JQueryCollectionLike)[0]).toBe(button);
    expect(($button as JQueryCollectionLike).jquery).toBe('3.7.1');
  });

  it('gives jQuery handlers an empty jQuery set for a null button', () => {
    let $button: JQueryCollectionLike | undefined;
    const handler = (_e: unknown, $b: JQueryCollectionLike) => void ($button = $b);
    $(document.body).on('wc_cart_button_updated', handler as never);
    emit('wc_cart_button_updated', [null]);
    $(document.body).off('wc_cart_button_updated', handler as never);
    expect($button?.length).toBe(0);
  });

  it('still dispatches the DOM event for listeners without jQuery', () => {
    const seen = vi.fn();
    document.body.addEventListener('wc_fragments_refreshed', seen);
    emit('wc_fragments_refreshed', []);
    document.body.removeEventListener('wc_fragments_refreshed', seen);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('on() hears our emit once, a jQuery trigger by a theme, and a foreign DOM event once', () => {
    const handler = vi.fn();
    const off = on('removed_from_cart', handler);
    const button = makeButton();

    emit('removed_from_cart', [{ x: 'y' }, 'h1', button], button);
    expect(handler.mock.calls).toEqual([[{ x: 'y' }, 'h1', button]]);

    // What WooCommerce's cart.js does: no DOM event, jQuery objects in the arguments.
    $(document.body).trigger('removed_from_cart', [{ x: 'z' }, 'h2', $(button)]);
    expect(handler.mock.calls[1]).toEqual([{ x: 'z' }, 'h2', button]);

    // A DOM event reaches both our listener and jQuery's native one: still delivered once.
    document.body.dispatchEvent(new CustomEvent('removed_from_cart', { detail: [{}, 'h3', null] }));
    expect(handler.mock.calls[2]).toEqual([{}, 'h3', null]);
    expect(handler).toHaveBeenCalledTimes(3);

    off();
    $(document.body).trigger('removed_from_cart', [{}, 'h4', $(button)]);
    emit('removed_from_cart', [{}, 'h5', null]);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('hears a classic argument-less trigger such as wc_fragment_refresh', () => {
    const handler = vi.fn();
    const off = on('wc_fragment_refresh', handler, document);
    $(document.body).trigger('wc_fragment_refresh');
    off();
    expect(handler).toHaveBeenCalledExactlyOnceWith();
  });

  it('delivers nested emits of other events from inside a handler', () => {
    const refreshed = vi.fn();
    const offRefreshed = on('wc_fragments_refreshed', refreshed);
    const offAdded = on('added_to_cart', () => emit('wc_fragments_refreshed', []));
    $(document.body).on('added_to_cart', () => emit('wc_fragments_refreshed', []));
    emit('added_to_cart', [{}, 'h', null]);
    $(document.body).off('added_to_cart');
    offAdded();
    offRefreshed();
    expect(refreshed).toHaveBeenCalledTimes(2); // one from our handler, one from the jQuery one
  });

  it('keeps emitting when a third-party jQuery handler throws', () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const boom = new Error('plugin bug');
    $(document.body).on('updated_wc_div', () => {
      throw boom;
    });
    expect(() => emit('updated_wc_div', [])).not.toThrow();
    $(document.body).off('updated_wc_div');
    vi.unstubAllGlobals();
    expect(reportError).toHaveBeenCalledWith(boom);
  });

  it('vetoed(): a jQuery handler returning false vetoes, like WooCommerce triggerHandler', () => {
    const button = makeButton();
    let received: unknown;
    const veto = (_e: unknown, $b: JQueryCollectionLike) => {
      received = $b[0];
      return !$b[0]?.classList.contains('disabled');
    };
    // Namespaced exactly as third-party plugins bind it.
    $(document.body).on('should_send_ajax_request.adding_to_cart', veto as never);
    expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(false);
    expect(received).toBe(button);
    button.classList.add('disabled');
    expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(true);
    $(document.body).off('should_send_ajax_request.adding_to_cart', veto as never);
    expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(false);
  });

  it('vetoed(): a DOM listener can still veto when jQuery is present; on() hears it once', () => {
    const handler = vi.fn();
    const off = on('should_send_ajax_request.adding_to_cart', handler);
    const veto = (event: Event) => event.preventDefault();
    document.body.addEventListener('should_send_ajax_request.adding_to_cart', veto);
    expect(vetoed('should_send_ajax_request.adding_to_cart', [null])).toBe(true);
    document.body.removeEventListener('should_send_ajax_request.adding_to_cart', veto);
    off();
    expect(handler).toHaveBeenCalledExactlyOnceWith(null);
  });
});

describe('with a minimal fake jQuery', () => {
  it('uses on/off/trigger/triggerHandler and unwraps what it is given', () => {
    const log: string[] = [];
    const listeners = new Map<string, JQueryListener[]>();
    const fake = ((target?: unknown) => {
      const set: JQueryCollectionLike = {
        jquery: 'fake',
        length: target ? 1 : 0,
        0: target instanceof Element ? target : undefined,
        on: (name, fn) => void listeners.set(name, [...(listeners.get(name) ?? []), fn]),
        off: (name, fn) =>
          void listeners.set(
            name,
            (listeners.get(name) ?? []).filter((f) => f !== fn),
          ),
        trigger: (name, data = []) => {
          log.push(`trigger ${name}`);
          for (const fn of listeners.get(name) ?? []) fn({}, ...data);
        },
        triggerHandler: (name, data = []) => {
          log.push(`triggerHandler ${name}`);
          return (listeners.get(name) ?? []).map((fn) => fn({}, ...data)).find((r) => r !== undefined);
        },
      };
      return set;
    }) as JQueryLike;
    (window as Win).jQuery = fake;
    try {
      const handler = vi.fn();
      const off = on('adding_to_cart', handler);
      const button = makeButton();
      emit('adding_to_cart', [button, { product_id: '42' }]);
      expect(log).toEqual(['trigger adding_to_cart']);
      expect(handler).toHaveBeenCalledExactlyOnceWith(button, { product_id: '42' });
      fake(document.body).trigger('adding_to_cart', [fake(button), { product_id: '7' }]);
      expect(handler).toHaveBeenLastCalledWith(button, { product_id: '7' });
      off();
      expect(listeners.get('adding_to_cart')).toEqual([]);

      fake(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
      expect(vetoed('should_send_ajax_request.adding_to_cart', [button])).toBe(true);
    } finally {
      delete (window as Win).jQuery;
    }
  });
});

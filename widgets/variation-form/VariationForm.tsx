import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';
import { announce } from '../../src/a11y/announce';
import { addToCart, settleAdd, viewCartLink, type AddOutcome } from '../../src/cart';
import { getSettings } from '../../src/contract/read-settings';
import type { Settings } from '../../src/contract/settings';
import type { Variation } from '../../src/contract/variation';
import { getVariation } from '../../src/endpoints/variation';
import { emit } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { navigation } from '../../src/navigation';
import { isAbort, TransportError } from '../../src/transport/errors';
import {
  VariationIndex,
  availabilityOf,
  isSelectionComplete,
  quantityFor,
  sanitizeSelection,
  type AttributeDef,
  type AttributeOptions,
  type Selection,
} from './model';
import { resetVariationData, showVariationData } from './page';
import type { VariationFormPropsSchema } from './schema';

type Props = z.output<typeof VariationFormPropsSchema>;

/** storefront.md §9 "Variations": the first check runs this long after load… */
export const FIRST_CHECK_DELAY = 100;
/** …and the panel is shown this long after a match (then slides down in 200 ms, see the CSS). */
export const PANEL_DELAY = 300;
/** §4 "Add-to-cart button": a success message is announced 1 s after the add (as the add-to-cart island). */
const SUCCESS_ANNOUNCE_DELAY = 1000;

/** The spec's strings, word for word (§5, §8); WordPress translates them through `__`. */
export const TEXT = {
  noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
  selectionNeeded: 'Please select some product options before adding this product to your cart.',
  reset:
    'Your selection has been reset. Please select some product options before adding this product to your cart.',
  chooseOption: 'Choose an option',
  /** Not in the spec (a get_variation fault is not specified): ours. */
  fault: 'Sorry, the options could not be checked. Please try again, or add to cart to continue.',
  retry: 'Try again',
} as const;

/**
 * Where the check stands. 'pending': the first check has not run yet (the form is the server's).
 * 'error': get_variation failed (HTTP error, timeout, a body that is not the contract).
 */
type Check =
  | { kind: 'pending' }
  | { kind: 'incomplete' }
  | { kind: 'loading' }
  | { kind: 'match'; variation: Variation }
  | { kind: 'none' }
  | { kind: 'error' };

type Reason = 'load' | 'change' | 'reset' | 'retry';

const fieldOf = (name: string): string => `attribute_${name}`;

/** A variation that takes "any" value for an attribute (its value ''). */
const takesAny = (variation: Variation): boolean =>
  Object.values(variation.attributes).some((value) => value === '');

/** `data-custom_data` as jQuery posts it: a string as is, an object as `custom_data[key]`. */
function customDataFields(data: Props['customData']): Record<string, string> {
  if (data === undefined) return {};
  if (typeof data === 'string') return { custom_data: data };
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [`custom_data[${key}]`, String(value)]),
  );
}

/**
 * WooCommerce's variations form (storefront.md §2.5, §4 "Variation selection", "Quantity for the
 * chosen variation", §5, §7 "Variations", §8), behaving as add-to-cart-variation.js does, with the
 * rules in model.ts:
 *
 * - One select per attribute. Once checked, each lists only the values compatible with the other
 *   choices; values only inactive variations carry are listed but disabled; a chosen value that
 *   became invalid is cleared. (Server-fetched variations: every value stays listed, as WooCommerce.)
 * - A complete selection is matched locally, or with POST `/?wc-ajax=get_variation` (form blocked
 *   meanwhile, the previous request aborted). A match updates SKU, weight and dimensions in the page
 *   (page.ts), fires `found_variation` (the gallery shows its image), and shows the panel (price,
 *   availability, description) 300 ms later with `show_variation`. No match: the product's data
 *   back and the §8 notice. Incomplete: panel hidden, add-to-cart in 'selection needed'.
 * - Add-to-cart is enabled only for a purchasable, in-stock, visible variation. The disabled states
 *   are WooCommerce's classes (`disabled wc-variation-selection-needed` / `wc-variation-is-unavailable`,
 *   aria-disabled): a click shows §5's alert inline (role=alert), not `window.alert()`, which blocks
 *   the page, cannot be tested and reads poorly on mobile. An enabled click adds through the cart
 *   store's queue (fragments, drawer, events as every other add-to-cart).
 */
export function VariationForm(props: Props) {
  const {
    productId,
    productName,
    action,
    attributes,
    variations,
    customData,
    resetUrl,
    quantityId,
    buttonLabel,
    successMessage,
    soldIndividually,
    timeout,
  } = props;

  const form = useRef<HTMLFormElement>(null);
  const firstSelect = useRef<HTMLSelectElement>(null);

  const defs: AttributeDef[] = useMemo(
    () => attributes.map((a) => ({ name: fieldOf(a.name), options: a.options.map((o) => o.value) })),
    [attributes],
  );
  const index = useMemo(() => (variations ? new VariationIndex(defs, variations) : null), [defs, variations]);
  const productVariations = useMemo(() => JSON.stringify(variations), [variations]);

  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(defs.map(({ name }) => [name, props.selection[name] ?? ''])),
  );
  const [check, setCheck] = useState<Check>({ kind: 'pending' });
  /** The panel: the variation it shows (kept while it slides up) and whether it is open. */
  const [panel, setPanel] = useState<{ variation: Variation | null; open: boolean }>({
    variation: null,
    open: false,
  });
  const [variationId, setVariationId] = useState('0');
  const [quantity, setQuantity] = useState('1');
  const [alert, setAlert] = useState<string | null>(null);
  const [adding, setAdding] = useState({ pending: 0, added: false });
  const [viewCart, setViewCart] = useState<{ href: string; text: string } | null>(null);

  // What the timers and the answers of requests read: the latest values, not those of their render.
  const current = useRef({ selection, quantity, check });
  useLayoutEffect(() => {
    current.current = { selection, quantity, check };
  });
  const inFlight = useRef<AbortController | null>(null);
  const revealTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** WooCommerce's `reset_data`: the product's own data back, the image reset, the panel hidden. */
  const resetData = (target: HTMLFormElement) => {
    clearTimeout(revealTimer.current);
    resetVariationData(target);
    flushSync(() => setPanel((p) => ({ variation: p.variation, open: false })));
    emit('reset_data', [], target);
    emit('reset_image', [], target);
    emit('hide_variation', [], target);
  };

  /** WooCommerce's `found_variation`: data, variation_id and quantity now, the panel 300 ms later. */
  const found = (target: HTMLFormElement, variation: Variation) => {
    showVariationData(target, variation);
    const q = quantityFor(variation, current.current.quantity);
    flushSync(() => {
      setCheck({ kind: 'match', variation });
      setVariationId(String(variation.variation_id));
      setQuantity(String(q.value));
      // Emptied now and filled when shown: the panel is a live region, announced when filled.
      setPanel({ variation: null, open: false });
    });
    emit('found_variation', [variation], target);
    clearTimeout(revealTimer.current);
    revealTimer.current = setTimeout(() => {
      flushSync(() => setPanel({ variation, open: true }));
      emit('show_variation', [variation, availabilityOf(variation) === 'purchasable'], target);
    }, PANEL_DELAY);
  };

  const noMatch = (target: HTMLFormElement) => {
    flushSync(() => setCheck({ kind: 'none' }));
    resetData(target);
    announce(__(TEXT.noMatch));
  };

  /** get_variation for a complete selection; a newer selection aborts it. */
  const fetchVariation = async (target: HTMLFormElement, chosen: Selection) => {
    const controller = new AbortController();
    inFlight.current = controller;
    flushSync(() => setCheck({ kind: 'loading' }));
    try {
      const answer = await getVariation(
        { productId, attributes: chosen, customData: customDataFields(customData) },
        { signal: controller.signal, timeout },
      );
      if (inFlight.current !== controller) return;
      // `false` (sample 16) or an empty body (`wp_die()`): nothing matches.
      if (answer) found(target, answer);
      else noMatch(target);
    } catch (error) {
      if (isAbort(error) || inFlight.current !== controller) return;
      // An empty body (WooCommerce's `wp_die()` for a product it cannot find) is no JSON at all:
      // no match, as add-to-cart-variation.js reads it.
      if (error instanceof TransportError && error.kind === 'schema' && error.details.body?.trim() === '') {
        noMatch(target);
        return;
      }
      // Not specified. The shopper keeps the selection, sees a message with 'Try again', and the
      // add-to-cart button submits the form natively, so WooCommerce's form handler matches and
      // validates the selection itself: nothing is lost.
      console.error('[shop-islands] variation-form: the variation could not be fetched.', error);
      flushSync(() => setCheck({ kind: 'error' }));
      // No variation is known: the product's own data, no panel of an earlier match.
      resetData(target);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  /** WooCommerce's `check_variations` (after `update_variation_values`) for `wanted`. */
  const apply = (wanted: Selection, reason: Reason) => {
    const target = form.current;
    if (!target) return;
    inFlight.current?.abort();
    inFlight.current = null;
    clearTimeout(revealTimer.current);
    const chosen = index ? sanitizeSelection(index, wanted).selection : wanted;
    flushSync(() => {
      setSelection(chosen);
      setAlert(null);
      // Any change clears variation_id until a match sets it (WooCommerce's `onChange`).
      if (reason !== 'load') setVariationId('');
    });
    if (!isSelectionComplete(defs, chosen)) {
      flushSync(() => setCheck({ kind: 'incomplete' }));
      resetData(target);
    } else if (index) {
      const variation = index.first(chosen);
      if (variation) found(target, variation);
      else noMatch(target);
    } else {
      void fetchVariation(target, chosen);
    }
    if (reason === 'change' || reason === 'reset') emit('woocommerce_variation_has_changed', [], target);
  };

  // The first check, 100 ms after load (unless the shopper changed a select already).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (current.current.check.kind === 'pending') apply(current.current.selection, 'load');
    }, FIRST_CHECK_DELAY);
    return () => {
      clearTimeout(timer);
      clearTimeout(revealTimer.current);
      inFlight.current?.abort();
    };
    // Once, on mount: `apply` reads everything it needs through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reset = () => {
    apply(Object.fromEntries(defs.map(({ name }) => [name, ''])), 'reset');
    announce(__(TEXT.reset));
    firstSelect.current?.focus();
  };

  const onResetKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    // Enter clicks a link by itself; Space (a button's key: the link has role=button) does not.
    if (event.key !== ' ' && event.key !== 'Spacebar') return;
    event.preventDefault();
    reset();
  };

  // ---- add to cart ----

  const match = check.kind === 'match' ? check.variation : null;
  const purchasable = match !== null && availabilityOf(match) === 'purchasable';
  /** null: enabled; else why the button is disabled. */
  const blockedBy: 'selection' | 'unavailable' | 'busy' | null =
    check.kind === 'pending' || check.kind === 'error'
      ? null
      : check.kind === 'loading'
        ? 'busy'
        : check.kind === 'match'
          ? purchasable
            ? null
            : 'unavailable'
          : 'selection';

  const settle = (
    outcome: AddOutcome,
    button: HTMLButtonElement,
    target: HTMLFormElement,
    settings: Settings,
  ) => {
    settleAdd(outcome, {
      reset: () => setAdding((s) => ({ pending: s.pending - 1, added: false })),
      fallBack: (error) => {
        console.error(
          '[shop-islands] variation-form: the variation could not be added in the page; submitting the form.',
          error,
        );
        navigation.submit(target, button);
      },
      added: () => {
        flushSync(() => {
          setAdding((s) => ({ pending: s.pending - 1, added: true }));
          const link = viewCartLink(settings);
          if (link) setViewCart((shown) => shown ?? link);
        });
        if (successMessage) announce(successMessage, { delay: SUCCESS_ANNOUNCE_DELAY });
        emit('wc_cart_button_updated', [button]);
      },
    });
  };

  const onAddToCart = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    const target = form.current;
    if (!target) return;
    if (blockedBy !== null) {
      event.preventDefault();
      if (blockedBy === 'unavailable') setAlert(__(TEXT.unavailable));
      else if (blockedBy === 'selection') setAlert(__(TEXT.selectionNeeded));
      return;
    }
    // Before the first check, and after a get_variation fault, the form posts as without
    // JavaScript. So it does when the quantity is invalid: the browser's own validation shows why.
    if (!match || !target.checkValidity()) return;
    // wc-ajax add_to_cart only knows the variation's own attributes: a value the shopper chose for
    // an "any" attribute would be lost and WooCommerce's cart refuses it ("… is a required field").
    // WooCommerce's form handler reads the posted attribute fields: the form posts natively.
    if (takesAny(match)) return;
    let settings: Settings;
    try {
      settings = getSettings();
    } catch (error) {
      console.error('[shop-islands] variation-form: no settings; submitting the form.', error);
      return;
    }
    event.preventDefault();
    setAdding((s) => ({ pending: s.pending + 1, added: false }));
    // Sample 17: WooCommerce's wc-ajax add of a variation posts the variation's id as product_id.
    const data: Record<string, string> = {
      product_id: String(match.variation_id),
      variation_id: String(match.variation_id),
      quantity: current.current.quantity,
      ...current.current.selection,
    };
    void addToCart(data, button).then((outcome) => settle(outcome, button, target, settings));
  };

  // ---- quantity ----

  const limits = quantityFor(match, quantity);
  const quantityHidden = match ? limits.hidden : soldIndividually;
  const step = (by: 1 | -1) => {
    const base = Number.parseFloat(quantity);
    const next = quantityFor(
      match,
      String((Number.isFinite(base) ? Math.trunc(base) : limits.min) + by),
    ).value;
    if (String(next) === quantity) return;
    setQuantity(String(next));
    announce(`${__('%s quantity').replace('%s', productName)}: ${next}`);
  };
  const quantityNumber = Number.parseFloat(quantity);
  const canLower = !Number.isFinite(quantityNumber) || quantityNumber > limits.min;
  const canRaise = !Number.isFinite(quantityNumber) || limits.max === null || quantityNumber < limits.max;

  // ---- render ----

  const lists: AttributeOptions[] | null =
    index && check.kind !== 'pending' ? index.options(selection) : null;
  const anyChosen = Object.values(selection).some((value) => value !== '');
  const shown = panel.variation;

  const buttonClasses = ['single_add_to_cart_button', 'button', 'alt'];
  if (blockedBy === 'selection' || blockedBy === 'busy')
    buttonClasses.push('disabled', 'wc-variation-selection-needed');
  if (blockedBy === 'unavailable') buttonClasses.push('disabled', 'wc-variation-is-unavailable');
  if (adding.pending > 0) buttonClasses.push('loading');
  else if (adding.added) buttonClasses.push('added');
  const enabledState =
    check.kind === 'pending'
      ? ''
      : blockedBy === null
        ? ' woocommerce-variation-add-to-cart-enabled'
        : ' woocommerce-variation-add-to-cart-disabled';

  return (
    <form
      ref={form}
      className="variations_form cart"
      action={action}
      method="post"
      encType="multipart/form-data"
      data-product_id={productId}
      data-product_variations={productVariations}
      data-custom_data={
        customData === undefined
          ? undefined
          : typeof customData === 'string'
            ? customData
            : JSON.stringify(customData)
      }
      aria-busy={check.kind === 'loading' || undefined}
    >
      <table className="variations" role="presentation">
        <tbody>
          {attributes.map((attribute, i) => {
            const field = fieldOf(attribute.name);
            const value = selection[field] ?? '';
            const labels = new Map(attribute.options.map((o) => [o.value, o.label]));
            const options = lists
              ? lists[i]!.options
              : attribute.options.map((o) => ({ value: o.value, state: 'enabled' as const }));
            const last = i === attributes.length - 1;
            return (
              // 'is-selected': the row's select holds a real option, not the 'Choose an option'
              // placeholder (storefront.md §2.5: "A row is marked as selected…"); reset clears it.
              <tr key={field} className={value ? 'is-selected' : undefined}>
                <th className="label">
                  <label htmlFor={attribute.name}>{attribute.label}</label>
                </th>
                <td className="value">
                  <select
                    ref={i === 0 ? firstSelect : undefined}
                    id={attribute.name}
                    name={field}
                    data-attribute_name={field}
                    data-show_option_none="yes"
                    value={value}
                    onChange={(event) =>
                      apply({ ...current.current.selection, [field]: event.target.value }, 'change')
                    }
                  >
                    <option value="">{__(TEXT.chooseOption)}</option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value} disabled={o.state === 'disabled'}>
                        {labels.get(o.value) ?? o.value}
                      </option>
                    ))}
                  </select>
                  {last && (
                    <a
                      className="reset_variations"
                      href={resetUrl}
                      role="button"
                      aria-label={__('Clear options')}
                      // Hidden (and out of the tab order) until something is chosen, in its place:
                      // WooCommerce toggles `visibility` so the row never changes size.
                      style={{ visibility: anyChosen ? 'visible' : 'hidden' }}
                      onClick={(event) => {
                        event.preventDefault();
                        reset();
                      }}
                      onKeyDown={onResetKeyDown}
                    >
                      {__('Clear')}
                    </a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div
        className="reset_variations_alert screen-reader-text"
        role="alert"
        aria-live="polite"
        aria-relevant="all"
      />
      <div className="single_variation_wrap">
        <div
          className={`woocommerce-variation single_variation shop-islands-vf__panel${panel.open ? ' is-open' : ''}`}
          role="alert"
          aria-relevant="additions"
        >
          <div className="shop-islands-vf__panel-inner">
            {shown &&
              (shown.variation_is_visible ? (
                <>
                  <div
                    className="woocommerce-variation-description"
                    // The store's own HTML (WooCommerce prints it unescaped too), trusted like the page.
                    dangerouslySetInnerHTML={{ __html: shown.variation_description }}
                  />
                  <div
                    className="woocommerce-variation-price"
                    dangerouslySetInnerHTML={{ __html: shown.price_html }}
                  />
                  <div
                    className="woocommerce-variation-availability"
                    dangerouslySetInnerHTML={{ __html: shown.availability_html }}
                  />
                </>
              ) : (
                <p>{__(TEXT.unavailable)}</p>
              ))}
          </div>
        </div>
        {check.kind === 'none' && (
          <p className="wc-no-matching-variations woocommerce-info shop-islands-vf__slide">
            {__(TEXT.noMatch)}
          </p>
        )}
        {check.kind === 'error' && (
          <div className="woocommerce-error shop-islands-vf__fault" role="alert">
            <p>{__(TEXT.fault)}</p>
            <button
              type="button"
              className="button shop-islands-vf__retry"
              onClick={() => apply(current.current.selection, 'retry')}
            >
              {__(TEXT.retry)}
            </button>
          </div>
        )}
        <div className={`woocommerce-variation-add-to-cart variations_button${enabledState}`}>
          <div className="quantity" style={quantityHidden ? { display: 'none' } : undefined}>
            <label className="screen-reader-text" htmlFor={quantityId}>
              {__('%s quantity').replace('%s', productName)}
            </label>
            <button
              type="button"
              className="shop-islands-vf__qty-button minus"
              aria-label={__('Reduce quantity of %s').replace('%s', productName)}
              aria-controls={quantityId}
              aria-disabled={!canLower}
              onClick={() => canLower && step(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              type="number"
              id={quantityId}
              className="input-text qty text"
              name="quantity"
              value={quantityHidden ? '1' : quantity}
              min={limits.min}
              max={quantityHidden ? 1 : (limits.max ?? undefined)}
              step={1}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => setQuantity(event.target.value)}
            />
            <button
              type="button"
              className="shop-islands-vf__qty-button plus"
              aria-label={__('Increase quantity of %s').replace('%s', productName)}
              aria-controls={quantityId}
              aria-disabled={!canRaise}
              onClick={() => canRaise && step(1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button
            type="submit"
            className={buttonClasses.join(' ')}
            aria-disabled={blockedBy !== null || undefined}
            aria-busy={adding.pending > 0 || undefined}
            aria-describedby={alert ? `${quantityId}-alert` : undefined}
            onClick={onAddToCart}
          >
            {buttonLabel}
          </button>
          {viewCart && (
            <a href={viewCart.href} className="added_to_cart wc-forward" title={viewCart.text}>
              {viewCart.text}
            </a>
          )}
          {alert && (
            <p id={`${quantityId}-alert`} className="shop-islands-vf__alert" role="alert">
              {alert}
            </p>
          )}
          <input type="hidden" name="add-to-cart" value={productId} />
          <input type="hidden" name="product_id" value={productId} />
          <input type="hidden" name="variation_id" className="variation_id" value={variationId} />
        </div>
      </div>
      {check.kind === 'loading' && (
        <div className="blockUI blockOverlay shop-islands-vf__blocker" aria-hidden="true" />
      )}
    </form>
  );
}

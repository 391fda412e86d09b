import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { AddProblem } from '../../src/ui/AddProblem';
import { useAddToCart } from '../../src/cart';
import type { Variation } from '../../src/contract/variation';
import { getVariation } from '../../src/endpoints/variation';
import { emit } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { isAbort, TransportError } from '../../src/transport/errors';
import { QuantityInput } from '../../src/ui/QuantityInput';
import {
  FIRST_CHECK_DELAY,
  PANEL_DELAY,
  VariationIndex,
  addButtonClassName,
  blockedBy,
  buttonsRowClassName,
  initialState,
  matchOf,
  optionLists,
  quantityField,
  reducer,
  type Action,
  type AttributeDef,
  type Effect,
} from './model';
import { resetVariationData, showVariationData } from './page';
import type { VariationFormPropsSchema } from './schema';
import { TEXT } from './text';
import { VariationPanel } from './VariationPanel';
import { fieldOf, VariationSelects } from './VariationSelects';

export { FIRST_CHECK_DELAY, PANEL_DELAY } from './model';
export { TEXT } from './text';

type Props = z.output<typeof VariationFormPropsSchema>;

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
 * chosen variation", §5, §7 "Variations", §8), behaving as add-to-cart-variation.js does: its
 * state and transitions in model.ts (a reducer), the matching in matching.ts / variation-index.ts:
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
 *   store's queue (useAddToCart: fragments, drawer, events as every other add-to-cart).
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
  const say = useAnnounce();
  const {
    state: adding,
    viewCart,
    problem,
    add,
  } = useAddToCart({ island: 'variation-form', subject: 'variation' });

  const defs: AttributeDef[] = useMemo(
    () => attributes.map((a) => ({ name: fieldOf(a.name), options: a.options.map((o) => o.value) })),
    [attributes],
  );
  const productVariations = useMemo(() => JSON.stringify(variations), [variations]);
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    initialState(defs, variations ? new VariationIndex(defs, variations) : null, props.selection),
  );

  // The effects of the committed state, run once each, in order: the page's data, WooCommerce's
  // events (their listeners see the committed form), the announcements. Every action then tells
  // the reducer how far they ran, so it forgets them.
  const ran = useRef(-1);
  const send = (next: Action) => dispatch({ ...next, ran: ran.current });
  useLayoutEffect(() => {
    const target = form.current;
    state.effects.forEach((effect, i) => {
      const number = state.effectsFrom + i;
      if (number <= ran.current) return;
      ran.current = number;
      if (target) run(effect, target);
    });
    function run(effect: Effect, target: HTMLFormElement) {
      switch (effect.kind) {
        case 'reset-data':
          resetVariationData(target);
          emit('reset_data', [], target);
          emit('reset_image', [], target);
          emit('hide_variation', [], target);
          return;
        case 'found':
          showVariationData(target, effect.variation);
          emit('found_variation', [effect.variation], target);
          return;
        case 'shown':
          emit('show_variation', [effect.variation, effect.purchasable], target);
          return;
        case 'changed':
          emit('woocommerce_variation_has_changed', [], target);
          return;
        case 'announce':
          say(__(TEXT[effect.text]));
      }
    }
  }, [state.effects, state.effectsFrom, say]);

  // The first check, 100 ms after load (unless the shopper changed a select already).
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'first-check', ran: ran.current }), FIRST_CHECK_DELAY);
    return () => clearTimeout(timer);
  }, []);

  // The panel opens 300 ms after a match; a newer check cancels it.
  const reveal = state.panel.reveal;
  useEffect(() => {
    if (reveal === null) return;
    const timer = setTimeout(() => dispatch({ type: 'reveal', reveal, ran: ran.current }), PANEL_DELAY);
    return () => clearTimeout(timer);
  }, [reveal]);

  // get_variation for a complete selection without local variations; a newer check aborts it.
  const loading = state.check.kind === 'loading' ? state.check : null;
  useEffect(() => {
    if (!loading) return;
    const { request, selection: chosen } = loading;
    const controller = new AbortController();
    const answered = (next: Action) => {
      if (!controller.signal.aborted) dispatch({ ...next, ran: ran.current });
    };
    void (async () => {
      try {
        const answer = await getVariation(
          { productId, attributes: chosen, customData: customDataFields(customData) },
          { signal: controller.signal, timeout },
        );
        // `false` (sample 16) or an empty body (`wp_die()`): nothing matches.
        answered({ type: 'fetched', request, variation: answer || null });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        // An empty body (WooCommerce's `wp_die()` for a product it cannot find) is no JSON at all:
        // no match, as add-to-cart-variation.js reads it.
        if (error instanceof TransportError && error.kind === 'schema' && error.details.body?.trim() === '') {
          answered({ type: 'fetched', request, variation: null });
          return;
        }
        // Not specified. The shopper keeps the selection and sees a message with 'Try again'; the
        // add-to-cart button checks again too (WooCommerce refuses a form posted without the
        // variation_id, which only the check finds).
        console.error('[shop-islands] variation-form: the variation could not be fetched.', error);
        answered({ type: 'fetch-failed', request });
      }
    })();
    return () => controller.abort();
  }, [loading, productId, customData, timeout]);

  const reset = () => {
    send({ type: 'reset' });
    firstSelect.current?.focus();
  };

  const blocked = blockedBy(state);

  const onAddToCart = (event: MouseEvent<HTMLButtonElement>) => {
    const target = form.current;
    if (!target) return;
    // WooCommerce adds a variable product only with its variation_id (it refuses the attributes
    // alone: "Please choose product options…"), so no click posts the form without one.
    let current = state;
    if (current.check.kind === 'pending') {
      // Before the first check (100 ms after mounting) a click runs it now, committed at once so
      // the hidden variation_id field holds the match if the form then posts natively.
      current = reducer(current, { type: 'first-check' });
      flushSync(() => send({ type: 'first-check' }));
    }
    if (current.check.kind === 'error') {
      // After a get_variation fault no variation is known: the click checks again (Try again).
      event.preventDefault();
      send({ type: 'retry' });
      return;
    }
    const blockedNow = blockedBy(current);
    const matched = matchOf(current);
    if (blockedNow !== null || !matched) {
      event.preventDefault();
      send({ type: 'blocked-click' });
      return;
    }
    // An invalid quantity: the browser's own validation shows why (and posts nothing).
    if (!target.checkValidity()) return;
    // wc-ajax add_to_cart only knows the variation's own attributes: a value the shopper chose for
    // an "any" attribute would be lost and WooCommerce's cart refuses it ("… is a required field").
    // WooCommerce's form handler reads the posted attribute fields with the variation_id: the form
    // posts natively.
    if (takesAny(matched)) return;
    add({
      event,
      button: event.currentTarget,
      // Sample 17: WooCommerce's wc-ajax add of a variation posts the variation's id as product_id.
      data: {
        product_id: String(matched.variation_id),
        variation_id: String(matched.variation_id),
        quantity: current.quantity,
        ...current.selection,
      },
      fallback: { form: target },
      successMessage,
    });
  };

  const quantity = quantityField(state, soldIndividually);
  const alert = state.alert && __(TEXT[state.alert]);

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
      aria-busy={state.check.kind === 'loading' || undefined}
    >
      <VariationSelects
        attributes={attributes}
        selection={state.selection}
        lists={optionLists(state)}
        onChoose={(field, value) => send({ type: 'choose', field, value })}
        onReset={reset}
        resetUrl={resetUrl}
        firstSelect={firstSelect}
      />
      <div
        className="reset_variations_alert screen-reader-text"
        role="alert"
        aria-live="polite"
        aria-relevant="all"
      />
      <div className="single_variation_wrap">
        <VariationPanel panel={state.panel} check={state.check} onRetry={() => send({ type: 'retry' })} />
        <div className={buttonsRowClassName(state)}>
          <QuantityInput
            id={quantityId}
            name="quantity"
            value={quantity.value}
            onChange={(value) => send({ type: 'quantity', value })}
            min={quantity.min}
            max={quantity.max}
            step={1}
            label={__('%s quantity').replace('%s', productName)}
            productName={productName}
            className="quantity"
            buttonClassName="shop-islands-vf__qty-button"
            hidden={quantity.hidden}
          />
          <button
            type="submit"
            className={addButtonClassName(state, adding)}
            aria-disabled={blocked !== null || undefined}
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
          <AddProblem message={problem} />
          {alert && (
            <p id={`${quantityId}-alert`} className="shop-islands-vf__alert" role="alert">
              {alert}
            </p>
          )}
          <input type="hidden" name="add-to-cart" value={productId} />
          <input type="hidden" name="product_id" value={productId} />
          <input type="hidden" name="variation_id" className="variation_id" value={state.variationId} />
        </div>
      </div>
      {state.check.kind === 'loading' && (
        <div className="blockUI blockOverlay shop-islands-vf__blocker" aria-hidden="true" />
      )}
    </form>
  );
}

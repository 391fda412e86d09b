import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { AddressFields, printedAddress } from '../../src/address/AddressFields';
import { stateInput, stateValueAfter } from '../../src/address/rules';
import { useAnnounce } from '../../src/a11y/useAnnounce';
import { readAddressRules } from '../../src/contract/address';
import { calculateShipping } from '../../src/endpoints/cart-page';
import { emit } from '../../src/events/bus';
import { __ } from '../../src/i18n';
import { useIslandContainer } from '../../src/islands/container';
import { isAbort } from '../../src/transport/errors';
import { readCartPage } from './answer';
import { afterAnswer, announcements, CALCULATE_FAILED, PREFIX, typedValues, type Typed } from './model';
import type { ShippingCalculatorProps } from './schema';

/** Seams for tests: jsdom cannot reload, and a test does not wait WooCommerce's whole timeout. */
export const browser = { reload: () => window.location.reload() };
export const limits = {
  /** How long the cart page may take to answer (WooCommerce's own post has none). */
  timeoutMs: 20_000,
};

const FORM = 'form.woocommerce-shipping-calculator';
const TOGGLE = 'a.shipping-calculator-button';
const SECTION = 'section.shipping-calculator-form';
const REVEAL = 'shop-islands-calc-reveal';
const BLOCKED = 'shop-islands-blocked';

/** One calculator form of the totals (a new one after each answer) and what it shows. */
interface View {
  /** Bumped when the totals are replaced: the pickers are drawn again in the new form. */
  generation: number;
  form: HTMLFormElement | null;
  country: string;
  state: string;
  open: boolean;
}

const findForm = (container: HTMLElement) => container.querySelector<HTMLFormElement>(FORM);
const sectionOf = (form: HTMLFormElement | null) => form?.querySelector<HTMLElement>(SECTION) ?? null;
const submitOf = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLElement>('button[name="calc_shipping"], [type="submit"]') ?? null;

/** Where the form posts: its `action` (the cart page), else the page itself, as a browser does. */
function actionOf(form: HTMLFormElement): string {
  return new URL(form.getAttribute('action') ?? '', document.baseURI).href;
}

/** WooCommerce's block (cart.js `block()`): `processing`, the white overlay, no input meanwhile. */
function setBlocked(el: Element, blocked: boolean): void {
  el.classList.toggle('processing', blocked);
  el.classList.toggle(BLOCKED, blocked);
  if (blocked) {
    el.setAttribute('aria-busy', 'true');
    el.setAttribute('inert', '');
  } else {
    el.removeAttribute('aria-busy');
    el.removeAttribute('inert');
  }
}

/**
 * The page's notices wrapper (cart.js: `.woocommerce-notices-wrapper:first`); a theme that prints
 * none gets one above the totals.
 */
function noticesWrapper(container: HTMLElement): HTMLElement {
  const found = document.querySelector<HTMLElement>('.woocommerce-notices-wrapper');
  if (found) return found;
  const made = document.createElement('div');
  made.className = 'woocommerce-notices-wrapper';
  container.before(made);
  return made;
}

/**
 * The cart page's shipping calculator (checkout.md §2 "Cart page", §3, §4; WooCommerce 9.9's cart.js
 * in behaviour): the 'Calculate shipping' toggle, the country and state pickers with the country's
 * rules on the calculator's rows (`src/address`, as on the checkout), and 'Update' posting the form
 * to the cart page once, the totals blocked meanwhile, then the totals and the notices replaced by
 * the answer's (sanitised). A failed post changes nothing but a notice in the calculator.
 */
export function ShippingCalculator(props: ShippingCalculatorProps) {
  const container = useIslandContainer();
  const rules = useMemo(
    () => readAddressRules(props.address.i18n, props.address.countrySelect),
    [props.address.i18n, props.address.countrySelect],
  );
  const [view, setView] = useState<View>(() => {
    const form = findForm(container);
    return {
      generation: 0,
      form,
      ...(form ? printedAddress(form, PREFIX) : { country: '', state: '' }),
      open: false,
    };
  });
  const [problem, setProblem] = useState<{ id: number } | null>(null);
  const busy = useRef(false);
  /** Where the focus goes once the next view is on the page. */
  const focusNext = useRef<'toggle' | 'submit' | null>(null);
  const say = useAnnounce();
  // Aborted when the island goes: an answer that comes later changes nothing.
  const [unmounted] = useState(() => new AbortController());
  useEffect(() => () => unmounted.abort(), [unmounted]);

  const { form, open } = view;

  // ---- the toggle (cart.js `toggle_shipping`) ----------------------------------------------------
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    const section = sectionOf(form);
    if (!section) return;
    section.style.display = open ? '' : 'none';
    if (open && !wasOpen.current) {
      section.classList.remove(REVEAL);
      void section.offsetWidth; // restarts the animation
      section.classList.add(REVEAL);
    }
    wasOpen.current = open;
    for (const link of form?.querySelectorAll<HTMLElement>(TOGGLE) ?? []) {
      link.setAttribute('aria-expanded', String(open));
    }
  }, [form, open]);

  // WooCommerce 9.9 prints the toggle as a button (role, aria-controls); older templates do not.
  useLayoutEffect(() => {
    const link = form?.querySelector<HTMLElement>(TOGGLE);
    const section = sectionOf(form);
    if (!link) return;
    const added: string[] = [];
    const set = (name: string, value: string) => {
      if (link.hasAttribute(name)) return;
      link.setAttribute(name, value);
      added.push(name);
    };
    set('role', 'button');
    if (section?.id) set('aria-controls', section.id);
    return () => added.forEach((name) => link.removeAttribute(name));
  }, [form]);

  const latest = useRef({ country: view.country });
  useLayoutEffect(() => {
    latest.current = { country: view.country };
  });

  useLayoutEffect(() => {
    if (!form) return;
    const toggle = () => {
      if (busy.current) return;
      setProblem(null);
      setView((current) => (current.form === form ? { ...current, open: !current.open } : current));
      // WooCommerce's toggle redraws the country's fields and says so (its select2 loads then).
      emit('country_to_state_changed', [latest.current.country, form], document.body);
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.(TOGGLE);
      if (!link || !form.contains(link)) return;
      event.preventDefault();
      // Ours alone: where WooCommerce's cart.js stays on the page (it runs the rest of the cart
      // page), its handler on the document would toggle the form back and redraw the fields.
      event.stopPropagation();
      toggle();
    };
    // A link acts on Enter; as a button (its role) it acts on Space too.
    const onKey = (event: KeyboardEvent) => {
      const link = (event.target as Element).closest?.(TOGGLE);
      if (!link || !form.contains(link) || event.key !== ' ') return;
      event.preventDefault();
      toggle();
    };
    form.addEventListener('click', onClick);
    form.addEventListener('keydown', onKey);
    return () => {
      form.removeEventListener('click', onClick);
      form.removeEventListener('keydown', onKey);
    };
  }, [form]);

  // ---- the answer ------------------------------------------------------------------------------
  const applyAnswer = useCallback(
    (html: string, typed: Typed, blocked: Element) => {
      const answer = readCartPage(html);
      if (answer.kind === 'emptied') {
        browser.reload();
        return;
      }
      if (answer.kind === 'malformed' || !blocked.isConnected) {
        setBlocked(blocked, false);
        setProblem({ id: Date.now() });
        submitOf(form)?.focus();
        return;
      }
      blocked.replaceWith(answer.totals);
      noticesWrapper(container).replaceChildren(answer.notices);
      const next = findForm(container);
      const then = afterAnswer(answer.hasError);
      if (next && then.keepTyped) {
        // What the shopper typed, back in the new form (the server printed the previous address).
        for (const key of ['city', 'postcode'] as const) {
          const input = next.querySelector<HTMLInputElement>(`input#${PREFIX}_${key}`);
          if (input) input.value = typed[key];
        }
      }
      const address = next
        ? then.keepTyped
          ? typed
          : printedAddress(next, PREFIX)
        : { country: '', state: '' };
      focusNext.current = then.focus;
      // In the same task as the swap above: the new totals never show the calculator closed (or
      // without its pickers) for a frame before React catches up.
      flushSync(() => {
        setProblem(null);
        setView((current) => ({
          generation: current.generation + 1,
          form: next,
          country: address.country,
          state: address.state,
          open: then.open,
        }));
      });
      emit('updated_cart_totals', [], document.body);
      emit('updated_wc_div', [], document.body);
      for (const { message, politeness } of announcements(answer.facts)) say(message, { politeness });
    },
    [container, form, say],
  );

  // ---- 'Update' (cart.js `shipping_calculator_submit`) ----------------------------------------
  useLayoutEffect(() => {
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      // Ours alone: cart.js, where it stays, would post the form a second time.
      event.stopPropagation();
      // One post per intent: a double click, Enter twice, a script's second submit send nothing.
      if (busy.current) return;
      const blocked = form.closest('div.cart_totals') ?? form;
      const entries = Array.from(new FormData(form), ([name, value]) => [name, String(value)] as const);
      const typed = typedValues(entries);
      busy.current = true;
      setProblem(null);
      setBlocked(blocked, true);
      calculateShipping(actionOf(form), entries, { signal: unmounted.signal, timeout: limits.timeoutMs })
        .then(
          (html) => applyAnswer(html, typed, blocked),
          (error: unknown) => {
            // Nothing replaced: the form is as the shopper left it (and works as printed if the
            // island went away meanwhile: an aborted post leaves nothing blocked).
            setBlocked(blocked, false);
            if (isAbort(error)) return;
            setProblem({ id: Date.now() });
            submitOf(form)?.focus();
          },
        )
        .finally(() => {
          busy.current = false;
        });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [form, unmounted, applyAnswer]);

  // Totals replaced by someone else: WooCommerce's cart.js, where it runs the rest of the cart page
  // (after Update cart, a shipping method chosen, a coupon), puts the server's new `div.cart_totals`
  // in place of ours. The calculator in them is adopted as after our own answer, closed.
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const next = findForm(container);
      if (next === form || busy.current) return;
      setProblem(null);
      setView((current) =>
        current.form === next
          ? current
          : {
              generation: current.generation + 1,
              form: next,
              ...(next ? printedAddress(next, PREFIX) : { country: '', state: '' }),
              open: false,
            },
      );
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, form]);

  // The focus, once the new totals are drawn (after the pickers: children's effects run first).
  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'toggle') form?.querySelector<HTMLElement>(TOGGLE)?.focus();
    else if (target === 'submit') submitOf(form)?.focus();
  }, [form, view.generation]);

  // ---- the address -------------------------------------------------------------------------------
  const onCountry = (country: string) =>
    setView((current) => {
      const before = stateInput(rules.states, current.country).kind;
      return {
        ...current,
        country,
        state: stateValueAfter(before, stateInput(rules.states, country), current.state),
      };
    });
  const onState = (state: string) => setView((current) => ({ ...current, state }));
  const onLaidOut = (country: string, wrapper: Element | null) =>
    emit('country_to_state_changed', [country, wrapper], document.body);

  if (!form) return null;
  const section = sectionOf(form);
  return (
    <>
      <AddressFields
        key={view.generation}
        form={form}
        prefix={PREFIX}
        rules={rules}
        country={view.country}
        state={view.state}
        onCountry={onCountry}
        onState={onState}
        onLaidOut={onLaidOut}
      />
      {problem &&
        section &&
        createPortal(
          <div key={problem.id} className="woocommerce-error shop-islands-calc-error" role="alert">
            {__(CALCULATE_FAILED)}
          </div>,
          section,
        )}
    </>
  );
}

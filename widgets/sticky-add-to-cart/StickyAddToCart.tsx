import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type RefObject,
} from 'react';
import type * as z from 'zod/mini';
import { useAddToCart } from '../../src/cart';
import { sanitizeHtml } from '../../src/security/html';
import { AddProblem } from '../../src/ui/AddProblem';
import { isModifiedClick } from '../../src/navigation';
import {
  MOBILE_QUERY,
  barClassName,
  bottomOffset,
  buttonClassName,
  isOutOfViewAbove,
  quantityFrom,
  requestData,
} from './model';
import type { StickyAddToCartPropsSchema } from './schema';

type Props = z.output<typeof StickyAddToCartPropsSchema>;

const matches = (query: string): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** The first element of `selector`, or null (an invalid selector from the server included). */
function find(selector: string): HTMLElement | null {
  try {
    return document.querySelector<HTMLElement>(selector);
  } catch {
    return null;
  }
}

/** The form's first field the shopper would fill in: a select, an input, a textarea or a button. */
const firstField = (form: HTMLElement): HTMLElement | null =>
  form.querySelector<HTMLElement>(
    'select:not([disabled]), input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), button:not([disabled])',
  );

/** Scrolls `form` into view (smoothly, unless the shopper asked for less motion) and focuses its first field. */
function goToForm(form: HTMLElement): void {
  const behavior = matches('(prefers-reduced-motion: reduce)') ? 'auto' : 'smooth';
  if (typeof form.scrollIntoView === 'function') form.scrollIntoView({ behavior, block: 'center' });
  // preventScroll: the focus must not jump the page while it scrolls smoothly.
  (firstField(form) ?? form).focus({ preventScroll: true });
}

/** Follows whether the trigger has scrolled out of view above the viewport (and whether it ever has). */
function useTriggerOutOfView(triggerClass: string): { out: boolean; ever: boolean } {
  const [state, setState] = useState({ out: false, ever: false });
  useEffect(() => {
    const trigger = document.getElementsByClassName(triggerClass)[0];
    if (!trigger) {
      console.error(
        `[shop-islands] sticky-add-to-cart: no element with the class "${triggerClass}" on the page; the bar stays hidden.`,
      );
      return;
    }
    // Every browser the islands support has IntersectionObserver; without it the bar stays hidden.
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const out = isOutOfViewAbove({
        isIntersecting: entry.isIntersecting,
        bottom: entry.boundingClientRect.bottom,
        rootTop: entry.rootBounds?.top ?? 0,
      });
      setState((previous) => ({ out, ever: previous.ever || out }));
    });
    observer.observe(trigger);
    return () => observer.disconnect();
  }, [triggerClass]);
  return state;
}

/**
 * While the bar shows, the page keeps room for it, so it covers nothing for good: on small screens
 * (a bottom bar, above the fixed store notice) the body gets extra bottom padding, so the end of the
 * page can still be scrolled clear of it; everywhere, `scroll-padding` keeps what the keyboard focuses
 * or an anchor scrolls to out from under it. Padding added at the end of the page moves nothing
 * already laid out: no layout shift. Returns the mobile bar's offset from the viewport's bottom.
 */
function usePageRoom(bar: RefObject<HTMLElement | null>, shown: boolean, avoidSelector: string): number {
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    const body = document.body;
    const before = {
      paddingBottom: body.style.paddingBottom,
      scrollPaddingTop: root.style.scrollPaddingTop,
      scrollPaddingBottom: root.style.scrollPaddingBottom,
    };
    const avoided = (): HTMLElement[] => {
      if (!avoidSelector) return [];
      try {
        return Array.from(document.querySelectorAll<HTMLElement>(avoidSelector));
      } catch {
        return [];
      }
    };
    const measure = () => {
      const height = bar.current?.offsetHeight ?? 0;
      body.style.paddingBottom = before.paddingBottom;
      root.style.scrollPaddingTop = before.scrollPaddingTop;
      root.style.scrollPaddingBottom = before.scrollPaddingBottom;
      if (matches(MOBILE_QUERY)) {
        const fixed = avoided()
          .filter((el) => getComputedStyle(el).position === 'fixed')
          .map((el) => el.getBoundingClientRect());
        const below = bottomOffset(window.innerHeight, fixed);
        setOffset(below);
        const padding = Number.parseFloat(getComputedStyle(body).paddingBottom) || 0;
        body.style.paddingBottom = `${padding + height}px`;
        root.style.scrollPaddingBottom = `${height + below}px`;
      } else {
        setOffset(0);
        root.style.scrollPaddingTop = `${height}px`;
      }
    };
    measure();
    window.addEventListener('resize', measure);
    // The store notice may wrap onto more lines, or be dismissed (its box then measures 0).
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    avoided().forEach((el) => resize?.observe(el));
    return () => {
      window.removeEventListener('resize', measure);
      resize?.disconnect();
      body.style.paddingBottom = before.paddingBottom;
      root.style.scrollPaddingTop = before.scrollPaddingTop;
      root.style.scrollPaddingBottom = before.scrollPaddingBottom;
    };
  }, [bar, shown, avoidSelector]);

  return offset;
}

/**
 * Storefront's sticky add-to-cart bar (storefront.md §2.5; the markup of steps 01 and 02), a fixed
 * bar with the product's thumbnail, name, price and rating and one button. It slides in (200 ms, no
 * motion when the shopper prefers less) once the element with `trigger_class` ('entry-summary') has
 * scrolled out of view above the viewport, and out when it is back. Fixed, it never shifts the
 * layout; hidden, it is `inert` and `aria-hidden` (not focusable, not read). At the top of wide
 * screens (as Storefront), it is a bottom bar on small ones, above the store notice, and the page
 * gets room for it (Storefront hides it there).
 *
 * Its button:
 * - a simple product in stock, 'Add to cart': adds through the cart store's queue with the main
 *   form's quantity (or 1); the drawer opens and the fragments refresh as for every add; the
 *   success_message is announced after 1 s. WooCommerce refusing (`error` + `product_url`) or
 *   cart_redirect_after_add sends the browser there; any other failure follows the link
 *   (`?add-to-cart=ID`, WooCommerce's page-load add). No 'View cart' link is added to the bar (it
 *   has no room; the drawer that opens shows one);
 * - a variable product, 'Select options', and out of stock, 'Read more': scroll smoothly to the
 *   product's form (the variations form, or the waitlist form) and focus its first field. (Storefront
 *   scrolls to the product for every kind, a simple product included; the in-page add is ours.)
 */
export function StickyAddToCart(props: Props) {
  const {
    productId,
    productName,
    priceHtml,
    ratingHtml,
    image,
    button,
    successMessage,
    triggerClass,
    formSelector,
    avoidSelector,
    viewingLabel,
  } = props;
  const bar = useRef<HTMLElement>(null);
  const { out: shown, ever: everShown } = useTriggerOutOfView(triggerClass);
  // No 'View cart' link in the bar (no room; the drawer that opens shows one).
  const { state, problem, add } = useAddToCart({ island: 'sticky-add-to-cart', classicButton: false });
  const offset = usePageRoom(bar, shown, avoidSelector);

  // Hidden while it holds the focus (the shopper scrolled back up from its button with the keys):
  // the focus goes to the form the bar stands for rather than being lost with the inert bar.
  useLayoutEffect(() => {
    if (shown || !bar.current?.contains(document.activeElement)) return;
    const form = find(formSelector);
    if (form) (firstField(form) ?? form).focus({ preventScroll: true });
  }, [shown, formSelector]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    const link = event.currentTarget;
    if (button.kind !== 'add') {
      const form = find(formSelector);
      if (!form) return; // the link still leads to the product
      event.preventDefault();
      goToForm(form);
      return;
    }
    const quantityInput = find(formSelector)?.querySelector<HTMLInputElement>('input[name="quantity"]');
    add({
      event,
      button: link,
      data: requestData(productId, quantityFrom(quantityInput?.value)),
      fallback: { href: link.href },
      successMessage,
    });
  };

  const style = offset ? ({ '--shop-islands-sticky-atc-offset': `${offset}px` } as CSSProperties) : undefined;
  return (
    <section
      ref={bar}
      className={barClassName(shown, everShown)}
      aria-hidden={shown ? undefined : true}
      inert={!shown}
      style={style}
    >
      <div className="col-full">
        <div className="storefront-sticky-add-to-cart__content">
          {image && (
            <img
              width={image.width}
              height={image.height}
              src={image.src}
              className="attachment-woocommerce_thumbnail size-woocommerce_thumbnail"
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          <div className="storefront-sticky-add-to-cart__content-product-info">
            <span className="storefront-sticky-add-to-cart__content-title">
              <span className="storefront-sticky-add-to-cart__content-viewing">{viewingLabel}</span>{' '}
              <strong>{productName}</strong>
            </span>
            <span
              className="storefront-sticky-add-to-cart__content-price"
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(priceHtml) }}
            />
            {ratingHtml && (
              <span
                className="storefront-sticky-add-to-cart__content-rating"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(ratingHtml) }}
              />
            )}
          </div>
          <a
            href={button.href}
            className={buttonClassName(state)}
            rel="nofollow"
            aria-busy={state.pending > 0 || undefined}
            onClick={onClick}
          >
            {button.label}
          </a>
        </div>
        <AddProblem message={problem} />
      </div>
    </section>
  );
}

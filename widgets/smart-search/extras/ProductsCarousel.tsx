import {
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type PointerEvent,
} from 'react';
import { useAnnounce } from '../../../src/a11y/useAnnounce';
import { __ } from '../../../src/i18n';
import { sanitizeHtml } from '../../../src/security/html';
import {
  CAROUSEL,
  canMoveNext,
  canMovePrevious,
  clampStart,
  hasRating,
  isCarousel,
  isSlideVisible,
  linkTo,
  moveStart,
  productAction,
  ratingText,
  ratingWidth,
  slideLabel,
  slidesPerView,
  visibleSlidesText,
} from './model';
import type { SelectedProduct } from './schema';

/** A featured product with its name and category as text (markup and entities resolved). */
export interface ShownProduct extends SelectedProduct {
  title: string;
  categoryText: string;
}

/** A horizontal move at least this long (px) with a finger or a pen is a swipe. */
const SWIPE_MIN_PX = 40;

const subscribeResize = (onChange: () => void): (() => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const perViewNow = (): number => slidesPerView(window.innerWidth);
const perViewOnServer = (): number => CAROUSEL.desktop;

/** Slides per view for the window's width (§9: 3, 2 up to 1024 px, 1 up to 767 px), kept current. */
const useSlidesPerView = (): number => useSyncExternalStore(subscribeResize, perViewNow, perViewOnServer);

function ProductCard({ product }: { product: ShownProduct }) {
  const href = linkTo(product.permalink);
  const image = linkTo(product.image);
  const action = productAction(product, product.title);
  const price = useMemo(() => (product.price ? sanitizeHtml(product.price) : ''), [product.price]);
  const name = (
    <>
      {image && (
        <img className="smart-search-extras__image" src={image} alt="" loading="lazy" decoding="async" />
      )}
      <span className="smart-search-extras__name">{product.title}</span>
    </>
  );
  return (
    <div className="smart-search-extras__product">
      {href ? (
        <a className="smart-search-extras__product-link" href={href}>
          {name}
        </a>
      ) : (
        <span className="smart-search-extras__product-link">{name}</span>
      )}
      {product.categoryText && (
        <span className="smart-search-extras__product-category">{product.categoryText}</span>
      )}
      {hasRating(product.average_rating) && (
        <span
          className="smart-search-extras__stars"
          role="img"
          aria-label={ratingText(product.average_rating, product.rating_count)}
          style={{ '--smart-search-rating': ratingWidth(product.average_rating) } as CSSProperties}
        />
      )}
      {price && (
        <span className="smart-search-extras__price price" dangerouslySetInnerHTML={{ __html: price }} />
      )}
      {action.href && (
        <a
          className={`smart-search-extras__action button smart-search-extras__action--${action.kind}`}
          href={action.href}
          aria-label={action.label}
          rel="nofollow"
        >
          {action.text}
        </a>
      )}
    </div>
  );
}

/**
 * The featured products (§2.4, §9 "Carousel defaults"): with 2 or more, a carousel showing 3 side by
 * side (2 up to 1024 px, 1 up to 767 px) moved one at a time by 'Previous' / 'Next' (or a swipe),
 * never on its own and without looping; with one, a plain list. WAI-ARIA's carousel pattern: a
 * region described as a carousel, each slide a group named 'N of M', the slides out of view inert
 * (out of the Tab order and the accessibility tree), the new position announced after a move.
 */
export function ProductsCarousel({ title, products }: { title: string; products: readonly ShownProduct[] }) {
  const headingId = useId();
  const trackId = useId();
  const perView = useSlidesPerView();
  const announce = useAnnounce();
  const [start, setStart] = useState(0);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const count = products.length;

  if (!isCarousel(count)) {
    return (
      <section
        className="smart-search-extras__section smart-search-extras__products"
        aria-labelledby={headingId}
      >
        <h2 className="smart-search-extras__heading" id={headingId}>
          {title}
        </h2>
        <ul className="smart-search-extras__product-list" role="list">
          {products.map((product, index) => (
            <li key={`${index}:${product.id}`}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const first = clampStart(start, count, perView);
  const move = (direction: -1 | 1) => {
    const next = moveStart(first, direction, count, perView);
    if (next === first) return;
    setStart(next);
    announce(visibleSlidesText(next, count, perView));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipe.current =
      event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(event.clientY - from.y)) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    move(dx < 0 !== rtl ? 1 : -1);
  };

  const previous = canMovePrevious(first, count, perView);
  const next = canMoveNext(first, count, perView);
  return (
    <section
      className="smart-search-extras__section smart-search-extras__products smart-search-extras__carousel"
      aria-roledescription={__('carousel')}
      aria-labelledby={headingId}
    >
      <div className="smart-search-extras__carousel-header">
        <h2 className="smart-search-extras__heading" id={headingId}>
          {title}
        </h2>
        <div className="smart-search-extras__controls">
          <button
            type="button"
            className="smart-search-extras__previous"
            aria-controls={trackId}
            aria-disabled={!previous}
            onClick={() => move(-1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="smart-search-extras__control-text">{__('Previous')}</span>
          </button>
          <button
            type="button"
            className="smart-search-extras__next"
            aria-controls={trackId}
            aria-disabled={!next}
            onClick={() => move(1)}
          >
            <span className="smart-search-extras__control-text">{__('Next')}</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div
        className="smart-search-extras__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <div
          id={trackId}
          className="smart-search-extras__track"
          style={{ '--smart-search-per-view': perView, '--smart-search-start': first } as CSSProperties}
        >
          {products.map((product, index) => {
            const visible = isSlideVisible(index, first, count, perView);
            return (
              <div
                key={`${index}:${product.id}`}
                className="smart-search-extras__slide"
                role="group"
                aria-roledescription={__('slide')}
                aria-label={slideLabel(index, count)}
                inert={!visible}
              >
                <ProductCard product={product} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

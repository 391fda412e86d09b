import { useId, useLayoutEffect, useMemo, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { useAnnounce } from '../../../src/a11y/useAnnounce';
import { getTabbables } from '../../../src/a11y/tabbable';
import { __ } from '../../../src/i18n';
import {
  removeRecentSearch,
  readRecentSearches,
  cleanSearchTerm,
  useRecentSearches,
} from '../../../src/search/recent-searches';
import { sanitizedFragment } from '../../../src/security/html';
import { linkTo, removedRecentText, removeRecentLabel, type Location } from './model';
import { ProductsCarousel, type ShownProduct } from './ProductsCarousel';
import type { OverlayConfig } from './schema';

export interface FullScreenExtrasProps {
  config: OverlayConfig;
  /** The keyword suggestions of the latest answer (`keywords[]`). */
  keywords: readonly string[];
  /** Keyword suggestions are on screen: recent searches hide (§4). */
  showingKeywords: boolean;
  /** A recent search or a keyword was chosen: search for it. */
  onPick(term: string): void;
}

/** A name as WordPress prints it (markup and entities allowed) as the text it shows, spaces collapsed. */
function plainText(html: string): string {
  if (!html) return '';
  return (sanitizedFragment(html).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A titled section of the panel: a region named by its visible heading. */
function Section({
  className,
  title,
  children,
  ref,
}: {
  className: string;
  title: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  const id = useId();
  return (
    <section ref={ref} className={`smart-search-extras__section ${className}`} aria-labelledby={id}>
      <h2 className="smart-search-extras__heading" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The element to focus once the recent searches section is gone: what follows it, else the dialog's first. */
function successorOf(section: HTMLElement, root: HTMLElement): HTMLElement {
  const after = getTabbables(root).find(
    (el) => !section.contains(el) && section.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  if (after) return after;
  const dialog = root.closest<HTMLElement>('[role="dialog"], dialog');
  const first = dialog ? getTabbables(dialog).find((el) => !section.contains(el)) : undefined;
  if (first) return first;
  root.tabIndex = -1;
  return root;
}

function RecentSearches({
  title,
  terms,
  onPick,
  root,
}: {
  title: string;
  terms: readonly string[];
  onPick(term: string): void;
  root: RefObject<HTMLDivElement | null>;
}) {
  const announce = useAnnounce();
  const section = useRef<HTMLElement>(null);
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  /** The entry whose delete button takes the focus after a deletion (the next one, else the previous). */
  const focusAt = useRef<number | null>(null);

  useLayoutEffect(() => {
    const at = focusAt.current;
    focusAt.current = null;
    if (at !== null) removeButtons.current[Math.min(at, terms.length - 1)]?.focus();
  }, [terms]);

  const remove = (term: string, index: number) => {
    const wrapper = section.current;
    removeRecentSearch(term);
    announce(removedRecentText(term));
    if (readRecentSearches().length > 0) focusAt.current = index;
    else if (wrapper && root.current) successorOf(wrapper, root.current).focus();
  };

  return (
    <Section ref={section} className="smart-search-extras__recent" title={title}>
      <ul className="smart-search-extras__terms" role="list">
        {terms.map((term, index) => (
          <li key={term} className="smart-search-extras__term">
            <button type="button" className="smart-search-extras__pick" onClick={() => onPick(term)}>
              {term}
            </button>
            <button
              type="button"
              className="smart-search-extras__remove"
              aria-label={removeRecentLabel(term)}
              ref={(el) => {
                removeButtons.current[index] = el;
              }}
              onClick={() => remove(term, index)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Keywords({
  title,
  keywords,
  onPick,
}: {
  title: string;
  keywords: readonly string[];
  onPick(term: string): void;
}) {
  return (
    <Section className="smart-search-extras__keywords" title={title}>
      <ul className="smart-search-extras__terms" role="list">
        {keywords.map((keyword) => (
          <li key={keyword} className="smart-search-extras__term">
            <button type="button" className="smart-search-extras__pick" onClick={() => onPick(keyword)}>
              {keyword}
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

interface ShownCategory {
  name: string;
  href: string;
  count: number;
}

function Categories({
  title,
  categories,
  showCount,
}: {
  title: string;
  categories: ShownCategory[];
  showCount: boolean;
}) {
  return (
    <Section className="smart-search-extras__categories" title={title}>
      <ul className="smart-search-extras__category-list" role="list">
        {categories.map((category, index) => (
          <li key={`${index}:${category.href}`} className="smart-search-extras__category">
            <a href={category.href}>
              {category.name}
              {showCount && (
                <>
                  {' '}
                  <span className="smart-search-extras__count">({category.count})</span>
                </>
              )}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PromoBanner({ image, link }: { image: string; link: string | undefined }) {
  const picture = (
    <img className="smart-search-extras__promo-image" src={image} alt={__('Promotion')} decoding="async" />
  );
  return (
    <section className="smart-search-extras__section smart-search-extras__promo" aria-label={__('Promotion')}>
      {link ? <a href={link}>{picture}</a> : picture}
    </section>
  );
}

/** The unique cleaned texts, in order. */
function uniqueTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const term of terms) {
    const clean = cleanSearchTerm(term);
    if (clean && !seen.has(clean.toLowerCase())) {
      seen.add(clean.toLowerCase());
      kept.push(clean);
    }
  }
  return kept;
}

/**
 * The full-screen search overlay's extras (storefront.md §2.4, §4 "Recent searches"), loaded when
 * the overlay opens: recent searches (each deletable; hidden when there are none and while keyword
 * suggestions show), keyword suggestions, featured categories and the promo banner (above or below,
 * as configured) and the featured products carousel. Every URL is http(s) or not rendered; prices
 * are sanitised HTML; names are shown as their text.
 */
export default function FullScreenExtras({
  config,
  keywords,
  showingKeywords,
  onPick,
}: FullScreenExtrasProps) {
  const root = useRef<HTMLDivElement>(null);
  const recent = useRecentSearches();
  const shownKeywords = useMemo(() => uniqueTerms(keywords), [keywords]);

  const categories = useMemo(
    () =>
      config.selectedCategories.flatMap((category): ShownCategory[] => {
        const href = linkTo(category.url);
        const name = plainText(category.name);
        return href && name ? [{ name, href, count: category.count }] : [];
      }),
    [config.selectedCategories],
  );

  const products = useMemo(
    () =>
      config.selectedProducts.flatMap((product): ShownProduct[] => {
        const title = plainText(product.name);
        return title ? [{ ...product, title, categoryText: plainText(product.category) }] : [];
      }),
    [config.selectedProducts],
  );

  const bannerImage = linkTo(config.promoBannerImage);
  const banner = bannerImage ? (
    <PromoBanner image={bannerImage} link={linkTo(config.promoBannerLink)} />
  ) : null;
  const categoriesSection =
    categories.length > 0 ? (
      <Categories
        title={config.selectedCategoriesLabel}
        categories={categories}
        showCount={config.selectedCategoriesCount}
      />
    ) : null;
  const at = (location: Location) => (
    <>
      {config.selectedCategoriesLocation === location && categoriesSection}
      {config.promoBannerLocation === location && banner}
    </>
  );

  return (
    <div className="smart-search-extras" ref={root}>
      {config.recentSearches && !showingKeywords && recent.length > 0 && (
        <RecentSearches title={config.recentSearchesTitle} terms={recent} onPick={onPick} root={root} />
      )}
      {config.keywords && shownKeywords.length > 0 && (
        <Keywords title={config.keywordsLabel} keywords={shownKeywords} onPick={onPick} />
      )}
      {at('top')}
      {products.length > 0 && <ProductsCarousel title={config.selectedProductsLabel} products={products} />}
      {at('bottom')}
    </div>
  );
}

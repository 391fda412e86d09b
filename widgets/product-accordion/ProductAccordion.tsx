import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type * as z from 'zod/mini';
import { animationDuration, initialSection, toggleSection } from './model';
import type { ProductAccordionPropsSchema } from './schema';

type Props = z.output<typeof ProductAccordionPropsSchema>;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * One section: a heading holding the button (aria-expanded, aria-controls) and its region. The
 * region's `hidden` is set here rather than rendered, so a closing section stays shown while its
 * height animates to 0 (200 ms, none with reduced motion), and is hidden once it has.
 */
function Section(props: {
  id: string;
  title: string;
  html: string;
  expanded: boolean;
  headingLevel: number;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
}) {
  const { id, title, html, expanded, headingLevel, onToggle, onKeyDown, buttonRef } = props;
  const panel = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  const Heading = `h${headingLevel}` as 'h3';

  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    if (!mounted.current) {
      // Before the first paint: the same sections open as in the fallback.
      mounted.current = true;
      el.hidden = !expanded;
      return;
    }
    const duration = animationDuration(prefersReducedMotion());
    const animate = duration > 0 && typeof el.animate === 'function';
    let animation: Animation | null = null;
    if (expanded) {
      el.hidden = false;
      if (animate) {
        animation = el.animate([{ height: '0px' }, { height: `${el.scrollHeight}px` }], {
          duration,
          easing: 'ease-out',
        });
      }
    } else if (animate) {
      animation = el.animate([{ height: `${el.scrollHeight}px` }, { height: '0px' }], {
        duration,
        easing: 'ease-in',
      });
      const done = animation;
      done.onfinish = () => {
        el.hidden = true;
      };
    } else {
      el.hidden = true;
    }
    return () => {
      if (!animation) return;
      animation.onfinish = null;
      animation.cancel();
    };
  }, [expanded]);

  return (
    <div className={`product-accordion__section${expanded ? ' is-open' : ''}`}>
      <Heading className="product-accordion__heading">
        <button
          ref={buttonRef}
          type="button"
          id={`${id}-button`}
          className="product-accordion__trigger"
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          onKeyDown={onKeyDown}
        >
          {title}
        </button>
      </Heading>
      <div
        ref={panel}
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        className="product-accordion__panel"
      >
        {/* Not sanitised: the product's own content, the same HTML the fallback prints in the page (video embeds included). */}
        <div className="product-accordion__content" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}

/**
 * The product details accordion (storefront.md §2.5 "Details and options", §4 "Accordion and
 * tabs", §9): one section open at a time; opening one closes the others; the heights animate in
 * 200 ms (not with prefers-reduced-motion). WAI-ARIA accordion pattern: each header is a button in
 * a heading, with aria-expanded and aria-controls; its panel is a region labelled by it. Enter and
 * Space toggle (native buttons); ArrowDown/ArrowUp move between headers, Home/End to the first/last.
 */
export function ProductAccordion({ idPrefix, sections, open: openOnLoad, headingLevel }: Props) {
  const [open, setOpen] = useState(() => initialSection(openOnLoad, sections.length));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = sections.length;
    const to =
      event.key === 'ArrowDown'
        ? (index + 1) % count
        : event.key === 'ArrowUp'
          ? (index - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (to === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    buttons.current[to]?.focus();
  };

  return (
    <div className="product-accordion">
      {sections.map((section, index) => (
        <Section
          key={section.id}
          id={`${idPrefix}-${section.id}`}
          title={section.title}
          html={section.html}
          expanded={open === index}
          headingLevel={headingLevel}
          onToggle={() => setOpen((current) => toggleSection(current, index, sections.length))}
          onKeyDown={(event) => onKeyDown(event, index)}
          buttonRef={(el) => {
            buttons.current[index] = el;
          }}
        />
      ))}
    </div>
  );
}

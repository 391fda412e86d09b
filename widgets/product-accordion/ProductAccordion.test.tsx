import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductAccordion } from './ProductAccordion';

const SECTIONS = [
  { id: 'delivery', title: 'Delivery & returns', html: '<p>Free delivery over €50.</p>' },
  { id: 'size-fit', title: 'Size & fit', html: '<p>True to size.</p>' },
  { id: 'care', title: 'Care', html: '<p>Wipe clean.</p>' },
];

const button = (name: string) => screen.getByRole('button', { name });
const region = (name: string) => screen.queryByRole('region', { name });

function setup(open: number | null = null) {
  return render(<ProductAccordion idPrefix="details" sections={SECTIONS} open={open} headingLevel={3} />);
}

afterEach(() => {
  delete (Element.prototype as Partial<Element>).animate;
});

describe('ProductAccordion', () => {
  it('renders the WAI-ARIA accordion: buttons in headings, regions labelled by them', () => {
    setup();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    for (const { title, id } of SECTIONS) {
      expect(button(title)).toHaveAttribute('aria-expanded', 'false');
      expect(button(title)).toHaveAttribute('aria-controls', `details-${id}-panel`);
      expect(document.getElementById(`details-${id}-panel`)).toHaveAttribute('hidden');
    }
  });

  it('opens the section the server had open', () => {
    setup(1);
    expect(button('Size & fit')).toHaveAttribute('aria-expanded', 'true');
    expect(region('Size & fit')).toHaveTextContent('True to size.');
  });

  it('opening one closes the others; a second click closes it', async () => {
    setup();
    await userEvent.click(button('Delivery & returns'));
    expect(region('Delivery & returns')).toBeVisible();
    await userEvent.click(button('Care'));
    expect(button('Care')).toHaveAttribute('aria-expanded', 'true');
    expect(button('Delivery & returns')).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('details-delivery-panel')).toHaveAttribute('hidden');
    await userEvent.click(button('Care'));
    expect(button('Care')).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('details-care-panel')).toHaveAttribute('hidden');
  });

  it('keyboard: Enter/Space toggle, arrows and Home/End move between headers', async () => {
    setup();
    button('Delivery & returns').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button('Size & fit')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(button('Size & fit')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{End}');
    expect(button('Care')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(button('Care')).toHaveAttribute('aria-expanded', 'true');
    expect(button('Size & fit')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(button('Delivery & returns')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(button('Care')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(button('Delivery & returns')).toHaveFocus();
  });

  it('animates the height in 200 ms and hides a closed section once its animation finished', async () => {
    const animations: { keyframes: Keyframe[]; options: KeyframeAnimationOptions; finish: () => void }[] = [];
    Element.prototype.animate = vi.fn(function (keyframes: Keyframe[], options: KeyframeAnimationOptions) {
      const animation = { onfinish: null as null | (() => void), cancel: vi.fn() };
      animations.push({ keyframes, options, finish: () => animation.onfinish?.() });
      return animation as unknown as Animation;
    }) as unknown as Element['animate'];
    setup(0);
    await userEvent.click(button('Care'));
    // Care opens from 0, Delivery closes to 0, both in 200 ms.
    expect(
      animations.map((a) => [a.keyframes[0]?.height, a.keyframes[1]?.height, a.options.duration]),
    ).toEqual(
      expect.arrayContaining([
        ['0px', expect.stringMatching(/px$/), 200],
        [expect.stringMatching(/px$/), '0px', 200],
      ]),
    );
    const closing = animations.find((a) => a.keyframes[1]?.height === '0px')!;
    expect(document.getElementById('details-delivery-panel')).not.toHaveAttribute('hidden');
    closing.finish();
    expect(document.getElementById('details-delivery-panel')).toHaveAttribute('hidden');
  });

  it('prefers-reduced-motion: no animation', async () => {
    Element.prototype.animate = vi.fn() as unknown as Element['animate'];
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList),
    );
    setup();
    await userEvent.click(button('Care'));
    expect(Element.prototype.animate).not.toHaveBeenCalled();
    expect(region('Care')).toBeVisible();
    vi.unstubAllGlobals();
  });
});

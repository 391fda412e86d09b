import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchLifecycle } from '../../src/test/lifecycle';
import { ProductAccordion } from './ProductAccordion';

const SECTIONS = [
  { id: 'delivery', title: 'Delivery & returns', html: '<p>Free delivery over €50.</p>' },
  { id: 'care', title: 'Care', html: '<p>Wipe clean.</p>' },
];

afterEach(() => {
  delete (Element.prototype as Partial<Element>).animate;
});

describe('ProductAccordion lifecycle', () => {
  it('unmounted mid-animation: the height animations are cancelled and hide nothing afterwards', async () => {
    const animations: { animation: { onfinish: (() => void) | null; cancel: () => void } }[] = [];
    Element.prototype.animate = vi.fn(() => {
      const animation = { onfinish: null as (() => void) | null, cancel: vi.fn() };
      animations.push({ animation });
      return animation as unknown as Animation;
    }) as unknown as Element['animate'];
    const watch = watchLifecycle();
    const { unmount } = render(
      <ProductAccordion idPrefix="details" sections={SECTIONS} open={0} headingLevel={3} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Care' }));
    expect(animations).toHaveLength(2);

    unmount();
    watch.unmounted();
    for (const { animation } of animations) {
      expect(animation.cancel).toHaveBeenCalled();
      expect(animation.onfinish).toBeNull();
    }
    expect(await watch.leftovers()).toEqual([]);
  });
});

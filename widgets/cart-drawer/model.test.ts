import { describe, expect, it } from 'vitest';
import { drawerOpen } from './model';

describe('drawerOpen (storefront.md §4 "Cart drawer")', () => {
  const site = { isEditor: false };
  const editor = { isEditor: true };

  it('opens after an add to cart, except in the page editor', () => {
    expect(drawerOpen(false, { type: 'added' }, site)).toBe(true);
    expect(drawerOpen(false, { type: 'added' }, editor)).toBe(false);
    // Already open (opened from the header cart in the editor): stays open.
    expect(drawerOpen(true, { type: 'added' }, editor)).toBe(true);
  });

  it('opens on a click on the header cart, in the editor too', () => {
    expect(drawerOpen(false, { type: 'opener-click' }, site)).toBe(true);
    expect(drawerOpen(false, { type: 'opener-click' }, editor)).toBe(true);
  });

  it.each(['outside', 'button', 'escape'] as const)('closes on %s', (via) => {
    expect(drawerOpen(true, { type: 'close', via }, site)).toBe(false);
    expect(drawerOpen(false, { type: 'close', via }, site)).toBe(false);
  });
});

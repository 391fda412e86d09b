import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProduct } from '../../demo/fixtures';
import { productViewProps } from '../../demo/product/extras';
import { setSettings } from '../../src/contract/read-settings';
import { watchLifecycle } from '../../src/test/lifecycle';
import { TEST_SETTINGS } from '../../src/test/server';
import { PRODUCT_VIEW_EVENT } from './model';
import { ProductView, resetProductViewsForTesting } from './ProductView';
import { ProductViewPropsSchema } from './schema';

const BOOTS = ProductViewPropsSchema.parse(productViewProps(findProduct(18)!));
const restored = () => new PageTransitionEvent('pageshow', { persisted: true });

let views = 0;
const count = () => (views += 1);
beforeEach(() => {
  views = 0;
  resetProductViewsForTesting();
  setSettings({ ...TEST_SETTINGS, is_guest: true });
  document.addEventListener(PRODUCT_VIEW_EVENT, count);
});
afterEach(() => {
  document.removeEventListener(PRODUCT_VIEW_EVENT, count);
  setSettings(null);
});

describe('ProductView lifecycle', () => {
  it('stops following back/forward restores once the last island unmounts', async () => {
    const watch = watchLifecycle();
    const first = render(<ProductView {...BOOTS} />);
    const second = render(<ProductView {...BOOTS} />);
    expect(views).toBe(1);
    first.unmount();
    // One island is still there: a restore is still a new view.
    window.dispatchEvent(restored());
    expect(views).toBe(2);

    second.unmount();
    watch.unmounted();
    window.dispatchEvent(restored());
    expect(views).toBe(2);
    expect(await watch.leftovers()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { IslandCollector } from './islands';
import { assetsFromManifest, NO_ASSETS, type ViteManifest } from './manifest';

const BASE = '/wp-content/plugins/shop-islands/dist/';
const MANIFEST: ViteManifest = {
  'src/islands/loader.ts': { file: 'assets/loader-1.js', isEntry: true },
  'widgets/wishlist-button/island.tsx': {
    file: 'assets/wishlist-button-2.js',
    isEntry: true,
    imports: ['_r.js'],
  },
  'widgets/store-notice/island.tsx': { file: 'assets/store-notice-3.js', isEntry: true, imports: ['_r.js'] },
  '_r.js': { file: 'assets/react-4.js' },
};
const DEFAULTS = { 'wishlist-button': { hydrate: 'interaction' }, 'store-notice': { hydrate: 'nonsense' } };

describe('page assets from the build', () => {
  const assets = assetsFromManifest(MANIFEST, BASE, DEFAULTS);

  it('gives each island its chunk URL, and none for one the build does not have', () => {
    expect(assets.srcFor('wishlist-button')).toBe(`${BASE}assets/wishlist-button-2.js`);
    expect(assets.srcFor('no-such-widget')).toBeNull();
    expect(assets.srcFor('__proto__')).toBeNull();
  });

  it("gives the widget's default strategy, idle where the build does not say or says nonsense", () => {
    expect(assets.hydrateFor('wishlist-button')).toBe('interaction');
    expect(assets.hydrateFor('store-notice')).toBe('idle');
    expect(assets.hydrateFor('unknown')).toBe('idle');
    expect(assets.hydrateFor('constructor')).toBe('idle');
  });
});

describe('the order attribution tracker without the loader', () => {
  it('is the standalone entry of the build', () => {
    const assets = assetsFromManifest(
      {
        ...MANIFEST,
        'widgets/order-attribution/island.tsx': { file: 'assets/order-attribution-5.js', isEntry: true },
        'widgets/order-attribution/standalone.ts': {
          file: 'assets/order-attribution-standalone-6.js',
          isEntry: true,
          dynamicImports: ['widgets/order-attribution/island.tsx'],
        },
      },
      BASE,
    );
    expect(assets.standaloneTrackerSrc).toBe(`${BASE}assets/order-attribution-standalone-6.js`);
    expect(assets.loaderSrc).toBe(`${BASE}assets/loader-1.js`);
  });

  it('is null when the build has none (then the loader mounts the tracker)', () => {
    expect(assetsFromManifest(MANIFEST, BASE).standaloneTrackerSrc).toBeNull();
    expect(NO_ASSETS.standaloneTrackerSrc ?? null).toBeNull();
  });
});

describe('IslandCollector', () => {
  it('prints the chunk URL and the strategy on every container, and preloads only early islands', () => {
    const islands = new IslandCollector(assetsFromManifest(MANIFEST, BASE, DEFAULTS));
    const lazy = islands.render('wishlist-button', {}, '<a href="?add_to_wishlist=1">Wishlist</a>');
    const early = islands.render('store-notice', {}, '', { hydrate: 'load' });
    expect(lazy).toBe(
      `<div data-island="wishlist-button" data-island-src="${BASE}assets/wishlist-button-2.js" data-hydrate="interaction">` +
        '<script type="application/json" data-island-props>{}</script><a href="?add_to_wishlist=1">Wishlist</a></div>',
    );
    expect(early).toContain(`data-island-src="${BASE}assets/store-notice-3.js" data-hydrate="load"`);
    expect([...islands.early]).toEqual(['store-notice']);
  });

  it('prints no chunk URL without a build (the page has no loader then)', () => {
    const html = new IslandCollector(NO_ASSETS).render('store-notice', {}, '');
    expect(html).not.toContain('data-island-src');
    expect(html).toContain('data-hydrate="idle"');
  });
});

/**
 * Issue #16's weight goals for the site chrome, measured from the build's manifest (gzip level 9):
 * - "own code": the island's chunk and the chunks it imports, less what every React island page
 *   loads anyway (React, zod, the runtime: the add-to-cart island's closure), plus the lazy chunks a
 *   feature fetches on first use where the goal counts them;
 * - the attribution-only page: every byte of JavaScript a page whose only island is the tracker
 *   loads (the tracker's standalone entry, printed there instead of the loader, and the tracker's
 *   whole closure, nothing subtracted).
 * Beside the competitors' figures recorded in the issue (their sources are not on this machine).
 */
import { closure, readManifest, sizeOf, type Manifest } from '../scripts/sizes';
import { featureWeightSection } from './discovery';
import type { Section } from './report';

const BASE_ENTRY = 'widgets/add-to-cart/island.tsx';
const STANDALONE_TRACKER_ENTRY = 'widgets/order-attribution/standalone.ts';
/** The tracker's source detection: a lazy chunk it imports only when a page view may name a source. */
const TRACKER_SOURCE_DETECTION = 'widgets/order-attribution/attribution-source.ts';

export interface ChromeFeature {
  key: string;
  /** Entries (manifest keys: source paths) whose static closure counts. */
  entries: string[];
  /** Lazy chunks counted too (with their static closure). */
  lazy?: string[];
  /** Goal in gzip bytes (0: no goal, shown for information). */
  goal: number;
  /** Count every byte (the loader included), not only what goes beyond React, zod and the runtime. */
  total?: boolean;
}

/** A widget's island module: `island.ts` for the islands without React, `island.tsx` for the others. */
const islandOf = (manifest: Manifest, name: string): string =>
  [`widgets/${name}/island.ts`, `widgets/${name}/island.tsx`].find((key) => manifest[key]) ??
  `widgets/${name}/island.ts`;

export function chromeFeatures(manifest: Manifest): ChromeFeature[] {
  const island = (name: string) => islandOf(manifest, name);
  return [
    // Every page view (the shopper browsing the store): the tracker's chunk alone.
    { key: 'order attribution', entries: [island('order-attribution')], goal: 1536 },
    {
      // A page view that may name a new source (a campaign link, another site, a first visit) also
      // loads the source detection.
      key: 'order attribution, first visit (with source detection)',
      entries: [island('order-attribution')],
      lazy: [TRACKER_SOURCE_DETECTION],
      goal: 0,
    },
    {
      // Such a page gets the tracker's standalone entry instead of the loader (demo/layout.ts, the
      // plugin); it imports the tracker's chunk (a dynamic import, preloaded by the server), which
      // imports the source detection there (a landing page is where campaign links arrive).
      key: 'page whose only island is the tracker (standalone entry + tracker, all JS)',
      entries: [STANDALONE_TRACKER_ENTRY],
      lazy: [island('order-attribution'), TRACKER_SOURCE_DETECTION],
      goal: 3072,
      total: true,
    },
    { key: 'popups engine (before a popup shows)', entries: [island('popups')], goal: 4096 },
    {
      key: 'popups engine + dialog UI (once one shows)',
      entries: [island('popups')],
      lazy: ['widgets/popups/PopupDialog.tsx', 'src/ui/ModalDialog.tsx'],
      goal: 0,
    },
    { key: 'menus (drawer + mega-menu)', entries: [island('site-menu')], goal: 3072 },
    { key: 'callback modal', entries: [island('callback-modal')], goal: 0 },
    { key: 'share buttons', entries: [island('share-buttons')], goal: 0 },
    { key: 'slider', entries: [island('slider')], goal: 0 },
    { key: 'carousel', entries: [island('carousel')], goal: 0 },
    { key: 'anchor scroll', entries: [island('anchor-scroll')], goal: 0 },
  ];
}

/** Issue #16's figures for the competitors (gzip bytes). */
export const CHROME_COMPETITORS: { key: string; gzip: number; what: string }[] = [
  { key: 'Elementor Pro popups', gzip: Math.round(10.8 * 1024), what: 'on its ≈ 55 KB base (issue 16)' },
  {
    key: "WooCommerce's order attribution",
    gzip: Math.round(5.9 * 1024),
    what: 'sourcebuster + order-attribution.js, on every page (issue 16)',
  },
];

export interface ChromeWeight {
  key: string;
  gzip: number | null;
  goal: number;
  files: string[];
}

export function measureChromeWeight(dist: string): ChromeWeight[] {
  const manifest = readManifest(dist);
  const base = manifest[BASE_ENTRY] ? closure(manifest, BASE_ENTRY) : new Set<string>();
  return chromeFeatures(manifest).map((feature) => {
    if (feature.entries.some((entry) => !manifest[entry]))
      return { key: feature.key, gzip: null, goal: feature.goal, files: [] };
    const files = new Set<string>();
    for (const entry of [...feature.entries, ...(feature.lazy ?? [])]) {
      if (manifest[entry]) for (const file of closure(manifest, entry)) files.add(file);
    }
    const counted = feature.total ? [...files] : [...files].filter((file) => !base.has(file));
    return {
      key: feature.key,
      gzip: counted.reduce((sum, file) => sum + sizeOf(file, dist).gzip, 0),
      goal: feature.goal,
      files: counted,
    };
  });
}

const NOTES = [
  'The tracker-only page counts every byte: the tracker’s standalone entry and chunks (no loader, React or zod).',
  'Competitors: the figures recorded in issue 16 (their sources are not on this machine).',
];

export function chromeWeightSection(weights: ChromeWeight[]): Section {
  return featureWeightSection(
    'Site chrome: own code (gzip bytes beyond React, zod and the runtime) beside the competitors (issue 16)',
    weights,
    CHROME_COMPETITORS,
    NOTES,
  );
}

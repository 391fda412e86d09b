/**
 * The two real WooCommerce stores of the rig in ../shared/realstore (its README): where they are,
 * their URLs, and the chores the suite does on them through scripts/realstore.php (activate,
 * deactivate, reset). Read by the Playwright config, the fixtures and weight.ts.
 *
 * RIG_DIR is the rig's runtime tree (default `$HOME/realwc`, as the rig's README says); the ports
 * come from the environment, then `$RIG_DIR/rig.env`, then the rig's defaults (8088, 8089, 3307).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Site = 'wp' | 'wp9';

export interface Store {
  /** The Playwright project: `wc78` (WooCommerce 7.8.2) or `wc99` (9.9.5). */
  project: 'wc78' | 'wc99';
  site: Site;
  /** What the store runs, for reports. */
  label: string;
  port: number;
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** The site's WordPress folder. */
  docroot: string;
  /** The ids the rig's setup-store.php wrote. */
  idsFile: string;
}

const ROOT = join(import.meta.dirname, '..', '..');

export const RIG_DIR = (process.env.RIG_DIR ?? join(homedir(), 'realwc')).replace(/\/+$/, '');

/** `$RIG_DIR/rig.env`: KEY=VALUE lines the rig wrote at build time. */
function rigEnv(): Record<string, string> {
  try {
    const entries = readFileSync(join(RIG_DIR, 'rig.env'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] ?? '', m[2] ?? ''] as const);
    return Object.fromEntries(entries);
  } catch {
    return {};
  }
}

const saved = rigEnv();
/** Environment, then rig.env, then the rig's default. */
const setting = (key: string, fallback: string): string => process.env[key] || saved[key] || fallback;

export const PORTS = {
  REALWC_WP_PORT: setting('REALWC_WP_PORT', '8088'),
  REALWC_WP9_PORT: setting('REALWC_WP9_PORT', '8089'),
  REALWC_DB_PORT: setting('REALWC_DB_PORT', '3307'),
};

function store(project: Store['project'], site: Site, label: string, port: string): Store {
  return {
    project,
    site,
    label,
    port: Number(port),
    url: `http://127.0.0.1:${port}`,
    docroot: join(RIG_DIR, site),
    idsFile: join(RIG_DIR, site === 'wp' ? 'ids.json' : `ids-${site}.json`),
  };
}

export const STORES: readonly Store[] = [
  store('wc78', 'wp', 'WooCommerce 7.8.2 (WordPress 6.1.9)', PORTS.REALWC_WP_PORT),
  store('wc99', 'wp9', 'WooCommerce 9.9.5 (WordPress 6.9, Stripe)', PORTS.REALWC_WP9_PORT),
];

export function storeOf(project: string): Store {
  const found = STORES.find((s) => s.project === project);
  if (!found) throw new Error(`no real store for the Playwright project "${project}"`);
  return found;
}

/** Runs `php scripts/realstore.php <docroot> <action>` on the store; returns what it printed. */
export function storeChore(
  store: Store,
  action: 'activate' | 'deactivate' | 'status' | 'reset' | 'theme' | 'pay-order',
  ...args: string[]
): string {
  return execFileSync('php', [join(ROOT, 'scripts', 'realstore.php'), store.docroot, action, ...args], {
    env: { ...process.env, ...PORTS, REALWC_PORT: String(store.port) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/**
 * Turns one of the store's payment gateways on (`yes`) or off (`no`) with e2e/realstore/gateway.php;
 * without `enabled` only reads it. Returns the setting before ('yes', 'no', or 'none': no settings).
 */
export function gatewayChore(
  store: Store,
  gateway: string,
  enabled?: 'yes' | 'no',
  setting = 'enabled',
): string {
  const args = [
    join(ROOT, 'e2e', 'realstore', 'gateway.php'),
    store.docroot,
    gateway,
    enabled ?? '',
    setting,
  ];
  return execFileSync('php', args, {
    env: { ...process.env, ...PORTS, REALWC_PORT: String(store.port) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** The catalogue's ids as the rig wrote them (`products`, `variations`, `users`…). */
export interface StoreIds {
  products: Record<string, number>;
  variations: Record<string, number>;
  pages: Record<string, number>;
}

export function readIds(store: Store): StoreIds {
  return JSON.parse(readFileSync(store.idsFile, 'utf8')) as StoreIds;
}

/**
 * A product's id found by its name in the ids file (keys such as `simple_pro_match_football`):
 * ids can shift between builds, names do not.
 */
export function productId(ids: StoreIds, name: string): number {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const matches = Object.entries(ids.products).filter(([key]) => key.includes(slug));
  if (matches.length !== 1 || matches[0] === undefined)
    throw new Error(`product "${name}": ${matches.length} matches in the ids file`);
  return matches[0][1];
}

/** A variation's id by its SKU (`BOOT-JR-2-BLU`). */
export function variationId(ids: StoreIds, sku: string): number {
  const id = ids.variations[sku];
  if (id === undefined) throw new Error(`variation ${sku} is not in the ids file`);
  return id;
}

/**
 * Runs `journey` with the store's Stripe gateway off, and puts it back after, as it was: its script
 * needs checkout.js, which keeps WooCommerce's checkout (and the island off) where it is on.
 */
/**
 * Runs `journey` with one of the Stripe gateway's yes/no settings on (`saved_cards`,
 * `express_checkout`), as a store owner ticks it, and puts it back afterwards.
 */
export async function withStripeSetting(
  store: Store,
  setting: string,
  journey: () => Promise<void>,
): Promise<void> {
  const before = gatewayChore(store, 'stripe', undefined, setting);
  if (before !== 'yes') gatewayChore(store, 'stripe', 'yes', setting);
  try {
    await journey();
  } finally {
    if (before !== 'yes') gatewayChore(store, 'stripe', before === 'none' ? 'no' : (before as 'no'), setting);
  }
}

export async function withoutStripe(store: Store, journey: () => Promise<void>): Promise<void> {
  const stripe = gatewayChore(store, 'stripe');
  if (stripe === 'yes') gatewayChore(store, 'stripe', 'no');
  try {
    await journey();
  } finally {
    if (stripe === 'yes') gatewayChore(store, 'stripe', 'yes');
  }
}

// @vitest-environment node
/**
 * The Stripe.js test double as the demo server serves it (/demo-assets/stripe-double.js): this
 * file's entry bundled by esbuild into one classic script, built once, which defines `window.Stripe`
 * as src/test/stripe-double.ts's factory. Node's environment: esbuild refuses to load under jsdom.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_DOUBLE_SRC } from '../checkout/stripe';
import { startDemoServer, type DemoServer } from '../server';
import type { StripeDouble } from '../../src/test/stripe-double';

let dist: string;
let demo: DemoServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shop-islands-stripe-'));
  demo = await startDemoServer({ port: 0, distDir: dist, quiet: true });
});

afterAll(async () => {
  await demo.close();
  rmSync(dist, { recursive: true, force: true });
});

interface FakeWindow {
  Stripe?: ((key: string) => StripeDouble) & { version: string };
}

describe('/demo-assets/stripe-double.js', () => {
  it('is one classic script that defines window.Stripe as the double, built once', async () => {
    const response = await fetch(new URL(STRIPE_DOUBLE_SRC, demo.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const code = await response.text();
    // No module syntax: it runs as a plain <script>.
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(await (await fetch(new URL(STRIPE_DOUBLE_SRC, demo.url))).text()).toBe(code);

    const win: FakeWindow = {};
    new Function('window', code)(win);
    expect(typeof win.Stripe).toBe('function');
    expect(win.Stripe!.version).toBe('endive');
    const stripe = win.Stripe!('pk_test_abc');
    expect(stripe.key).toBe('pk_test_abc');
    const elements = stripe.elements({ mode: 'payment', amount: 100, currency: 'eur' });
    expect(elements.create('payment').type).toBe('payment');
    expect(stripe.log.groups).toBe(1);
  });

  it('answers HEAD without a body, and other demo assets as before', async () => {
    const head = await fetch(new URL(STRIPE_DOUBLE_SRC, demo.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const css = await fetch(new URL('/demo-assets/theme.css', demo.url));
    expect(css.status).toBe(200);
    const missing = await fetch(new URL('/demo-assets/stripe-double.js.map', demo.url));
    expect(missing.status).toBe(404);
  });
});

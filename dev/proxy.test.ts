// @vitest-environment node
/**
 * The forwarding dev server against a tiny fake store (node:http on 127.0.0.1, started and stopped
 * here): pages, wc-ajax, admin-ajax, REST, assets, form posts and redirects forwarded; the plugin's
 * files served from a local build; URLs and cookies rewritten; other bodies untouched.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, checkStore, startDevProxy, type DevProxy } from './proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let store: Server;
let storeUrl: URL;
let dev: DevProxy;
let distDir: string;
const seen: Seen[] = [];
const logged: string[] = [];
/** Bytes that must come through as they are (a gzip-encoded stylesheet naming the store). */
let cssGzip: Buffer;
const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));

function storePage(origin: string, withLoader: boolean): string {
  const dist = `${origin}/wp-content/plugins/shop-islands/dist/`;
  return `<!doctype html><html><head>
<link rel="stylesheet" id="shop-islands-add-to-cart-css" href="${dist}assets/add-to-cart-STORECSS.css">
<link rel="modulepreload" href="${dist}assets/add-to-cart-STOREADD.js">
</head><body>
<a class="logo" href="${origin}/">Shop</a>
<img src="${origin}/wp-content/uploads/ball.jpg" srcset="${origin}/wp-content/uploads/ball-300.jpg 300w, ${origin}/wp-content/uploads/ball.jpg 600w">
<div data-island="add-to-cart" data-island-src="${dist}assets/add-to-cart-STOREADD.js" data-hydrate="idle"><a href="${origin}/?add-to-cart=13">Add to cart</a></div>
<script type="application/json" id="shop-islands-settings">{"ajax_url":"${origin.replaceAll('/', '\\/')}\\/wp-admin\\/admin-ajax.php","cart_url":"${origin.replaceAll('/', '\\/')}\\/cart\\/"}</script>
${withLoader ? `<script type="module" src="${dist}assets/loader-STORELDR.js" id="shop-islands-loader-js"></script>` : ''}
</body></html>`;
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'shop-islands-devproxy-'));
  mkdirSync(path.join(distDir, '.vite'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(distDir, 'assets', 'loader-LOCALLDR.js'), 'console.log("local loader");');
  writeFileSync(path.join(distDir, 'assets', 'add-to-cart-LOCALADD.js'), 'export default "local island";');
  writeFileSync(path.join(distDir, 'assets', 'add-to-cart-LOCALCSS.css'), '.local{}');

  store = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const origin = storeUrl.origin;
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/shop/') {
        // Compressed, as most stores send pages.
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=UTF-8',
          'Content-Encoding': 'gzip',
          ETag: '"page-1"',
          Link: `<${origin}/wp-json/>; rel="https://api.w.org/"`,
          'Strict-Transport-Security': 'max-age=63072000',
        });
        res.end(gzipSync(storePage(origin, true)));
      } else if (url.pathname === '/no-plugin/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
        res.end(storePage(origin, false));
      } else if (url.searchParams.get('wc-ajax') === 'add_to_cart') {
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=UTF-8',
          'Set-Cookie': [
            'woocommerce_items_in_cart=1; path=/; domain=127.0.0.1; secure',
            'wp_woocommerce_session_abc=t_1; expires=Tue, 24 Nov 2026 02:02:47 GMT; Max-Age=172800; path=/; secure; HttpOnly; SameSite=None',
          ],
        });
        res.end(
          JSON.stringify({
            fragments: {
              'div.widget_shopping_cart_content': `<div data-island="add-to-cart" data-island-src="${origin}/wp-content/plugins/shop-islands/dist/assets/add-to-cart-STOREADD.js"><a href="${origin}/cart/">View cart</a></div>`,
            },
            cart_hash: 'h',
          }),
        );
      } else if (url.pathname === '/wp-admin/admin-ajax.php') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`admin-ajax ${body.toString()}`);
      } else if (url.pathname.startsWith('/wp-json/')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ route: url.pathname, link: `${origin}/product/ball/` }));
      } else if (url.pathname === '/wp-login.php' && req.method === 'POST') {
        res.writeHead(302, {
          Location: `${origin}/my-account/`,
          'Set-Cookie': 'wordpress_logged_in_x=admin; path=/; domain=127.0.0.1; HttpOnly',
        });
        res.end();
      } else if (url.pathname === '/style.css') {
        res.writeHead(200, {
          'Content-Type': 'text/css',
          'Content-Encoding': 'gzip',
          'Content-Length': cssGzip.length,
        });
        res.end(cssGzip);
      } else if (url.pathname === '/wp-content/uploads/ball.bin') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(binary);
      } else if (url.pathname === '/upload') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(body);
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('store: not found');
      }
    });
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  storeUrl = new URL(`http://127.0.0.1:${(store.address() as AddressInfo).port}/shop/`);
  cssGzip = gzipSync(`body{background:url(${storeUrl.origin}/bg.png)}`);
  dev = await startDevProxy({ store: storeUrl, distDir, port: 0, log: (message) => logged.push(message) });
});

afterAll(async () => {
  await dev.close();
  await new Promise<void>((resolve) => store.close(() => resolve()));
  rmSync(distDir, { recursive: true, force: true });
});

const at = (pathAndQuery: string) => new URL(pathAndQuery, dev.url);
const proxyOrigin = () => new URL(dev.url).origin;

/** A raw request (fetch cannot set Host, nor send a path fetch would normalise). */
function raw(
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(at('/'), { path: pathAndQuery, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dev proxy', () => {
  it("serves the store's page with the plugin's files from the local build and its URLs on the proxy", async () => {
    const response = await fetch(at('/shop/'));
    expect(response.status).toBe(200);
    const html = await response.text();
    const local = `${proxyOrigin()}/__shop-islands/dist/assets/`;
    expect(html).toContain(
      `<script type="module" src="${local}loader-LOCALLDR.js" id="shop-islands-loader-js">`,
    );
    expect(html).toContain(`data-island-src="${local}add-to-cart-LOCALADD.js"`);
    expect(html).toContain(
      `<link rel="stylesheet" id="shop-islands-add-to-cart-css" href="${local}add-to-cart-LOCALCSS.css">`,
    );
    expect(html).toContain(`<link rel="modulepreload" href="${local}add-to-cart-LOCALADD.js">`);
    expect(html).toContain(`<a class="logo" href="${proxyOrigin()}/">`);
    expect(html).toContain(
      `srcset="${proxyOrigin()}/wp-content/uploads/ball-300.jpg 300w, ${proxyOrigin()}/wp-content/uploads/ball.jpg 600w"`,
    );
    expect(html).toContain(`"cart_url":"${proxyOrigin().replaceAll('/', '\\/')}\\/cart\\/"`);
    expect(html).not.toContain(storeUrl.origin);
    // Decompressed to rewrite: no stale encoding, length, validators; not cached.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('link')).toBe(`<${proxyOrigin()}/wp-json/>; rel="https://api.w.org/"`);
    expect(response.headers.get('x-shop-islands-dev')).toBe('local-build');
    // The store was asked with its own Host.
    expect(seen.at(-1)?.headers.host).toBe(storeUrl.host);
  });

  it('serves the local build (the loader and islands under one folder), and nothing outside it', async () => {
    const loader = await fetch(at('/__shop-islands/dist/assets/loader-LOCALLDR.js'));
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(loader.headers.get('cache-control')).toBe('no-store');
    expect(await loader.text()).toBe('console.log("local loader");');
    expect((await fetch(at('/__shop-islands/dist/assets/nope-12345678.js'))).status).toBe(404);
    expect((await raw('/__shop-islands/dist/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await raw('/__shop-islands/dist/%2e%2e/%2e%2e/package.json')).status).toBe(404);
  });

  it('forwards wc-ajax posts with body and cookies; rewrites Set-Cookie and the JSON answer', async () => {
    const response = await fetch(at('/?wc-ajax=add_to_cart'), {
      method: 'POST',
      body: 'product_id=13&quantity=2',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: 'wp_woocommerce_session_abc=t_1',
        Origin: proxyOrigin(),
        Referer: `${proxyOrigin()}/shop/`,
      },
    });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/?wc-ajax=add_to_cart');
    expect(last.body.toString()).toBe('product_id=13&quantity=2');
    expect(last.headers.cookie).toBe('wp_woocommerce_session_abc=t_1');
    expect(last.headers.origin).toBe(storeUrl.origin);
    expect(last.headers.referer).toBe(`${storeUrl.origin}/shop/`);
    expect(response.headers.getSetCookie()).toEqual([
      'woocommerce_items_in_cart=1; path=/',
      'wp_woocommerce_session_abc=t_1; expires=Tue, 24 Nov 2026 02:02:47 GMT; Max-Age=172800; path=/; HttpOnly',
    ]);
    const json = (await response.json()) as { fragments: Record<string, string> };
    expect(json.fragments['div.widget_shopping_cart_content']).toBe(
      `<div data-island="add-to-cart" data-island-src="${proxyOrigin()}/__shop-islands/dist/assets/add-to-cart-LOCALADD.js"><a href="${proxyOrigin()}/cart/">View cart</a></div>`,
    );
  });

  it('forwards admin-ajax and REST requests', async () => {
    const ajax = await fetch(at('/wp-admin/admin-ajax.php'), {
      method: 'POST',
      body: 'action=commercekit_wishlist&id=7',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await ajax.text()).toBe('admin-ajax action=commercekit_wishlist&id=7');
    const rest = await fetch(at('/wp-json/wc/store/v1/cart'));
    expect(await rest.json()).toEqual({
      route: '/wp-json/wc/store/v1/cart',
      link: `${proxyOrigin()}/product/ball/`,
    });
  });

  it("gives form posts the store's URLs back, and keeps redirects on the proxy", async () => {
    const response = await fetch(
      at(`/wp-login.php?redirect_to=${encodeURIComponent(`${proxyOrigin()}/my-account/`)}`),
      {
        method: 'POST',
        redirect: 'manual',
        body: `log=admin&pwd=x&redirect_to=${encodeURIComponent(`${proxyOrigin()}/my-account/`)}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    );
    const last = seen.at(-1)!;
    expect(last.url).toBe(
      `/wp-login.php?redirect_to=${encodeURIComponent(`${storeUrl.origin}/my-account/`)}`,
    );
    expect(last.body.toString()).toBe(
      `log=admin&pwd=x&redirect_to=${encodeURIComponent(`${storeUrl.origin}/my-account/`)}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${proxyOrigin()}/my-account/`);
    expect(response.headers.getSetCookie()).toEqual(['wordpress_logged_in_x=admin; path=/; HttpOnly']);
  });

  it('streams other bodies untouched, compressed or not, both ways', async () => {
    const css = await new Promise<{
      encoding: string | undefined;
      length: string | undefined;
      bytes: Buffer;
    }>((resolve, reject) => {
      request(at('/style.css'), { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            encoding: res.headers['content-encoding'],
            length: res.headers['content-length'],
            bytes: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(css.encoding).toBe('gzip');
    expect(css.length).toBe(String(cssGzip.length));
    expect(css.bytes.equals(cssGzip)).toBe(true);

    const image = Buffer.from(await (await fetch(at('/wp-content/uploads/ball.bin'))).arrayBuffer());
    expect(image.equals(binary)).toBe(true);

    const echoed = Buffer.from(
      await (
        await fetch(at('/upload'), {
          method: 'POST',
          body: binary,
          headers: { 'Content-Type': 'application/octet-stream' },
        })
      ).arrayBuffer(),
    );
    expect(echoed.equals(binary)).toBe(true);
  });

  it('passes the store’s errors on', async () => {
    const response = await fetch(at('/missing/'));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('store: not found');
  });

  it('says when a page has no loader (plugin not active)', async () => {
    const response = await fetch(at('/no-plugin/'));
    expect(response.headers.get('x-shop-islands-dev')).toBe('no-loader');
    expect(await response.text()).toContain(
      `data-island-src="${proxyOrigin()}/__shop-islands/dist/assets/add-to-cart-LOCALADD.js"`,
    );
    expect(logged.filter((line) => line.startsWith('/no-plugin/: no Shop Islands loader'))).toHaveLength(1);
    await fetch(at('/no-plugin/'));
    expect(logged.filter((line) => line.startsWith('/no-plugin/: no Shop Islands loader'))).toHaveLength(1);

    expect(await checkStore(dev.url, new URL('/no-plugin/', storeUrl))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no Shop Islands loader .*the plugin is not active on that store/),
    });
    expect(await checkStore(dev.url, storeUrl)).toMatchObject({
      ok: true,
      message: expect.stringMatching(/has the Shop Islands plugin active/),
    });
  });

  it('answers only to loopback names (no DNS rebinding)', async () => {
    const port = new URL(dev.url).port;
    expect((await raw('/shop/', { Host: `localhost:${port}` })).status).toBe(200);
    const refused = await raw('/shop/', { Host: `evil.example:${port}` });
    expect(refused.status).toBe(421);
    expect(refused.body).toMatch(/answers only http:\/\/127\.0\.0\.1:/);
    const localhost = await raw('/shop/', { Host: `localhost:${port}` });
    expect(localhost.body).toContain(`href="http://localhost:${port}/"`);
  });
});

describe('a store that does not answer', () => {
  it('answers 502 naming the store', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = new URL(`http://127.0.0.1:${(closed.address() as AddressInfo).port}/`);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const deadProxy = await startDevProxy({ store: deadUrl, distDir, port: 0, log: () => {} });
    try {
      const response = await fetch(new URL('/shop/', deadProxy.url));
      expect(response.status).toBe(502);
      expect(await response.text()).toMatch(
        new RegExp(`^Bad Gateway: ${deadUrl.origin} did not answer GET /shop/`),
      );
      expect(response.headers.get('x-shop-islands-dev')).toBe('store-unreachable');
      expect(await checkStore(deadProxy.url, deadUrl)).toMatchObject({
        ok: false,
        message: expect.stringMatching(
          new RegExp(`^${deadUrl.href} does not answer: ${deadUrl.origin} did not answer GET /`),
        ),
      });
    } finally {
      await deadProxy.close();
    }
  });
});

describe('acceptedEncodings', () => {
  it('asks the store only for encodings the browser accepts and the proxy can decompress', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toBe('gzip, deflate, br');
    expect(acceptedEncodings('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe('br;q=1.0, gzip;q=0.8');
    expect(acceptedEncodings('gzip;q=0, zstd')).toBe('identity');
    expect(acceptedEncodings(undefined)).toBe('identity');
  });

  it('is what the store sees', async () => {
    await raw('/shop/', {});
    expect(seen.at(-1)?.headers['accept-encoding']).toBe('identity');
    await raw('/shop/', { 'Accept-Encoding': 'gzip, zstd' });
    expect(seen.at(-1)?.headers['accept-encoding']).toBe('gzip');
  });
});

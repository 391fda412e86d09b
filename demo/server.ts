/**
 * The demo store's HTTP server (plain `node:http`): `npm start`, e2e tests and benchmarks run it.
 *
 * Order of routing: the built bundles (`/wp-content/plugins/shop-islands/dist/…`), the demo's own
 * assets (`/demo-assets/…`), WooCommerce's endpoints through the MSW handlers (msw's `getResponse`),
 * then the pages (site.ts). A real store's pages with the local build: `npm run dev -- --store URL`
 * (dev/).
 *
 *   npx tsx demo/server.ts                                   → http://127.0.0.1:8080/
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { handlers } from './handlers';
import {
  assetsFromManifest,
  DIST_BASE_URL,
  NO_ASSETS,
  type IslandDefaults,
  type PageAssets,
  type ViteManifest,
} from './manifest';
import { STRIPE_DOUBLE_SRC } from './checkout/stripe';
import { isStoreEndpoint } from './proxy';
import { createSite } from './site';
import { imageKeyFromPath, placeholderSvg } from './svg';
import { createSlowAnswers } from './slow-answers';

const DEMO_DIR = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC_DIR = path.join(DEMO_DIR, 'public');
const DEFAULT_DIST_DIR = path.resolve(DEMO_DIR, '..', 'dist');
/** The Stripe.js test double's entry (demo/checkout/stripe.ts prints it on the payment pages). */
const STRIPE_DOUBLE_ENTRY = path.join(DEMO_DIR, 'stripe', 'double-script.ts');
/** Request bodies above this size are refused (forms and AJAX bodies are tiny). */
const MAX_BODY_BYTES = 1024 * 1024;

export interface DemoServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Bound address; 127.0.0.1 by default (the demo is not meant to be reachable from outside). */
  host?: string;
  /** Where Vite's build is (default: the repository's `dist/`). */
  distDir?: string;
  /** Log nothing (tests). */
  quiet?: boolean;
  /** Answer `/__slow__/…`: end-to-end tests make the server slow with it (demo/slow-answers.ts). */
  slowAnswers?: boolean;
}

export interface DemoServer {
  /** `http://127.0.0.1:PORT/` (with the trailing slash). */
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * The Stripe.js test double as one classic script (an IIFE bundled by esbuild), built on the first
 * request and kept in memory; a failed build is tried again on the next request. esbuild is loaded
 * then too: a module that imports this one (a test in a DOM environment) never loads it.
 */
let stripeDouble: Promise<string> | null = null;
export function stripeDoubleScript(): Promise<string> {
  if (!stripeDouble) {
    const built = import('esbuild')
      .then(({ build }) =>
        build({
          entryPoints: [STRIPE_DOUBLE_ENTRY],
          bundle: true,
          format: 'iife',
          platform: 'browser',
          target: 'es2020',
          write: false,
          logLevel: 'silent',
        }),
      )
      .then((result) => {
        const file = result.outputFiles[0];
        if (!file) throw new Error('esbuild wrote no file for the Stripe.js double');
        return file.text;
      });
    stripeDouble = built;
    built.catch(() => {
      if (stripeDouble === built) stripeDouble = null;
    });
  }
  return stripeDouble;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the manifest again when it changes (a rebuild while the server runs); warns once if missing. */
function manifestReader(distDir: string, log: (message: string) => void): () => PageAssets {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: PageAssets } | null = null;
  let warned = false;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
        // Each widget's default strategy, written by the build beside the manifest (idle without it).
        const defaultsFile = path.join(distDir, 'islands.json');
        const defaults = existsSync(defaultsFile)
          ? (JSON.parse(readFileSync(defaultsFile, 'utf8')) as IslandDefaults)
          : {};
        cached = { mtimeMs, assets: assetsFromManifest(manifest, DIST_BASE_URL, defaults) };
        warned = false;
      }
      return cached.assets;
    } catch (error) {
      if (!warned) {
        warned = true;
        const reason = existsSync(file) ? `unreadable (${String(error)})` : 'not found';
        log(`warning: ${file} ${reason}; pages render without the island loader (run \`npx vite build\`).`);
      }
      cached = null;
      return NO_ASSETS;
    }
  };
}

/** A file under `root` for a URL path below `prefix`, refusing anything that escapes `root`. */
function fileUnder(root: string, prefix: string, pathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  if (!relative || relative.includes('\0')) return null;
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

async function serveFile(
  file: string,
  res: ServerResponse,
  method: string,
  cacheControl: string,
): Promise<boolean> {
  let body: Buffer;
  try {
    if (!statSync(file).isFile()) return false;
    body = await readFile(file);
  } catch {
    return false;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The Node request as a Fetch `Request` (absolute URL from the Host header). */
async function toFetchRequest(req: IncomingMessage, fallbackHost: string): Promise<Request> {
  const method = (req.method ?? 'GET').toUpperCase();
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? fallbackHost}`);
  } catch {
    throw new HttpError(400, 'Bad Request');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    if (!value || name.startsWith(':')) continue;
    for (const v of value) headers.append(name, v);
  }
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  return new Request(url, {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

/** Writes a Fetch `Response` back, every Set-Cookie as its own header line. */
async function sendFetchResponse(response: Response, res: ServerResponse, method: string): Promise<void> {
  const body = method === 'HEAD' || response.body === null ? null : Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'transfer-encoding') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body ?? undefined);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  const log = options.quiet ? () => {} : (message: string) => console.warn(`Shop Islands demo: ${message}`);
  const assets = manifestReader(distDir, log);
  const site = createSite({ assets });
  const slow = options.slowAnswers ? createSlowAnswers() : null;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const request = await toFetchRequest(
      req,
      `${host}:${(server.address() as AddressInfo | null)?.port ?? 0}`,
    );
    const url = new URL(request.url);

    if (method === 'GET' || method === 'HEAD') {
      if (url.pathname.startsWith(DIST_BASE_URL)) {
        const file = fileUnder(distDir, DIST_BASE_URL, url.pathname);
        // Hashed file names never change content: cache them for a year.
        const cache = url.pathname.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        if (file && (await serveFile(file, res, method, cache))) return;
        return sendText(res, 404, 'Not Found');
      }
      if (url.pathname === STRIPE_DOUBLE_SRC) {
        return sendFetchResponse(
          new Response(await stripeDoubleScript(), {
            headers: { 'Content-Type': CONTENT_TYPES['.js']!, 'Cache-Control': 'no-cache' },
          }),
          res,
          method,
        );
      }
      if (url.pathname.startsWith('/demo-assets/')) {
        const svg = placeholderSvg(imageKeyFromPath(url.pathname) ?? '');
        if (svg)
          return sendFetchResponse(
            new Response(svg, {
              headers: { 'Content-Type': CONTENT_TYPES['.svg']!, 'Cache-Control': 'public, max-age=3600' },
            }),
            res,
            method,
          );
        const file = fileUnder(PUBLIC_DIR, '/demo-assets/', url.pathname);
        if (file && (await serveFile(file, res, method, 'no-cache'))) return;
        return sendText(res, 404, 'Not Found');
      }
    }

    const control = slow?.control(request);
    if (control) return sendFetchResponse(control, res, method);

    if (isStoreEndpoint(url)) {
      const mocked = await getResponse(handlers, request);
      if (mocked) {
        await slow?.beforeAnswer(request);
        return sendFetchResponse(mocked, res, method);
      }
    }

    return sendFetchResponse(await site(request), res, method);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendText(res, error.status, error.message);
      log(
        `error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendText(res, 500, 'Internal Server Error');
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // Keep-alive connections of an open browser would keep close() waiting.
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }),
  };
}

// `npx tsx demo/server.ts`
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = Number.parseInt(process.env.PORT ?? '8080', 10);
  if (process.env.WC_STORE_URL) {
    // The old mode (demo pages, a real store's endpoints) mixed demo product ids with a real cart.
    console.error(
      `WC_STORE_URL is no longer read: run \`npm run dev -- --store ${process.env.WC_STORE_URL}\` for the store's own pages with the local build.`,
    );
    process.exit(2);
  }
  // SHOP_ISLANDS_DIST: a build elsewhere than dist/ (the same variable `vite build` reads).
  const distDir = process.env.SHOP_ISLANDS_DIST || undefined;
  const slowAnswers = process.env.SHOP_ISLANDS_SLOW_ANSWERS === '1';
  startDemoServer({ port, distDir, slowAnswers })
    .then((server) => {
      console.log(`Shop Islands demo store: ${server.url}`);
      const stop = () => {
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

/**
 * The forwarding dev server (`npm run dev -- --store URL`, dev/main.ts): a real WooCommerce store's
 * pages, endpoints and assets through a local server (127.0.0.1 only), with the plugin's built files
 * replaced by the local build's, so the islands being edited run against the store's real products,
 * cart and checkout.
 *
 * Every request is forwarded to the store (pages, `?wc-ajax=`, admin-ajax, `/wp-json/`, assets, form
 * posts), except `/__shop-islands/dist/…`, the local build. HTML and JSON answers are rewritten
 * (dev/rewrite.ts): the plugin's files to the local build, the store's URLs to the proxy's; every other
 * body (images, scripts, stylesheets, fonts…) is streamed as it came, compressed or not. Set-Cookie,
 * Location, Link and Content-Security-Policy are rewritten so the shopper stays on the proxy.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import {
  DEFAULT_DIST_PATH,
  distBaseOf,
  findLoader,
  LOCAL_DIST_PATH,
  localBuildFrom,
  needsSecureOrigin,
  replaceOrigin,
  rewriteHeaderUrls,
  rewriteSetCookie,
  rewriteText,
  type LocalBuild,
} from './rewrite';

export interface DevProxyOptions {
  /** The store (checked with parseStoreUrl). Only its origin is used: paths map one to one. */
  store: URL;
  /** The local build's folder (`vite build` output with `.vite/manifest.json`). */
  distDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Messages for the person running it (default: console.warn). */
  log?: (message: string) => void;
}

export interface DevProxy {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  close(): Promise<void>;
}

/** Bodies the proxy reads whole to rewrite; bigger ones are refused (pages and AJAX are far smaller). */
const MAX_REWRITTEN_BYTES = 32 * 1024 * 1024;

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
/** Store headers that make no sense on a loopback development origin. */
const DROPPED_RESPONSE = new Set(['strict-transport-security', 'alt-svc', 'expect-ct']);
/** Store headers holding URLs of the store. */
const URL_HEADERS = [
  'location',
  'content-location',
  'link',
  'refresh',
  'content-security-policy',
  'content-security-policy-report-only',
];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** Content types whose bodies are rewritten: pages, and JSON (cart fragments, checkout redirects). */
export function rewritableType(contentType: string | undefined): 'html' | 'json' | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  return null;
}

/** Request bodies rewritten proxy → store (form posts, JSON); others (uploads) are streamed. */
function rewritableRequest(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'application/json' || type === 'text/plain';
}

/** The browser's Accept-Encoding limited to gzip, deflate and br (`identity` when none is left). */
export function acceptedEncodings(accept: string | undefined): string {
  const accepted = (accept ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) =>
      /^(?:gzip|deflate|br)\s*(?:;\s*q\s*=\s*(?:1(?:\.0*)?|0?\.\d*[1-9]\d*)\s*)?$/.test(part),
    );
  return accepted.length > 0 ? accepted.join(', ') : 'identity';
}

function charsetIsUtf8(contentType: string | undefined): boolean {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  return !charset || charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii';
}

function decode(body: Buffer, encoding: string | undefined): Buffer | null {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return null;
  }
}

function readAll(stream: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        reject(new Error(`body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** The local build's files (relative to its folder), read again when its manifest changes. */
function localBuildReader(distDir: string): () => { build: LocalBuild; ready: boolean } {
  const manifest = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; build: LocalBuild } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(manifest).mtimeMs;
    } catch {
      return { build: localBuildFrom([]), ready: false };
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let files: string[] = [];
      try {
        files = readdirSync(path.join(distDir, 'assets')).map((name) => `assets/${name}`);
      } catch {
        // A build being written: no files yet.
      }
      cached = { mtimeMs, build: localBuildFrom([...files, 'islands.json']) };
    }
    return { build: cached.build, ready: true };
  };
}

function sendText(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(text);
}

export async function startDevProxy(options: DevProxyOptions): Promise<DevProxy> {
  const store = new URL(options.store.origin);
  const distDir = path.resolve(options.distDir);
  const log = options.log ?? ((message: string) => console.warn(`Shop Islands dev: ${message}`));
  const localBuild = localBuildReader(distDir);
  /** Folders of the plugin's build on the store: the default, and any a page's loader showed. */
  const distBases = new Map<string, URL>([
    [new URL(DEFAULT_DIST_PATH, store).href, new URL(DEFAULT_DIST_PATH, store)],
  ]);
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log(message);
  };
  let port = 0;

  /** The proxy's origin as this request addressed it, or null for a Host it does not answer to. */
  function proxyOriginOf(req: IncomingMessage): URL | null {
    const host = (req.headers.host ?? '').toLowerCase();
    // Only loopback names: a page on another site pointing its DNS at 127.0.0.1 must not reach the
    // store with the developer's cookies (DNS rebinding).
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return null;
    return new URL(`http://${host}`);
  }

  async function serveLocal(res: ServerResponse, pathname: string, method: string): Promise<void> {
    const { ready } = localBuild();
    if (!ready)
      return sendText(
        res,
        503,
        `The local build is not ready yet (no ${path.join(distDir, '.vite', 'manifest.json')}).`,
      );
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(LOCAL_DIST_PATH.length));
    } catch {
      return sendText(res, 400, 'Bad Request');
    }
    const file = path.resolve(distDir, relative);
    if (!relative || relative.includes('\0') || !file.startsWith(distDir + path.sep))
      return sendText(res, 404, 'Not Found');
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return sendText(res, 404, 'Not Found');
      size = stat.size;
    } catch {
      return sendText(res, 404, `Not in the local build: ${relative}`);
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      // The build changes under the same names while one edits: never cached.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    if (method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      createReadStream(file)
        .on('error', () => res.destroy())
        .on('end', resolve)
        .pipe(res);
    });
  }

  function requestHeaders(req: IncomingMessage, proxy: URL, bodyLength: number | null): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers[name] = value;
    }
    headers.host = store.host;
    // Some stores check that AJAX calls and form posts come from their own pages.
    for (const name of ['origin', 'referer'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = replaceOrigin(value, proxy, store);
    }
    // What the browser accepts and this server can decompress to rewrite (Node 20 has no zstd).
    headers['accept-encoding'] = acceptedEncodings(req.headers['accept-encoding']);
    if (bodyLength !== null) {
      headers['content-length'] = String(bodyLength);
      delete headers['transfer-encoding'];
    }
    return headers;
  }

  function responseHeaders(upstream: IncomingMessage, proxy: URL, rewritten: boolean): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    const raw: IncomingHttpHeaders = upstream.headers;
    for (const [name, value] of Object.entries(raw)) {
      if (value === undefined || HOP_BY_HOP.has(name) || DROPPED_RESPONSE.has(name)) continue;
      if (rewritten && ['content-length', 'content-encoding', 'etag', 'last-modified'].includes(name))
        continue;
      headers[name] = value;
    }
    for (const name of URL_HEADERS) {
      const value = raw[name];
      if (typeof value === 'string') headers[name] = rewriteHeaderUrls(value, store, proxy);
    }
    const cookies = raw['set-cookie'];
    if (cookies) {
      headers['set-cookie'] = cookies.map((cookie) => {
        if (needsSecureOrigin(cookie))
          warnOnce(
            `secure-cookie:${cookie.split('=')[0]}`,
            `the store sets ${cookie.split('=')[0]}: a __Secure-/__Host- cookie, which a browser keeps only on https; it is lost on this http proxy.`,
          );
        return rewriteSetCookie(cookie, proxy.protocol === 'https:');
      });
    }
    if (rewritten) headers['cache-control'] = 'no-store';
    return headers;
  }

  async function forward(req: IncomingMessage, res: ServerResponse, proxy: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // The query may carry the proxy's own URLs (a redirect_to): the store gets its own back.
    const requested = req.url ?? '/';
    if (!requested.startsWith('/')) return sendText(res, 400, 'Bad Request: not a path');
    const target = new URL(store.origin + replaceOrigin(requested, proxy, store));

    let body: Buffer | null = null;
    if (method !== 'GET' && method !== 'HEAD' && rewritableRequest(req.headers['content-type'])) {
      body = Buffer.from(
        replaceOrigin((await readAll(req, MAX_REWRITTEN_BYTES)).toString('utf8'), proxy, store),
      );
    }

    const send = store.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = send(
        target,
        { method, headers: requestHeaders(req, proxy, body ? body.length : null) },
        resolve,
      );
      outgoing.on('error', reject);
      res.on('close', () => {
        if (!res.writableFinished) outgoing.destroy();
      });
      if (body) outgoing.end(body);
      else if (method === 'GET' || method === 'HEAD') outgoing.end();
      else req.pipe(outgoing);
    }).catch((error: unknown) => {
      sendText(
        res,
        502,
        `Bad Gateway: ${store.origin} did not answer ${method} ${target.pathname}${target.search} (${String(error)}).`,
        { 'X-Shop-Islands-Dev': 'store-unreachable' },
      );
      return null;
    });
    if (!upstream) return;

    const status = upstream.statusCode ?? 502;
    const contentType = upstream.headers['content-type'];
    const kind = rewritableType(contentType);
    const hasBody = method !== 'HEAD' && status !== 204 && status !== 304 && !(status >= 100 && status < 200);
    if (!kind || !hasBody || !charsetIsUtf8(contentType)) {
      res.writeHead(status, upstream.statusMessage, responseHeaders(upstream, proxy, false));
      upstream.on('error', () => res.destroy());
      upstream.pipe(res);
      return;
    }

    const raw = await readAll(upstream, MAX_REWRITTEN_BYTES);
    const decoded = decode(raw, upstream.headers['content-encoding']);
    if (!decoded) {
      warnOnce(
        `encoding:${upstream.headers['content-encoding']}`,
        `the store answered with content-encoding "${upstream.headers['content-encoding']}": passed on unrewritten.`,
      );
      res.writeHead(status, upstream.statusMessage, responseHeaders(upstream, proxy, false));
      res.end(raw);
      return;
    }
    let text = decoded.toString('utf8');
    const headers = responseHeaders(upstream, proxy, true);
    const pageUrl = new URL(target.pathname + target.search, store);

    if (kind === 'html') {
      const loader = findLoader(text, pageUrl);
      if (loader) {
        const base = distBaseOf(loader);
        distBases.set(base.href, base);
        headers['x-shop-islands-dev'] = 'local-build';
      } else if (
        status === 200 &&
        !/^\/(?:wp-admin\/|wp-login\.php)/.test(target.pathname) &&
        /<\/?(?:html|body)\b/i.test(text)
      ) {
        headers['x-shop-islands-dev'] = 'no-loader';
        warnOnce(
          `no-loader:${target.pathname}`,
          `${target.pathname}: no Shop Islands loader in this page, so no island runs on it. Either the plugin is not active on ${store.origin} (install shop-islands.zip from \`npm run package\` and activate it), or this page prints no island.`,
        );
      }
    }
    const { build, ready } = localBuild();
    if (!ready)
      warnOnce(
        'no-build',
        `the local build is not ready (${distDir} has no .vite/manifest.json): island files will not load.`,
      );
    const result = rewriteText(text, { store, proxy, distBases: [...distBases.values()], build });
    text = result.text;
    for (const file of result.unmapped)
      warnOnce(
        `unmapped:${file}`,
        `the store's page names ${file}, which the local build does not have (an island renamed or removed?).`,
      );

    const out = Buffer.from(text, 'utf8');
    headers['content-length'] = String(out.length);
    res.writeHead(status, upstream.statusMessage, headers);
    res.end(out);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const proxy = proxyOriginOf(req);
    if (!proxy)
      return sendText(
        res,
        421,
        `This development proxy answers only http://127.0.0.1:${port}/ and http://localhost:${port}/.`,
      );
    const method = (req.method ?? 'GET').toUpperCase();
    const pathname = (req.url ?? '/').split(/[?#]/)[0]!;
    if (pathname.startsWith(LOCAL_DIST_PATH) && (method === 'GET' || method === 'HEAD'))
      return serveLocal(res, pathname, method);
    return forward(req, res, proxy);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`error on ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      sendText(res, 502, `Bad Gateway: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  if (!existsSync(distDir))
    log(`${distDir} does not exist yet: island files will load once the build has written it.`);

  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }),
  };
}

/**
 * One look at the store's start page: whether it answers, and whether its page has the plugin's
 * loader. A sentence for the person running the proxy.
 */
export async function checkStore(proxyUrl: string, storeUrl: URL): Promise<{ ok: boolean; message: string }> {
  const start = new URL(storeUrl.pathname + storeUrl.search, proxyUrl);
  let response: Response;
  try {
    response = await fetch(start, { redirect: 'follow', signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    return { ok: false, message: `${storeUrl.href} did not answer through the proxy (${String(error)}).` };
  }
  const body = await response.text();
  if (response.headers.get('x-shop-islands-dev') === 'store-unreachable')
    return { ok: false, message: `${storeUrl.href} does not answer: ${body.replace(/^Bad Gateway: /, '')}` };
  if (response.status >= 500)
    return { ok: false, message: `${storeUrl.href} answered ${response.status}: the store is not working.` };
  switch (response.headers.get('x-shop-islands-dev')) {
    case 'local-build':
      return {
        ok: true,
        message: `${storeUrl.href} has the Shop Islands plugin active: its islands now come from the local build.`,
      };
    case 'no-loader':
      return {
        ok: false,
        message: `${storeUrl.href} has no Shop Islands loader on its page: the plugin is not active on that store (or that page prints no island). Pages are still forwarded, without islands. Install shop-islands.zip (\`npm run package\`) on the store and activate it.`,
      };
    default:
      return {
        ok: false,
        message: `${storeUrl.href} answered ${response.status} ${response.headers.get('content-type') ?? ''}: not a page.`,
      };
  }
}

/**
 * The fault and security matrix (issue #11; ARCHITECTURE.md §7 "Hostile input"): every endpoint the
 * islands call, each with the page and shopper action that trigger it, against every fault:
 *
 * - 500 (WordPress's HTML critical-error page), a timeout (no answer: the page's clock is moved past
 *   the client's own timeout), the connection reset or failed (`route.abort`), malformed JSON, a 200
 *   HTML page instead of JSON (a login page), an expired nonce (REST: WordPress's 403
 *   `rest_cookie_invalid_nonce`, refreshed and retried once; wc-ajax / admin-ajax: WooCommerce's
 *   403 `-1`, which must not be retried);
 * - hostile strings (answers whose HTML and text carry `<img onerror>`, `<script>`, `javascript:`
 *   links) and hostile URLs (a `product_url` or links pointing at `javascript:`, `data:` or another
 *   site).
 *
 * Every case asserts what the shopper sees afterwards (the spec's message, or WooCommerce's no-JS
 * path: the link followed, the form posted, the server's markup kept), that nothing ran
 * (`window.__pwned` is watched across page loads, and the page is searched for anything that could
 * still run: `on*` attributes, `javascript:` / `data:` links, which are also clicked, and `<script>`
 * elements carrying the payload), that the browser went nowhere but this store's http(s) pages, and
 * that the shopper's one action sent exactly one request (the REST nonce retry excepted). Uncaught
 * page errors fail the test through `./fixtures`.
 *
 * The spec files (`fault-matrix-*.spec.ts`) hold the table: one `Endpoint` per row.
 */
import type { Page, Request, Route } from '@playwright/test';
import { demoSettings } from '../demo/settings';
import { deferred, expect, test, type ConsoleErrors } from './fixtures';

/** The faults of every row, in the matrix's column order. */
export const FAULTS = [
  '500',
  'timeout',
  'abort: connectionreset',
  'abort: failed',
  'malformed JSON',
  'HTML instead of JSON',
  'expired nonce',
] as const;
export type Fault = (typeof FAULTS)[number];

/** The client's timeout when a call sets none (`DEFAULT_TIMEOUT`, src/transport/client.ts). */
export const CLIENT_TIMEOUT = 20_000;
/** The widgets' `timeout` prop default (wishlist, waitlist, variation form, sale badge schemas). */
export const WIDGET_TIMEOUT = 20_000;
/** The settings' `request_timeout`, which the fragments refresh uses (storefront.md §9: 5000 ms). */
export const FRAGMENTS_TIMEOUT = demoSettings({ restNonce: '' }).request_timeout;

/** What every payload does when it runs. */
export const PWN = 'window.__pwned=1';

/** Markup a hostile (or compromised) answer carries in its HTML and text fields. */
export const HOSTILE_HTML =
  `<img src=x onerror="${PWN}">` + `<script>${PWN}</script>` + `<a href="javascript:${PWN}">Hostile link</a>`;

/** Links a hostile answer may carry: `javascript:` (also disguised), `data:`. */
export const HOSTILE_LINKS =
  `<a href=" JaVaScRiPt:${PWN}">Hostile link (mixed case)</a>` +
  `<a href="data:text/html,<script>${PWN}</script>">Hostile data link</a>`;

/** URLs the server could be made to send the browser to (`product_url`). */
export const HOSTILE_URLS = [
  `javascript:${PWN}`,
  ` JavaScript:${PWN}`,
  'https://evil.example/',
  '//evil.example/product/',
  `data:text/html,<script>${PWN}</script>`,
] as const;

/** WordPress's fatal-error page (wp_die with HTTP 500). */
const CRITICAL_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>WordPress &rsaquo; Error</title></head>' +
  '<body id="error-page"><div class="wp-die-message"><p>There has been a critical error on this website.</p>' +
  '<p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>' +
  '</div></body></html>';

/** What a cache or an expired session may answer instead of JSON: WordPress's login page. */
const LOGIN_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Log In &lsaquo; Shop Islands Demo</title></head>' +
  '<body class="login"><div id="login"><form name="loginform" id="loginform" action="/wp-login.php" method="post">' +
  '<p><label for="user_login">Username or Email Address</label><input type="text" name="log" id="user_login"></p>' +
  '<p><label for="user_pass">Password</label><input type="password" name="pwd" id="user_pass"></p>' +
  '<p class="submit"><input type="submit" name="wp-submit" id="wp-submit" value="Log In"></p></form></div></body></html>';

export type Transport = 'wc-ajax' | 'admin-ajax' | 'rest';

/** What a case can read while it checks the outcome. */
export interface Run {
  page: Page;
  consoleErrors: ConsoleErrors;
  /** Main-frame navigations the page started, in order (URL and method). */
  readonly navigations: readonly { url: string; method: string }[];
  /** Requests of `matches` sent since the shopper acted (or since the page opened, for load-triggered rows). */
  since(matches: (request: Request) => boolean): Request[];
  /** Removes the fault: the endpoint answers as the demo store again. */
  heal(): Promise<void>;
}

export type Check = (run: Run) => Promise<void>;

/** An expectation, named for the test's title. */
export interface Outcome {
  title: string;
  check: Check;
  /** Requests to the endpoint the one action sends (default 1). */
  calls?: number;
}

/** A case of its own: a hostile answer, or a fault of two calls. */
export interface Case extends Outcome {
  /** Answers the endpoint's call (the other requests go to the demo store). */
  answer(route: Route, request: Request): Promise<void>;
  /** Routes of its own, before the page opens. */
  setup?(page: Page): Promise<unknown>;
}

/** One row of the matrix: an endpoint, how a shopper makes the page call it, what a failure looks like. */
export interface Endpoint {
  title: string;
  transport: Transport;
  /** Whether a request is this endpoint's (admin-ajax: its `action`). */
  matches(request: Request): boolean;
  /** The client's timeout for this call, in ms: the clock is moved past it for the timeout fault. */
  timeout: number;
  /** State the shopper already has (a cart), and listeners, before the page opens. */
  before?(page: Page): Promise<void>;
  /** Opens the page, islands mounted. A row without `act` is triggered by the page load itself. */
  open(page: Page): Promise<void>;
  /** The shopper's one action that sends the call. */
  act?(page: Page): Promise<void>;
  /**
   * The outcome is a message shown for a while (the wishlist popup, 2000 ms): the page's clock is
   * paused once the page is open, so it stays until checked.
   */
  holdClock?: boolean;
  /** What the shopper sees after a failed call. */
  failure: Outcome;
  /** Faults whose outcome differs (the banner's answer is not read; REST renews its nonce). */
  outcomes?: Partial<Record<Fault, Outcome>>;
  /** After a failure: the server is back and the same action now works (nothing lost). */
  recover?: Check;
  /** Hostile strings and URLs, and any other case of the row. */
  cases?: Case[];
}

/** Form fields of a request body (admin-ajax's `action`, a remove's `cart_item_key`). */
export const formOf = (request: Request): URLSearchParams => {
  const url = new URL(request.url());
  if (request.method() === 'GET') return url.searchParams;
  return new URLSearchParams(request.postData() ?? '');
};

/** `/?wc-ajax={name}` */
export const wcAjax =
  (name: string) =>
  (request: Request): boolean =>
    new URL(request.url()).searchParams.get('wc-ajax') === name;

/** `/wp-admin/admin-ajax.php` with `action={action}` (in the form body, or the query of a GET). */
export const adminAjax =
  (action: string) =>
  (request: Request): boolean =>
    new URL(request.url()).pathname.endsWith('/wp-admin/admin-ajax.php') &&
    formOf(request).get('action') === action;

const transportOf: Record<Transport, (url: URL) => boolean> = {
  'wc-ajax': (url) => url.searchParams.has('wc-ajax'),
  'admin-ajax': (url) => url.pathname.endsWith('/wp-admin/admin-ajax.php'),
  rest: (url) => url.pathname.startsWith('/wp-json/') || url.searchParams.has('rest_route'),
};

/** Answers a call with `fault`. The REST expired nonce answers the first call only. */
function faultAnswer(fault: Fault, transport: Transport): (route: Route) => Promise<void> {
  let expired = true;
  return async (route) => {
    switch (fault) {
      case '500':
        return route.fulfill({
          status: 500,
          contentType: 'text/html; charset=UTF-8',
          body: CRITICAL_ERROR_PAGE,
        });
      case 'timeout':
        // Never answered: the client's own timeout ends the call.
        return new Promise<void>(() => undefined);
      case 'abort: connectionreset':
        return route.abort('connectionreset');
      case 'abort: failed':
        return route.abort('failed');
      case 'malformed JSON':
        return route.fulfill({ status: 200, contentType: 'application/json; charset=UTF-8', body: '{"frag' });
      case 'HTML instead of JSON':
        return route.fulfill({ status: 200, contentType: 'text/html; charset=UTF-8', body: LOGIN_PAGE });
      case 'expired nonce':
        if (transport !== 'rest') {
          // check_ajax_referer(): wp_die( -1, 403 ).
          return route.fulfill({ status: 403, contentType: 'text/html; charset=UTF-8', body: '-1' });
        }
        if (!expired) return route.fallback();
        expired = false;
        return route.fulfill({
          status: 403,
          contentType: 'application/json; charset=UTF-8',
          body: JSON.stringify({
            code: 'rest_cookie_invalid_nonce',
            message: 'Cookie check failed',
            data: { status: 403 },
          }),
        });
    }
  };
}

/** A payload ran: reported from the page (a setter on `window.__pwned`), surviving page loads. */
const PWNED_BINDING = '__shopIslandsPwned';

interface Watch {
  navigations: { url: string; method: string }[];
  requests: Request[];
  /** Everything that went wrong: what ran, what could still run, where the browser went. */
  problems(): Promise<string[]>;
}

async function watch(page: Page, origin: string): Promise<Watch> {
  const pwned: string[] = [];
  const offsite: string[] = [];
  const navigations: { url: string; method: string }[] = [];
  const landed: string[] = [];
  const requests: Request[] = [];
  await page.exposeBinding(PWNED_BINDING, (_source, where: unknown) => {
    pwned.push(String(where));
  });
  await page.addInitScript((binding) => {
    let value: unknown;
    Object.defineProperty(window, '__pwned', {
      configurable: true,
      get: () => value,
      set: (next: unknown) => {
        value = next;
        if (next === undefined) return;
        const report = (window as unknown as Record<string, unknown>)[binding];
        if (typeof report === 'function') void (report as (where: string) => Promise<void>)(location.href);
      },
    });
  }, PWNED_BINDING);
  page.on('request', (request) => {
    requests.push(request);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      navigations.push({ url: request.url(), method: request.method() });
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) landed.push(frame.url());
  });
  // Another site: recorded, and answered here (nothing leaves the machine).
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      offsite.push(`${route.request().method()} ${route.request().url()}`);
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!DOCTYPE html><title>evil</title>',
      });
    },
  );

  const pwnedHere = () =>
    page.evaluate(() => (window as Window & { __pwned?: unknown }).__pwned !== undefined);
  const problems = async (): Promise<string[]> => {
    const found: string[] = [];
    let ranHere = false;
    if (new URL(page.url()).origin === origin) {
      await page.waitForLoadState('load');
      await settleHostileImages(page);
      if (await pwnedHere()) {
        ranHere = true;
        found.push('a payload ran once the answer was handled (before any click)');
        await page.evaluate(() => ((window as Window & { __pwned?: unknown }).__pwned = undefined));
      }
      found.push(...(await page.evaluate(findExecutable)));
      const clicked = await page.evaluate(clickHostileLinks);
      await settleTasks(page);
      if (await pwnedHere()) {
        ranHere = true;
        found.push(`a payload ran when a rendered link was clicked (one of: ${clicked.join(' | ')})`);
      }
    }
    // It ran on a page the browser has left since.
    if (!ranHere) found.push(...pwned.map((where) => `a payload ran on ${where}`));
    for (const url of landed) {
      const to = new URL(url);
      if (!/^https?:$/.test(to.protocol)) found.push(`the browser went to a non-http(s) URL: ${url}`);
      else if (to.origin !== origin) found.push(`the browser went to another site: ${url}`);
    }
    found.push(...offsite.map((request) => `a request left for another site: ${request}`));
    return [...new Set(found)];
  };
  return { navigations, requests, problems };
}

/** A few tasks of the page (MessageChannel: not a timer, so a paused clock does not hold it). */
async function settleTasks(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** Waits until images carrying an event handler attribute have loaded or failed (their handler has run). */
async function settleHostileImages(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((img) => img.getAttributeNames().some((name) => name.toLowerCase().startsWith('on')))
        .map((img) =>
          img.complete
            ? null
            : new Promise<void>((resolve) => {
                img.addEventListener('load', () => resolve(), { once: true });
                img.addEventListener('error', () => resolve(), { once: true });
              }),
        ),
    ),
  );
  await settleTasks(page);
}

/**
 * Runs in the page: what could still run. Handler attributes, links and form targets whose URL is
 * not http(s) (mailto: and tel: aside; React's own `javascript:throw` replacement of a blocked URL
 * aside), frames with such a source, and `<script>` elements carrying the payload.
 */
function findExecutable(): string[] {
  const found: string[] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 160);
  const safe = (value: string): boolean => {
    if (value.startsWith("javascript:throw new Error('React has blocked a javascript: URL")) return true;
    try {
      return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(value, document.baseURI).protocol);
    } catch {
      return true; // not a URL the browser would follow
    }
  };
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      if (name.toLowerCase().startsWith('on'))
        found.push(`an event handler attribute (${name}) in the page: ${describe(el)}`);
      const isUrl =
        (['href', 'xlink:href'].includes(name.toLowerCase()) &&
          ['a', 'area', 'base'].includes(el.localName)) ||
        ['action', 'formaction'].includes(name.toLowerCase()) ||
        (name.toLowerCase() === 'src' && ['IFRAME', 'FRAME', 'EMBED'].includes(el.tagName)) ||
        (name.toLowerCase() === 'data' && el.tagName === 'OBJECT');
      if (isUrl && !safe(value)) found.push(`a ${name} that is not http(s) in the page: ${describe(el)}`);
    }
    if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__pwned')) {
      found.push(`a <script> from an answer in the page: ${describe(el)}`);
    }
  }
  return found;
}

/** Runs in the page: clicks every link whose URL is not http(s), as a shopper could; returns them. */
function clickHostileLinks(): string[] {
  const clicked: string[] = [];
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith("javascript:throw new Error('React has blocked a javascript: URL")) continue;
    let protocol: string;
    try {
      protocol = new URL(href, document.baseURI).protocol;
    } catch {
      continue;
    }
    if (['http:', 'https:', 'mailto:', 'tel:'].includes(protocol)) continue;
    clicked.push(link.outerHTML.slice(0, 160));
    link.click();
  }
  return clicked;
}

/** Pauses the page's clock (after a short jump): timers run only when a case moves it. */
async function holdClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 3000);
}

/** Our own diagnostics and failed loads are expected in a fault matrix; the shopper's view is asserted. */
const DIAGNOSTICS = /^\[shop-islands\] /;
const FAILED_RESOURCE = /^Failed to load resource/;

interface Plan {
  answer(route: Route, request: Request): Promise<void>;
  outcome: Outcome;
  timeout?: boolean;
  setup?(page: Page): Promise<unknown>;
  recover?: Check;
}

async function runCase(
  page: Page,
  consoleErrors: ConsoleErrors,
  endpoint: Endpoint,
  plan: Plan,
): Promise<void> {
  consoleErrors.allow(DIAGNOSTICS);
  consoleErrors.allow(FAILED_RESOURCE);
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the fault matrix needs a baseURL');
  const origin = new URL(baseURL).origin;
  const watched = await watch(page, origin);

  const reached = deferred();
  const matcher = (url: URL) => url.origin === origin && transportOf[endpoint.transport](url);
  const handler = async (route: Route, request: Request) => {
    if (!endpoint.matches(request)) return route.fallback();
    reached.release();
    return plan.answer(route, request);
  };
  await page.route(matcher, handler);
  await plan.setup?.(page);
  await endpoint.before?.(page);
  await page.clock.install();

  let from = 0;
  const run: Run = {
    page,
    consoleErrors,
    navigations: watched.navigations,
    since: (matches) => watched.requests.slice(from).filter(matches),
    heal: () => page.unroute(matcher, handler),
  };
  await endpoint.open(page);
  if (endpoint.holdClock) await holdClock(page);
  if (endpoint.act) {
    from = watched.requests.length;
    await endpoint.act(page);
  }
  if (plan.timeout) {
    await reached.promise;
    const past = endpoint.timeout + 1000;
    if (endpoint.holdClock) await page.clock.runFor(past);
    else await page.clock.fastForward(past);
  }

  // The shopper's view first, then what ran; both are reported.
  const outcomeError = await plan.outcome.check(run).then(
    () => null,
    (error: unknown) => error,
  );
  expect
    .soft(await watched.problems(), 'nothing ran, nothing could still run, the browser stayed on this store')
    .toEqual([]);
  expect
    .soft(run.since(endpoint.matches).length, `requests to ${endpoint.title} for the one shopper action`)
    .toBe(plan.outcome.calls ?? 1);
  if (outcomeError) throw outcomeError;
  if (plan.recover && !test.info().errors.length) await plan.recover(run);
}

export interface MatrixTest {
  title: string;
  body(args: { page: Page; consoleErrors: ConsoleErrors }): Promise<void>;
}

/**
 * The tests of `endpoint`: one per fault, then one per case. The spec file declares them (so that
 * reports name the spec file, not this kit):
 *
 *     for (const endpoint of ENDPOINTS) {
 *       test.describe(endpoint.title, () => {
 *         for (const { title, body } of matrixTests(endpoint)) test(title, body);
 *       });
 *     }
 */
export function matrixTests(endpoint: Endpoint): MatrixTest[] {
  const faults = FAULTS.map((fault): MatrixTest => {
    const outcome = endpoint.outcomes?.[fault] ?? endpoint.failure;
    return {
      title: `${fault}: ${outcome.title}`,
      body: ({ page, consoleErrors }) =>
        runCase(page, consoleErrors, endpoint, {
          answer: faultAnswer(fault, endpoint.transport),
          outcome,
          timeout: fault === 'timeout',
          recover: outcome === endpoint.failure ? endpoint.recover : undefined,
        }),
    };
  });
  const cases = (endpoint.cases ?? []).map((item): MatrixTest => ({
    title: item.title,
    body: ({ page, consoleErrors }) =>
      runCase(page, consoleErrors, endpoint, {
        answer: (route, request) => item.answer(route, request),
        outcome: item,
        setup: item.setup,
      }),
  }));
  return [...faults, ...cases];
}

/**
 * Room for a page load after a fault (the no-JS path), on a loaded machine: twice the default. The
 * timeouts of the app itself are not waited for (the page's clock is moved past them).
 */
export const MATRIX_TEST_TIMEOUT = 60_000;

// -- hostile answers -----------------------------------------------------------------------------

/** `html` with the hostile markup inside its last element (or after it). */
export function withHostileHtml(html: string): string {
  const match = /<\/[a-z][a-z0-9]*>\s*$/i.exec(html);
  if (!match) return html + HOSTILE_HTML;
  return html.slice(0, match.index) + HOSTILE_HTML + html.slice(match.index);
}

/** `html` whose links to this store's products point at `javascript:`, with more hostile links added. */
export function withHostileLinks(html: string): string {
  return withHostileHtml(html.replaceAll('href="/product/', `href="javascript:${PWN};//`)).replace(
    HOSTILE_HTML,
    HOSTILE_LINKS,
  );
}

/** Answers with the demo store's real answer, its JSON changed by `change`. */
export function changeJson<T>(change: (data: T) => unknown) {
  return async (route: Route): Promise<void> => {
    const response = await route.fetch();
    const data = (await response.json()) as T;
    await route.fulfill({ response, body: JSON.stringify(change(data)) });
  };
}

/** Every fragment of a cart answer changed by `change`. */
export function changeFragments(change: (html: string) => string) {
  return changeJson<{ fragments: Record<string, string>; cart_hash: string }>((data) => ({
    ...data,
    fragments: Object.fromEntries(Object.entries(data.fragments).map(([key, html]) => [key, change(html)])),
  }));
}

/** The navigations of `run` to this store matching `test`, polled until one is there. */
export async function expectNavigation(
  run: Run,
  what: string,
  matches: (url: URL, method: string) => boolean,
): Promise<void> {
  await expect
    .poll(() => run.navigations.some((n) => matches(new URL(n.url), n.method)), { message: what })
    .toBe(true);
}

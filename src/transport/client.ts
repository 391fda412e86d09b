/**
 * The one HTTP client (ARCHITECTURE.md §4):
 * - `wcAjax(endpoint, form)`: POST `/?wc-ajax={endpoint}` (from the settings' `wc_ajax_url` template);
 * - `adminAjax(action, form)`: `/wp-admin/admin-ajax.php` with `action`;
 * - `rest(path, …)`: `wp-json`, through @wordpress/api-fetch's root-URL and X-WP-Nonce middlewares.
 * Every call takes an AbortSignal and a timeout, counts itself for the global loading indicator, and
 * parses the body with the endpoint's zod schema. Every failure is a TransportError.
 *
 * wc-ajax and admin-ajax calls use `fetch` itself: api-fetch (the `wp` chunk, ≈7 KB gzip) is
 * imported with a dynamic `import()` on the first REST call, so a page whose islands make no REST
 * call never downloads it. Only REST calls carry the nonce, and only they are retried once after
 * WordPress says the nonce expired. Widgets do not call these: they call the typed functions of
 * `src/endpoints`.
 *
 * Note: api-fetch's built-in user-locale middleware appends `_locale=user` to REST URLs, as it does
 * in WordPress itself; wc-ajax and admin-ajax URLs do not get it.
 */
import type apiFetchFunction from '@wordpress/api-fetch';
import type { APIFetchMiddleware, APIFetchOptions } from '@wordpress/api-fetch';
import * as z from 'zod/mini';
import { describeIssue } from '../contract/issue';
import { getSettings } from '../contract/read-settings';
import type { Settings } from '../contract/settings';
import { describeUrl, sameOriginUrl } from '../security/url';
import { activity } from './activity';
import { TransportError } from './errors';

/** Default timeout (ms) of calls that do not set one. WooCommerce's own scripts set none. */
export const DEFAULT_TIMEOUT = 20_000;

export type FormInput = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

/** What a caller of an endpoint may set (the options bag of `src/endpoints`' functions). */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Milliseconds before the call fails with kind 'timeout'. */
  timeout?: number;
  /** Counted for the global loading indicator (default true). */
  background?: boolean;
  /**
   * wc-ajax and admin-ajax only: the browser sends the request even if the page is being left
   * (`fetch`'s `keepalive`). For what must reach the server when the shopper leaves (queued adds).
   */
  keepalive?: boolean;
}

export interface CallOptions<T> extends RequestOptions {
  /** The contract of the response body. */
  schema: Parser<T>;
  /** 'text' hands the raw body to the schema (admin-ajax answers such as '1', '0', '-1'). */
  responseType?: 'json' | 'text';
  /**
   * Handed the headers of a 2xx answer before its body is parsed, for an endpoint whose data is
   * partly in a header (admin-ajax `query-attachments`' X-WP-Total, storefront.md §7).
   */
  onHeaders?: (headers: Headers) => void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends the request; resolves with the response whatever its status, rejects when none came. Calls
 * `sending()` as the request goes out: from then on the call counts for the loading indicator.
 */
type Send = (signal: AbortSignal, sending: () => void) => Promise<Response>;

/** WordPress's REST handler reads Accept to treat a request as a REST one; api-fetch always sent it. */
const ACCEPT = 'application/json, */*;q=0.1';

const toForm = (form: FormInput): URLSearchParams => {
  if (form instanceof URLSearchParams) return form;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params;
};

const describe = (error: z.core.$ZodError): string => {
  const { field, problem } = describeIssue(error);
  return `"${field}" ${problem}`;
};

/**
 * One call: abort and timeout, activity, the body read, HTTP errors, the schema. `send` does the
 * rest (a plain fetch, or api-fetch once loaded). Never retries. The timeout and the caller's signal
 * cover the whole call, api-fetch's chunk loading included; the loading indicator counts the request
 * only, as it counts no other code loading.
 */
async function call<T>(label: string, send: Send, options: CallOptions<T>): Promise<T> {
  if (options.signal?.aborted) throw new TransportError('abort', `${label}: aborted`, { url: label });
  const controller = new AbortController();
  let stopped: 'abort' | 'timeout' | null = null;
  // Settles (rejects) when the call is stopped: what is being awaited then (a fetch, a chunk still
  // loading) is given up at once.
  const stop = new Promise<never>((_resolve, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
      once: true,
    }),
  );
  stop.catch(() => undefined);
  const onAbort = () => {
    stopped = 'abort';
    controller.abort();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const timer = setTimeout(() => {
    stopped = 'timeout';
    controller.abort();
  }, timeout);
  let counted = false;
  let done = (): void => undefined;
  const sending = () => {
    if (counted || options.background === false) return;
    counted = true;
    done = activity.track();
  };
  let response: Response;
  let body: string;
  try {
    response = await Promise.race([send(controller.signal, sending), stop]);
    body = await Promise.race([response.text(), stop]);
  } catch (thrown) {
    if (stopped === 'timeout') {
      throw new TransportError('timeout', `${label}: no answer within ${timeout} ms`, { url: label });
    }
    if (stopped === 'abort') throw new TransportError('abort', `${label}: aborted`, { url: label });
    if (thrown instanceof TransportError) throw thrown;
    throw new TransportError('network', `${label}: the server could not be reached`, {
      url: label,
      cause: thrown,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    done();
  }
  if (!response.ok) {
    let code: string | undefined;
    let message = '';
    try {
      const error = JSON.parse(body) as { code?: unknown; message?: unknown };
      if (typeof error.code === 'string') code = error.code;
      if (typeof error.message === 'string') message = `: ${error.message}`;
    } catch {
      // Not a WordPress error object (an HTML error page, say): the status says enough.
    }
    throw new TransportError('http', `${label}: HTTP ${response.status}${message}`, {
      url: label,
      status: response.status,
      code,
      body,
      nonce: response.headers.get('X-WP-Nonce') ?? undefined,
    });
  }
  options.onHeaders?.(response.headers);
  let value: unknown = body;
  if (options.responseType !== 'text') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new TransportError('schema', `${label}: the response is not JSON`, { url: label, body });
    }
  }
  const parsed = options.schema.safeParse(value);
  if (!parsed.success) {
    throw new TransportError('schema', `${label}: unexpected response, ${describe(parsed.error)}`, {
      url: label,
      body,
    });
  }
  return parsed.data;
}

// -- wc-ajax and admin-ajax: fetch ----------------------------------------------------------------

/**
 * The endpoint URLs come from the settings block the server printed: a request goes only to this
 * page's origin (an endpoint elsewhere would receive the shopper's form data).
 */
function checkedUrl(url: string): string {
  const checked = sameOriginUrl(url);
  if (!checked) {
    throw new TransportError('network', `refused to send a request to ${describeUrl(url)}: not this site`, {
      url,
    });
  }
  return checked.href;
}

/** A same-origin fetch, as WooCommerce's own jQuery calls: the session cookies travel, no nonce. */
function ajax<T>(
  method: 'GET' | 'POST',
  url: string,
  body: URLSearchParams | undefined,
  options: CallOptions<T>,
  accept: string = ACCEPT,
) {
  const send: Send = (signal, sending) => {
    const target = checkedUrl(url);
    sending();
    return fetch(target, {
      method,
      body,
      credentials: 'same-origin',
      headers: { Accept: accept },
      signal,
      keepalive: options.keepalive,
    });
  };
  return call(url, send, options);
}

const withQuery = (url: string, query: Record<string, string>): string => {
  const params = new URLSearchParams(query).toString();
  return url + (url.includes('?') ? '&' : '?') + params;
};

/** POST `/?wc-ajax={endpoint}` with a form body. Never retried. */
export function wcAjax<T>(endpoint: string, form: FormInput, options: CallOptions<T>): Promise<T> {
  const url = getSettings().wc_ajax_url.replace('%%endpoint%%', encodeURIComponent(endpoint));
  return ajax('POST', url, toForm(form), options);
}

/**
 * POST a form to a page of this site, as the form itself would post (`form.action`), and read the
 * page the server answers. For WooCommerce's forms whose handler is the page (cart.js posts the
 * cart's shipping calculator to the cart page and reads its HTML). Accepts HTML, as jQuery's
 * `dataType: 'html'` does (WordPress answers a request that accepts JSON with JSON errors).
 * Only to this site's origin; never retried.
 */
export function postPage<T>(url: string, form: FormInput, options: CallOptions<T>): Promise<T> {
  return ajax('POST', url, toForm(form), options, 'text/html, */*; q=0.01');
}

/**
 * `/wp-admin/admin-ajax.php` with `action` (POST form body, or GET query). Never retried. `url`: an
 * admin-ajax URL of this site other than the settings' `ajax_url` (a plugin's own localized one,
 * such as CommerceKit's `commercekit_ajs.ajax_url`); same-origin only, as every ajax call.
 */
export function adminAjax<T>(
  action: string,
  form: FormInput,
  options: CallOptions<T> & { method?: 'GET' | 'POST'; url?: string },
): Promise<T> {
  const params = toForm(form);
  const ajax_url = options.url || getSettings().ajax_url;
  if (options.method === 'GET') {
    const query = Object.fromEntries([['action', action], ...params.entries()]);
    return ajax('GET', withQuery(ajax_url, query), undefined, options);
  }
  params.set('action', action);
  return ajax('POST', ajax_url, params, options);
}

/**
 * GET a wp-json URL with `fetch` itself, not api-fetch: for a call made while the shopper types,
 * where the `wp` chunk (≈7 KB gzip) would weigh more than the island making it (the smart search,
 * issue #15). `query` is appended to `url` (which may hold `?rest_route=`); `nonce` travels as
 * X-WP-Nonce unless it is ''. Only to this site's origin; never retried: an HTTP error's X-WP-Nonce
 * header is in the TransportError's `details.nonce`, for the caller's own nonce rule.
 */
export function restGet<T>(
  url: string,
  query: Record<string, string>,
  nonce: string,
  options: CallOptions<T>,
): Promise<T> {
  const target = withQuery(url, query);
  const send: Send = (signal, sending) => {
    const checked = checkedUrl(target);
    sending();
    return fetch(checked, {
      credentials: 'same-origin',
      headers: nonce ? { Accept: ACCEPT, 'X-WP-Nonce': nonce } : { Accept: ACCEPT },
      signal,
    });
  };
  return call(target, send, options);
}

// -- REST: api-fetch, loaded on the first REST call ---------------------------------------------

type ApiFetch = typeof apiFetchFunction;

let loading: Promise<ApiFetch> | null = null;
let configuredFor: Settings | null = null;
let nonceMiddleware: ReturnType<ApiFetch['createNonceMiddleware']> | null = null;

/** api-fetch, imported once; a failed import (a chunk that could not load) is tried again next time. */
function loadApiFetch(): Promise<ApiFetch> {
  loading ??= import('@wordpress/api-fetch').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The nonce must not travel to URLs outside the REST API (a full URL given by the server). */
const isRest = (options: APIFetchOptions, restRoot: string): boolean => {
  if (options.path !== undefined) return true;
  if (!options.url) return false;
  const url = new URL(options.url, location.href);
  return url.href.startsWith(new URL(restRoot, location.href).href) || url.searchParams.has('rest_route');
};

function configure(apiFetch: ApiFetch, settings: Settings): void {
  if (configuredFor === settings) return;
  if (!configuredFor) {
    // Registered once; both read the current settings, so a test may swap them.
    const restOnlyNonce: APIFetchMiddleware = (options, next) =>
      nonceMiddleware && configuredFor && isRest(options, configuredFor.rest_url)
        ? nonceMiddleware(options, next)
        : next(options);
    apiFetch.use((options, next) => apiFetch.createRootURLMiddleware(configuredFor!.rest_url)(options, next));
    apiFetch.use(restOnlyNonce);
  }
  configuredFor = settings;
  nonceMiddleware = apiFetch.createNonceMiddleware(settings.rest_nonce);
}

/** The nonce REST calls carry now (it changes when WordPress hands out a fresh one). */
export const currentNonce = (): string => nonceMiddleware?.nonce ?? '';

/** api-fetch throws the Response (parse: false) for HTTP errors, a plain object for network errors. */
const isResponse = (value: unknown): value is Response =>
  typeof value === 'object' && value !== null && 'status' in value && 'text' in value;

interface RestRequest {
  method: Method;
  url?: string;
  path?: string;
  data?: unknown;
}

function restOnce<T>(request: RestRequest, options: CallOptions<T>): Promise<T> {
  const settings = getSettings();
  const label = request.url ?? `${settings.rest_url}${request.path ?? ''}`;
  const send: Send = async (signal, sending) => {
    if (request.url !== undefined) checkedUrl(request.url);
    // A chunk that cannot load is a network failure.
    const apiFetch = await loadApiFetch();
    configure(apiFetch, getSettings());
    sending();
    try {
      return (await apiFetch({ ...request, signal, parse: false })) as Response;
    } catch (thrown) {
      if (!isResponse(thrown)) throw thrown;
      return thrown;
    }
  };
  return call(label, send, options);
}

/** WordPress nonces are 10 hex characters; admin-ajax prints one with no JSON around it. */
const NONCE = z.string().check(z.trim(), z.regex(/^[0-9a-f]{10}$/i));

/**
 * An expired nonce (a page open across the nonce's lifetime): ask WordPress for a fresh one
 * (admin-ajax `rest-nonce`, as api-fetch's own `nonceEndpoint` does).
 */
async function refreshNonce(signal?: AbortSignal): Promise<boolean> {
  try {
    const nonce = await adminAjax(
      'rest-nonce',
      {},
      { method: 'GET', schema: NONCE, responseType: 'text', signal },
    );
    if (!nonceMiddleware) return false;
    nonceMiddleware.nonce = nonce;
    return true;
  } catch {
    return false;
  }
}

const isExpiredNonce = (error: unknown): error is TransportError =>
  error instanceof TransportError &&
  error.kind === 'http' &&
  error.details.code === 'rest_cookie_invalid_nonce';

/**
 * A wp-json call: `path` relative to the REST root (`wp/v2/users/me`), or a full URL given by the
 * server (such as the coming-soon banner's own REST URL). JSON `data` is sent as a JSON body.
 * An expired nonce is refreshed and the call retried, once.
 */
export async function rest<T>(
  pathOrUrl: string,
  options: CallOptions<T> & { method?: Method; data?: unknown },
): Promise<T> {
  const target =
    /^(https?:)?\/\//.test(pathOrUrl) || pathOrUrl.startsWith('/') ? { url: pathOrUrl } : { path: pathOrUrl };
  const request: RestRequest = { method: options.method ?? 'GET', data: options.data, ...target };
  try {
    return await restOnce(request, options);
  } catch (error) {
    if (!isExpiredNonce(error) || !(await refreshNonce(options.signal))) throw error;
    return restOnce(request, options);
  }
}

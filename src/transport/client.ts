/**
 * The one HTTP client (ARCHITECTURE.md §4), on @wordpress/api-fetch:
 * - `wcAjax(endpoint, form)`: POST `/?wc-ajax={endpoint}` (from the settings' `wc_ajax_url` template);
 * - `adminAjax(action, form)`: `/wp-admin/admin-ajax.php` with `action`;
 * - `rest(path, …)`: `wp-json`, through api-fetch's root-URL and X-WP-Nonce middlewares.
 * Every call takes an AbortSignal and a timeout, counts itself for the global loading indicator, and
 * parses the body with the endpoint's zod schema. Every failure is a TransportError.
 *
 * Note: api-fetch's built-in user-locale middleware appends `_locale=user` to every URL, as it does
 * in WordPress itself; WordPress honours it for JSON requests and WooCommerce ignores it otherwise.
 */
import apiFetch, { type APIFetchMiddleware, type APIFetchOptions } from '@wordpress/api-fetch';
import * as z from 'zod/mini';
import { describeIssue } from '../contract/issue';
import { getSettings } from '../contract/read-settings';
import type { Settings } from '../contract/settings';
import { activity } from './activity';
import { TransportError } from './errors';

/** Default timeout (ms) of calls that do not set one. WooCommerce's own scripts set none. */
export const DEFAULT_TIMEOUT = 20_000;

export type FormInput = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

export interface CallOptions<T> {
  /** The contract of the response body. */
  schema: Parser<T>;
  signal?: AbortSignal;
  /** Milliseconds before the call fails with kind 'timeout'. */
  timeout?: number;
  /** 'text' hands the raw body to the schema (admin-ajax answers such as '1', '0', '-1'). */
  responseType?: 'json' | 'text';
  /** Counted for the global loading indicator (default true). */
  background?: boolean;
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url?: string;
  path?: string;
  body?: URLSearchParams;
  data?: unknown;
  headers?: Record<string, string>;
}

let configuredFor: Settings | null = null;
let nonceMiddleware: ReturnType<typeof apiFetch.createNonceMiddleware> | null = null;

/** REST calls only: the nonce must not travel to wc-ajax and admin-ajax, which do not read it. */
const isRest = (options: APIFetchOptions, restRoot: string): boolean => {
  if (options.path !== undefined) return true;
  if (!options.url) return false;
  const url = new URL(options.url, location.href);
  return url.href.startsWith(new URL(restRoot, location.href).href) || url.searchParams.has('rest_route');
};

function configure(settings: Settings): void {
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

/** api-fetch throws the Response (parse: false) for HTTP errors, a plain object for network errors. */
const isResponse = (value: unknown): value is Response =>
  typeof value === 'object' && value !== null && 'status' in value && 'text' in value;

async function call<T>(request: Request, options: CallOptions<T>, retried = false): Promise<T> {
  const settings = getSettings();
  configure(settings);
  const label = request.url ?? `${settings.rest_url}${request.path ?? ''}`;
  if (options.signal?.aborted) throw new TransportError('abort', `${label}: aborted`, { url: label });

  const controller = new AbortController();
  let stopped: 'abort' | 'timeout' | null = null;
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
  const done = options.background === false ? () => undefined : activity.track();

  let response: Response;
  let body: string;
  try {
    try {
      response = (await apiFetch({
        ...request,
        signal: controller.signal,
        parse: false,
      })) as Response;
    } catch (thrown) {
      if (!isResponse(thrown)) throw thrown;
      response = thrown;
    }
    body = await response.text();
  } catch (thrown) {
    if (stopped === 'timeout') {
      throw new TransportError('timeout', `${label}: no answer within ${timeout} ms`, { url: label });
    }
    if (stopped === 'abort') throw new TransportError('abort', `${label}: aborted`, { url: label });
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
    if (code === 'rest_cookie_invalid_nonce' && !retried && (await refreshNonce(settings, options.signal))) {
      return call(request, options, true);
    }
    throw new TransportError('http', `${label}: HTTP ${response.status}${message}`, {
      url: label,
      status: response.status,
      code,
      body,
    });
  }

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

/**
 * An expired nonce (a page open across the nonce's lifetime): ask WordPress for a fresh one
 * (admin-ajax `rest-nonce`, as api-fetch's own `nonceEndpoint` does) and retry once.
 */
async function refreshNonce(settings: Settings, signal?: AbortSignal): Promise<boolean> {
  try {
    const nonce = await call(
      { method: 'GET', url: withQuery(settings.ajax_url, { action: 'rest-nonce' }) },
      { schema: NONCE, responseType: 'text', signal },
    );
    if (nonceMiddleware) nonceMiddleware.nonce = nonce;
    return true;
  } catch {
    return false;
  }
}

/** WordPress nonces are 10 hex characters; admin-ajax prints one with no JSON around it. */
const NONCE = z.string().check(z.trim(), z.regex(/^[0-9a-f]{10}$/i));

const withQuery = (url: string, query: Record<string, string>): string => {
  const params = new URLSearchParams(query).toString();
  return url + (url.includes('?') ? '&' : '?') + params;
};

/** POST `/?wc-ajax={endpoint}` with a form body. */
export function wcAjax<T>(endpoint: string, form: FormInput, options: CallOptions<T>): Promise<T> {
  const url = getSettings().wc_ajax_url.replace('%%endpoint%%', encodeURIComponent(endpoint));
  return call({ method: 'POST', url, body: toForm(form) }, options);
}

/** `/wp-admin/admin-ajax.php` with `action` (POST form body, or GET query). */
export function adminAjax<T>(
  action: string,
  form: FormInput,
  options: CallOptions<T> & { method?: 'GET' | 'POST' },
): Promise<T> {
  const params = toForm(form);
  const { ajax_url } = getSettings();
  if (options.method === 'GET') {
    const query = Object.fromEntries([['action', action], ...params.entries()]);
    return call({ method: 'GET', url: withQuery(ajax_url, query) }, options);
  }
  params.set('action', action);
  return call({ method: 'POST', url: ajax_url, body: params }, options);
}

/**
 * A wp-json call: `path` relative to the REST root (`wp/v2/users/me`), or a full URL given by the
 * server (such as the coming-soon banner's own REST URL). JSON `data` is sent as a JSON body.
 */
export function rest<T>(
  pathOrUrl: string,
  options: CallOptions<T> & { method?: Request['method']; data?: unknown },
): Promise<T> {
  const target =
    /^(https?:)?\/\//.test(pathOrUrl) || pathOrUrl.startsWith('/') ? { url: pathOrUrl } : { path: pathOrUrl };
  return call({ method: options.method ?? 'GET', data: options.data, ...target }, options);
}

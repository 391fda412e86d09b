/**
 * The endpoint tests' msw server: every request it sees, as method, path + query, and form fields in
 * order (or the JSON body), plus `failure()` for a call that must reject with a TransportError.
 */
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, expect } from 'vitest';
import { withTestServer } from '../test/server';
import { TransportError } from '../transport/errors';

export interface Seen {
  method: string;
  /** Path and query, e.g. `/?wc-ajax=add_to_cart`. */
  url: string;
  /** Form fields in the order they were sent. */
  form: [string, string][];
  /** The raw body. */
  body: string;
  headers: Headers;
}

export const server = setupServer();
const requests: Request[] = [];

/** Runs `server` for the file, with a REST nonce in the settings, recording every request. */
export function withEndpointServer(): void {
  withTestServer(server, {
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    rest_url: '/wp-json/',
    rest_nonce: 'aaaaaaaaaa',
    cart_url: '/cart/',
  });
  beforeEach(() => {
    requests.length = 0;
    server.events.removeAllListeners();
    server.events.on('request:start', ({ request }) => void requests.push(request.clone()));
  });
}

/** The requests the server saw so far. */
export function seen(): Promise<Seen[]> {
  return Promise.all(
    requests.map(async (request) => {
      const url = new URL(request.url);
      const body = await request.clone().text();
      const form: [string, string][] = request.headers.get('content-type')?.includes('x-www-form-urlencoded')
        ? [...new URLSearchParams(body).entries()]
        : [];
      return { method: request.method, url: url.pathname + url.search, form, body, headers: request.headers };
    }),
  );
}

/** A wc-ajax endpoint's handler (any method: the test asserts which one was used). */
export const wcAjaxHandler = (endpoint: string, resolver: HttpResponseResolver) =>
  http.all('http://localhost:3000/', (info) =>
    new URL(info.request.url).searchParams.get('wc-ajax') === endpoint ? resolver(info) : undefined,
  );

/** An admin-ajax action's handler, read from the form body (POST) or the query (GET). */
export const adminAjaxHandler = (action: string, resolver: HttpResponseResolver) =>
  http.all('http://localhost:3000/wp-admin/admin-ajax.php', async (info) => {
    const { request } = info;
    const query = new URL(request.url).searchParams.get('action');
    const posted =
      request.method === 'POST' ? new URLSearchParams(await request.clone().text()).get('action') : null;
    return (query ?? posted) === action ? resolver(info) : undefined;
  });

/** An answer of the right status but the wrong shape. */
export const malformed = () => HttpResponse.json({ unexpected: true });

export async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => new Error('expected a TransportError'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

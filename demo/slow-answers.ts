/**
 * A slow server on request, for end-to-end tests (on only when the server is started with
 * `slowAnswers: true`; Playwright's web server sets `SHOP_ISLANDS_SLOW_ANSWERS=1`).
 *
 *   POST /__slow__/hold?endpoint=add_to_cart   from now on, the session's answers to that wc-ajax
 *                                              endpoint are held: the request is carried out at once
 *                                              (the cart changes), its answer waits
 *   POST /__slow__/release                     the held answers go out, and holding stops
 *
 * Both act on the session of the request's cookie, so tests running side by side do not meet. Held
 * in the server, not in the browser: a request held by the browser (Playwright's `route`) is cut off
 * or sent again when its tab closes, which is not what a slow server does.
 */
import { parseCookies } from './cookies';
import { SESSION_COOKIE } from './store';

/** Longest a held answer waits for its release (a test that forgot to release still ends). */
const HOLD_LIMIT_MS = 20_000;

interface Hold {
  endpoint: string;
  released: Promise<void>;
  release: () => void;
}

export interface SlowAnswers {
  /** The answer to a `/__slow__/…` request, or null when `request` is not one. */
  control(request: Request): Response | null;
  /** Resolves once `request`'s answer may go out (at once unless its session holds its endpoint). */
  beforeAnswer(request: Request): Promise<void>;
}

const sessionOf = (request: Request): string =>
  parseCookies(request.headers.get('cookie'))[SESSION_COOKIE] ?? '';

export function createSlowAnswers(): SlowAnswers {
  const holds = new Map<string, Hold>();

  function release(session: string): void {
    holds.get(session)?.release();
    holds.delete(session);
  }

  return {
    control(request) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith('/__slow__/')) return null;
      const session = sessionOf(request);
      if (request.method !== 'POST') return new Response('POST only', { status: 405 });
      if (!session)
        return new Response('No session cookie: visit a page and add to the cart first', { status: 409 });
      if (url.pathname === '/__slow__/hold') {
        const endpoint = url.searchParams.get('endpoint') ?? '';
        if (!endpoint) return new Response('Which endpoint? ?endpoint=add_to_cart', { status: 400 });
        release(session);
        let open!: () => void;
        const released = new Promise<void>((resolve) => (open = resolve));
        const timer = setTimeout(() => release(session), HOLD_LIMIT_MS);
        holds.set(session, {
          endpoint,
          released,
          release: () => {
            clearTimeout(timer);
            open();
          },
        });
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/__slow__/release') {
        release(session);
        return new Response(null, { status: 204 });
      }
      return new Response('Not Found', { status: 404 });
    },

    beforeAnswer(request) {
      const hold = holds.get(sessionOf(request));
      const endpoint = new URL(request.url).searchParams.get('wc-ajax');
      return hold && endpoint === hold.endpoint ? hold.released : Promise.resolve();
    },
  };
}

/**
 * A shopper for the demo's tests: sends requests to `respond` (the site, the MSW handlers, or
 * `fetch` to a server or to MSW's interception) and keeps the cookies the answers set, like a
 * browser (a `Max-Age=0` cookie is deleted). Redirects are `respond`'s business: the site answers
 * them as they are, `fetch` follows them unless told `redirect: 'manual'`.
 */
export interface CookieClient {
  /** The cookies kept, by name. */
  jar: Map<string, string>;
  /** The Cookie header of the next request ('' without cookies). */
  cookieHeader(): string;
  /** Sends `path` (from the origin `base`) with the jar's cookies and keeps those of the answer. */
  send(path: string, init?: RequestInit): Promise<Response>;
}

export function cookieClient(base: string, respond: (request: Request) => Promise<Response>): CookieClient {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', cookieHeader());
    const response = await respond(new Request(new URL(path, base), { ...init, headers }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (/Max-Age=0/i.test(cookie)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
  return { jar, cookieHeader, send };
}

/** Cookie parsing and `Set-Cookie` strings, in the format PHP's `setcookie()` prints (samples 07, 34, 54). */

/**
 * The first value of each cookie in a Cookie header. Also splits on ",": MSW appends the cookies of
 * its own jar to the header with `Headers.append` (joined by ", "), and WooCommerce's cookie values
 * are urlencoded, so they never contain a comma.
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(/[;,]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export interface CookieOptions {
  /** Seconds; 0 or negative deletes the cookie. */
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
}

/** PHP's format: `name=value; expires=…; Max-Age=…; path=/; HttpOnly`, value urlencoded like PHP. */
export function serializeCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  now = Date.now(),
): string {
  let out = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) {
    // PHP prints Max-Age=0 and an expiry in the past when deleting (sample 54: one hour ago).
    const expires = options.maxAge > 0 ? now + options.maxAge * 1000 : now - 3600 * 1000;
    out += `; expires=${new Date(expires).toUTCString()}; Max-Age=${Math.max(0, options.maxAge)}`;
  }
  out += `; path=${options.path ?? '/'}`;
  if (options.httpOnly) out += '; HttpOnly';
  return out;
}

/** WooCommerce's `wc_setcookie( $name, 0, time() - HOUR_IN_SECONDS )`: what it prints to delete one. */
export function deleteCookie(name: string, now = Date.now()): string {
  return serializeCookie(name, '0', { maxAge: 0 }, now);
}

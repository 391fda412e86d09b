/** Minimal cookie access (the spec's cookies are plain names and values, path '/'). */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

/** A session cookie unless `maxAge` (seconds) is given; `maxAge: 0` deletes it. */
export function writeCookie(
  name: string,
  value: string,
  { path = '/', maxAge }: { path?: string; maxAge?: number } = {},
) {
  let cookie = `${name}=${encodeURIComponent(value)}; path=${path}; SameSite=Lax`;
  if (maxAge !== undefined) cookie += `; max-age=${maxAge}`;
  if (location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

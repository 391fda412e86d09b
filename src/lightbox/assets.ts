/**
 * What the viewer waits for before it opens: its stylesheets and the size of the first image. Each
 * wait has a limit, and no timer or listener outlives what it waits for.
 */

/** The longest the viewer waits for its stylesheets. */
export const STYLESHEET_WAIT_MS = 2000;
/** The longest the viewer waits for the size of an image of unknown size before it opens. */
export const MEASURE_WAIT_MS = 1500;

export interface ImageSize {
  width: number;
  height: number;
}

const loadedSheets = new Map<string, Promise<void>>();

/** Links a stylesheet once and waits for it (a failed or silent one must not block the viewer). */
export function loadStylesheet(href: string): Promise<void> {
  const url = new URL(href, document.baseURI).href;
  let loading = loadedSheets.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve) => {
      const present = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find(
        (link) => link.href === url,
      );
      if (present) return resolve();
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
      const done = () => {
        clearTimeout(timer);
        link.removeEventListener('load', done);
        link.removeEventListener('error', done);
        resolve();
      };
      link.addEventListener('load', done);
      link.addEventListener('error', done);
      // A stylesheet that never answers must not keep the viewer shut.
      const timer = setTimeout(done, STYLESHEET_WAIT_MS);
      document.head.append(link);
    });
    loadedSheets.set(url, loading);
  }
  return loading;
}

/**
 * Natural size of an image (0 × 0 when it fails or has none, e.g. an SVG without width). Aborted,
 * it stops loading the image and never resolves.
 */
export function measure(src: string, signal?: AbortSignal): Promise<ImageSize> {
  return new Promise((resolve) => {
    if (signal?.aborted) return;
    const img = new Image();
    const finish = (size: ImageSize) => {
      stop();
      resolve(size);
    };
    const onLoad = () => finish({ width: img.naturalWidth, height: img.naturalHeight });
    const onError = () => finish({ width: 0, height: 0 });
    const onAbort = () => {
      stop();
      img.removeAttribute('src');
    };
    function stop() {
      img.removeEventListener('load', onLoad);
      img.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
    }
    img.addEventListener('load', onLoad);
    img.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort);
    img.src = src;
  });
}

/** `promise`'s value, or null when it takes longer than `ms` (the timer ends with the wait). */
export function atMost<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Size for a slide whose image size is unknown or failed: the viewport (the error text fits). */
export const viewportSize = (): ImageSize => ({
  width: Math.max(1, document.documentElement.clientWidth || window.innerWidth || 1),
  height: Math.max(1, document.documentElement.clientHeight || window.innerHeight || 1),
});

/** A measured size, or the viewport's when the image has none. */
export const sizeOrViewport = (size: ImageSize): ImageSize =>
  size.width && size.height ? size : viewportSize();

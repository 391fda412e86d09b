import type { RequestHandler } from 'msw';
import { createHandlers } from '../../demo/handlers';

/**
 * The demo store's endpoint handlers (demo/handlers.ts) in single-session mode: in Storybook the
 * browser cannot keep the demo's HttpOnly session cookie, and in Node no cookie jar sends it.
 * Every story gets them by default (`parameters.msw.handlers` in .storybook/preview.tsx); a story
 * that overrides one route lists its own handler first: `[myHandler, ...demoHandlers]`.
 */
export const demoHandlers: RequestHandler[] = createHandlers({ singleSession: true });

/** `parameters.msw` as msw-storybook-addon reads it: an array, or `{ handlers: array | record }`. */
export function handlersOf(parameter: unknown): RequestHandler[] {
  if (Array.isArray(parameter)) return parameter as RequestHandler[];
  if (!parameter || typeof parameter !== 'object' || !('handlers' in parameter)) return [];
  const { handlers } = parameter as { handlers?: unknown };
  if (Array.isArray(handlers)) return handlers as RequestHandler[];
  if (!handlers || typeof handlers !== 'object') return [];
  return Object.values(handlers as Record<string, RequestHandler | RequestHandler[] | undefined>)
    .flat()
    .filter((handler): handler is RequestHandler => Boolean(handler));
}

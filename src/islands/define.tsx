/**
 * `defineIsland(schema, Component)`: what every `widgets/<name>/island.tsx` exports. Runs in the
 * widget's chunk (never in the loader): validates the props with the widget's zod schema, mounts
 * one React root over the fallback and, should the component ever crash, unmounts it and puts the
 * original fallback nodes back so the page keeps working.
 */
import { Component as ReactComponent, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type * as z from 'zod/mini';
import { describeIssue } from '../contract/issue';
import { IslandContainerContext } from './container';
import { restoreFormState, snapshotFormState } from './preserve';
import type { IslandModule, MountResult } from './types';

class Boundary extends ReactComponent<{ onCrash: (error: unknown) => void; children: ReactNode }> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onCrash(error);
  }
  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

/**
 * Runs `swap` (the fallback replaced by the island's markup) without it looking like the shopper
 * left a field: a browser fires `blur` and `focusout` at a focused element it removes (Chromium,
 * synchronously, while the element is still in the page), and a page script checking fields on
 * focusout (the checkout's "%s is a required field.") would complain about the field the shopper
 * has just reached (an `interaction` island mounts because it was focused). Those two events, aimed
 * at the fallback's focused element, stop at the window while the swap runs; the focus then moves to
 * the same field in the mounted markup (restoreFormState), which is what the shopper sees.
 */
function swapQuietly(container: HTMLElement, swap: () => void): void {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !container.contains(focused)) {
    swap();
    return;
  }
  const stop = (event: Event) => {
    if (event.target === focused) event.stopImmediatePropagation();
  };
  window.addEventListener('blur', stop, true);
  window.addEventListener('focusout', stop, true);
  try {
    swap();
  } finally {
    window.removeEventListener('blur', stop, true);
    window.removeEventListener('focusout', stop, true);
  }
}

/** The part of a zod (mini) schema this needs; keeps the props type `P` inferred from it. */
interface PropsSchema<P> {
  safeParse(value: unknown): { success: true; data: P } | { success: false; error: z.core.$ZodError };
}

/**
 * Makes sure the island's stylesheet is on the page before it mounts (no flash, no shift). The
 * plugin normally links it in <head> already; islands added later (fragments, popups) load it here.
 */
function ensureStylesheet(href: string): Promise<void> {
  const url = new URL(href, document.baseURI).href;
  const present = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find(
    (link) => link.href === url,
  );
  if (present && (present.sheet || present.dataset.shopIslandsLoaded)) return Promise.resolve();
  const link = present ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
  return new Promise((resolve) => {
    const done = () => {
      link.dataset.shopIslandsLoaded = '1';
      resolve();
    };
    // A stylesheet that fails to load must not keep the island from working.
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    if (!present) document.head.append(link);
  });
}

export interface IslandOptions {
  /** URL of the widget's stylesheet (`import stylesheet from './x.css?url'`). */
  stylesheet?: string;
  /**
   * The island keeps the server's markup and adds behaviour to it (the checkout: WooCommerce's
   * form, with every extension's fields and payment boxes, stays the form). Its React root lives
   * in an empty element appended to the container; the component reaches the container through
   * `useIslandContainer()`, draws into it with portals, and undoes every change it made to the
   * server's nodes when it unmounts (a crash unmounts it the same way: the form keeps working).
   */
  adopt?: boolean;
}

export function defineIsland<P extends object>(
  schema: PropsSchema<P>,
  Component: ComponentType<P>,
  options: IslandOptions = {},
): IslandModule {
  return {
    async mount(container, rawProps, { name, locate }): Promise<MountResult> {
      const parsed = schema.safeParse(rawProps);
      if (!parsed.success) return { ok: false, ...describeIssue(parsed.error) };
      if (options.stylesheet) await ensureStylesheet(options.stylesheet);
      if (options.adopt) return adoptContainer(container, name, Component, parsed.data);
      const fallback = Array.from(container.childNodes);
      let mounted = true;
      const root = createRoot(container, { identifierPrefix: `${name}-` });
      const restore = (error: unknown) => {
        console.error(`[shop-islands] island "${name}" crashed; its fallback markup is back.`, error);
        queueMicrotask(() => {
          if (!mounted) return;
          mounted = false;
          root.unmount();
          container.replaceChildren(...fallback);
          container.setAttribute('data-island-state', 'failed');
        });
      };
      // What the shopper typed into the fallback, and where the focus was, survive the swap.
      const form = snapshotFormState(container, locate);
      // Synchronous, so the fallback is swapped for the island in one frame: no layout shift.
      swapQuietly(container, () =>
        flushSync(() =>
          root.render(
            <Boundary onCrash={restore}>
              <Component {...parsed.data} />
            </Boundary>,
          ),
        ),
      );
      restoreFormState(container, form, locate);
      return {
        ok: true,
        unmount: () => {
          if (!mounted) return;
          mounted = false;
          root.unmount();
        },
      };
    },
  };
}

/** {@link IslandOptions.adopt}: a root beside the server's nodes, which stay where they are. */
function adoptContainer<P extends object>(
  container: HTMLElement,
  name: string,
  Component: ComponentType<P>,
  props: P,
): MountResult {
  const host = document.createElement('div');
  host.setAttribute('data-island-root', '');
  host.style.display = 'contents';
  container.append(host);
  const root = createRoot(host, { identifierPrefix: `${name}-` });
  let mounted = true;
  const stop = () => {
    if (!mounted) return false;
    mounted = false;
    root.unmount();
    host.remove();
    return true;
  };
  const restore = (error: unknown) => {
    console.error(`[shop-islands] island "${name}" crashed; the server's markup works without it.`, error);
    queueMicrotask(() => {
      if (stop()) container.setAttribute('data-island-state', 'failed');
    });
  };
  flushSync(() =>
    root.render(
      <IslandContainerContext value={container}>
        <Boundary onCrash={restore}>
          <Component {...props} />
        </Boundary>
      </IslandContainerContext>,
    ),
  );
  return { ok: true, unmount: () => void stop() };
}

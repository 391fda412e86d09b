import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../islands/define';
import { startIslands } from '../islands/runtime';
import { islandSrc, testRuntime } from '../test/islands';
import { sanitizedIslandFragment } from './island-html';

const PWNED = '__islandHtmlPwned';

/** The fragment serialised, to compare. */
function html(fragment: DocumentFragment): string {
  const host = document.createElement('div');
  host.append(fragment);
  return host.innerHTML;
}
const clean = (input: string) => html(sanitizedIslandFragment(input));

const container = (props: string, attrs = 'data-island="add-to-cart" data-hydrate="idle"') =>
  `<div ${attrs}><script type="application/json" data-island-props>${props}</script><a href="?add-to-cart=7" class="button">Add</a></div>`;

describe('sanitizedIslandFragment: island containers keep their props', () => {
  it('turns the props script into data-props, as JSON, and keeps the container and its fallback', () => {
    const out = sanitizedIslandFragment(container('{"href":"?add-to-cart=7","label":"Add \\u003c3"}'));
    const el = out.firstElementChild!;
    expect(el.getAttribute('data-props')).toBe('{"href":"?add-to-cart=7","label":"Add <3"}');
    expect(el.getAttribute('data-island')).toBe('add-to-cart');
    expect(el.getAttribute('data-hydrate')).toBe('idle');
    expect(el.innerHTML).toBe('<a href="?add-to-cart=7" class="button">Add</a>');
  });

  it('keeps the chunk URL attribute (the runtime checks where it points)', () => {
    const out = sanitizedIslandFragment(
      container('{}', `data-island="x" data-island-src="${islandSrc('x')}"`),
    );
    expect(out.firstElementChild?.getAttribute('data-island-src')).toBe(islandSrc('x'));
  });

  it('keeps text invalid as JSON as it is (the runtime refuses the island; its fallback stays)', () => {
    const out = sanitizedIslandFragment(container('{"a":'));
    expect(out.firstElementChild?.getAttribute('data-props')).toBe('{"a":');
  });

  it('drops a state copied from a page: an answer container starts afresh', () => {
    const out = sanitizedIslandFragment(container('{}', 'data-island="x" data-island-state="mounted"'));
    expect(out.firstElementChild?.hasAttribute('data-island-state')).toBe(false);
  });

  it('leaves no script at all', () => {
    const out = clean(
      container('{}') +
        '<script>window.__x=1</script><div data-island="y"><script type="module" data-island-props>alert(1)</script></div>',
    );
    expect(out).not.toContain('<script');
    expect(out).toContain('<div data-island="y"></div>');
  });
});

describe('sanitizedIslandFragment: hostile answers', () => {
  it.each([
    // Not the props of a container: removed with their text.
    [
      'a props script outside any container',
      '<div><script type="application/json" data-island-props>{"a":1}</script></div>',
      '<div></div>',
    ],
    [
      'a props script deeper than the container',
      '<div data-island="x"><p><script type="application/json" data-island-props>{"a":1}</script></p></div>',
      '<div data-island="x"><p></p></div>',
    ],
    [
      'a script of another type',
      '<div data-island="x"><script data-island-props>{"a":1}</script></div>',
      '<div data-island="x"></div>',
    ],
    [
      'a script with src',
      '<div data-island="x"><script src="https://evil.example/x.js" data-island-props></script></div>',
      '<div data-island="x"></div>',
    ],
    [
      'a script in an svg',
      '<div data-island="x"><svg><script type="application/json" data-island-props>{}</script></svg></div>',
      '<div data-island="x"></div>',
    ],
  ])('%s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('a props text that closes its script: the rest is markup, and sanitised', () => {
    const out = clean(
      '<div data-island="x"><script type="application/json" data-island-props>{"a":"</script><img src=x onerror="window.__islandHtmlPwned=1">"}</script></div>',
    );
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('<script');
  });

  it('props holding markup stay text in an attribute', () => {
    const out = sanitizedIslandFragment(
      container('{"label":"\\"><img src=x onerror=alert(1)>","html":"<script>alert(1)<\\/script>"}'),
    );
    const el = out.firstElementChild!;
    expect(el.querySelector('img, script')).toBeNull();
    expect(JSON.parse(el.getAttribute('data-props')!)).toEqual({
      label: '"><img src=x onerror=alert(1)>',
      html: '<script>alert(1)</script>',
    });
  });

  it('handlers, javascript: URLs and clobbering names inside islands are removed as anywhere', () => {
    const out = clean(
      '<div data-island="x" onclick="alert(1)"><script type="application/json" data-island-props>{}</script>' +
        '<a href="javascript:alert(1)" onmouseover="alert(1)">a</a><img name="cookie" src="/a.png"></div>',
    );
    expect(out).toBe('<div data-island="x" data-props="{}"><a>a</a><img src="/a.png"></div>');
  });

  it('nothing runs when the result is put into the page', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.append(
      sanitizedIslandFragment(
        container('{"x":"</script><img src=x onerror=\\"window.__islandHtmlPwned=1\\">"}') +
          '<img src="x" onerror="window.__islandHtmlPwned=1"><script>window.__islandHtmlPwned=1</script>',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((window as unknown as Record<string, unknown>)[PWNED]).toBeUndefined();
    host.remove();
  });
});

describe('the runtime mounts the islands of a sanitised answer', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  const Props = z.object({ label: z.string() });
  function Counter({ label }: z.output<typeof Props>) {
    const [count, setCount] = useState(0);
    return createElement(
      'button',
      { type: 'button', onClick: () => setCount((c) => c + 1) },
      `${label}: ${count}`,
    );
  }

  it('an island added with an answer mounts with its props', async () => {
    stop = startIslands(testRuntime({ counter: async () => ({ default: defineIsland(Props, Counter) }) }));
    const grid = document.createElement('div');
    document.body.append(grid);
    grid.append(
      sanitizedIslandFragment(
        `<div data-island="counter" data-island-src="${islandSrc('counter')}" data-hydrate="load">` +
          '<script type="application/json" data-island-props>{"label":"Added"}</script><span>fallback</span></div>',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Added: 0' })).toBeInTheDocument();
    await waitFor(() => expect(grid.firstElementChild).toHaveAttribute('data-island-state', 'mounted'));
  });
});

/** The review's fragments replace regions around a node that must never leave the page (form.ts). */
import { describe, expect, it } from 'vitest';
import { replaceFragments } from './form';

function page(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

const REGION = (label: string, box = '<div class="anchor"></div>') =>
  `<div class="payment" data-v="${label}"><ul><li class="cod">Cash ${label}</li><li class="card"><label>Card ${label}</label><div class="box">${box}<p>after ${label}</p></div></li></ul><button>Place ${label}</button></div>`;

describe('replaceFragments with a kept node', () => {
  it('makes the region the new markup without ever detaching the kept node', () => {
    const root = page(REGION('old'));
    const kept = document.createElement('iframe');
    root.querySelector('.anchor')!.append(kept);
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) removed.push(...Array.from(r.removedNodes));
    });
    observer.observe(root, { childList: true, subtree: true });
    expect(replaceFragments(root, { '.payment': REGION('new') }, [{ node: kept, anchor: '.anchor' }])).toBe(
      1,
    );
    observer.takeRecords().forEach((r) => removed.push(...Array.from(r.removedNodes)));
    observer.disconnect();
    expect(root.querySelector('.payment')!.getAttribute('data-v')).toBe('new');
    expect(root.textContent).toBe('Cash newCard newafter newPlace new');
    expect(root.querySelector('.anchor iframe')).toBe(kept);
    // Neither the node nor any node holding it was ever removed.
    for (let n: Node | null = kept; n && n !== root; n = n.parentNode) expect(removed).not.toContain(n);
  });

  it('a region without a place for the node: replaced, and the node moved into the new anchor', () => {
    const root = page(REGION('old'));
    const kept = document.createElement('span');
    root.querySelector('.anchor')!.append(kept);
    replaceFragments(
      root,
      { '.payment': '<div class="payment"><section><div class="anchor"></div></section></div>' },
      [{ node: kept, anchor: '.anchor' }],
    );
    expect(root.querySelector('section .anchor span')).toBe(kept);
  });

  it('a region where the method is gone: replaced, the node out of the page', () => {
    const root = page(REGION('old'));
    const kept = document.createElement('span');
    root.querySelector('.anchor')!.append(kept);
    replaceFragments(root, { '.payment': '<div class="payment"><p>No methods</p></div>' }, [
      { node: kept, anchor: '.anchor' },
    ]);
    expect(kept.isConnected).toBe(false);
    expect(root.textContent).toBe('No methods');
  });

  it('the new markup is sanitised on the kept path too', () => {
    const root = page(REGION('old'));
    const kept = document.createElement('span');
    root.querySelector('.anchor')!.append(kept);
    replaceFragments(
      root,
      {
        '.payment': REGION(
          'new',
          '<div class="anchor"></div><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        ),
      },
      [{ node: kept, anchor: '.anchor' }],
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(kept.isConnected).toBe(true);
  });
});

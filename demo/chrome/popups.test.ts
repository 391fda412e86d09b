/**
 * The popup demo pages (demo/chrome/popups.ts) through the site: each prints one popups island,
 * hidden, loading at once, whose props the island accepts (widgets/popups/props.ts), with one
 * `<template data-popup-id>` per popup, and says in words what shows its popup.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { validatePopupsProps } from '../../widgets/popups/props';
import type { PopupsProps } from '../../widgets/popups/types';
import { createSite } from '../site';
import { resetStore, store } from '../store';
import { cookieClient } from '../test-client';
import { BOOT_TIPS_LINK_ID, POPUP_DEMOS, POPUP_PAGES } from './popups';

const ORIGIN = 'http://demo.localhost';
const site = createSite({ store });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

beforeEach(() => resetStore());

async function page(path: string, client = cookieClient(ORIGIN, site)) {
  const response = await client.send(path);
  expect(response.status, path).toBe(200);
  return parse(await response.text());
}

function popupsOf(doc: Document): { container: HTMLElement; props: PopupsProps } {
  const containers = doc.querySelectorAll<HTMLElement>('[data-island="popups"]');
  expect(containers).toHaveLength(1);
  const container = containers[0]!;
  const json = container.querySelector(':scope>script[data-island-props]')?.textContent ?? '';
  const result = validatePopupsProps(JSON.parse(json));
  if (!result.ok) throw new Error(`invalid props: ${result.field} ${result.problem}`);
  return { container, props: result.value };
}

describe('popup demo pages', () => {
  it('are the contract’s eight paths', () => {
    expect(Object.keys(POPUP_PAGES).sort()).toEqual(
      [
        '/popups/',
        '/popups/adblock/',
        '/popups/click/',
        '/popups/exit-intent/',
        '/popups/inactivity/',
        '/popups/page-load/',
        '/popups/scrolling-to/',
        '/popups/scrolling/',
      ].sort(),
    );
  });

  for (const [path, demo] of Object.entries(POPUP_DEMOS)) {
    it(`${path} prints one hidden popups island with valid props and a template per popup`, async () => {
      const doc = await page(path);
      const { container, props } = popupsOf(doc);
      expect(container.hidden).toBe(true);
      expect(container.getAttribute('data-hydrate')).toBe('load');
      expect(props.user).toEqual({ logged_in: false, roles: [] });
      expect(props.popups.map((p) => p.id)).toEqual(demo.popups.map((p) => p.config.id));
      for (const popup of props.popups) {
        const template = container.querySelector(`template[data-popup-id="${popup.id}"]`);
        expect(template, `template of popup ${popup.id}`).toBeInstanceOf(HTMLTemplateElement);
        expect((template as HTMLTemplateElement).content.textContent?.trim()).not.toBe('');
      }
      expect(doc.querySelector('h1')?.textContent).toBe(demo.title);
      expect(doc.querySelector('.popup-demo-trigger')?.textContent).toBe(demo.trigger);
      // Long enough to scroll: several sections of text.
      expect(doc.querySelectorAll('.popup-demo-section').length).toBeGreaterThanOrEqual(6);
    });
  }

  it('the trigger pages use their contract triggers', async () => {
    const triggers = async (path: string) => popupsOf(await page(path)).props.popups[0]!.triggers;
    expect(await triggers('/popups/page-load/')).toEqual({ page_load: { delay: 2 } });
    expect(await triggers('/popups/scrolling/')).toEqual({ scrolling: { direction: 'down', offset: 40 } });
    expect(await triggers('/popups/scrolling-to/')).toEqual({
      scrolling_to: { selector: '#reviews-teaser' },
    });
    expect(await triggers('/popups/click/')).toEqual({ click: { times: 3 } });
    expect(await triggers('/popups/inactivity/')).toEqual({ inactivity: { time: 5 } });
    expect(await triggers('/popups/exit-intent/')).toEqual({ exit_intent: true });
    expect(await triggers('/popups/adblock/')).toEqual({ adblock_detection: { delay: 1 } });
    expect(await triggers('/popups/')).toEqual({ open_on_click: { selector: `#${BOOT_TIPS_LINK_ID}` } });
  });

  it('the scrolling-to page has its target, the index its link and links to every demo', async () => {
    expect((await page('/popups/scrolling-to/')).querySelector('#reviews-teaser')).not.toBeNull();
    const index = await page('/popups/');
    expect(index.querySelector(`a#${BOOT_TIPS_LINK_ID}`)?.getAttribute('href')).toBe('#boot-size-tips');
    expect(index.querySelector('#boot-size-tips')).not.toBeNull();
    const links = [...index.querySelectorAll('nav[aria-label="Popup demos"] a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(links).toHaveLength(7);
  });

  it('a logged-in shopper is a customer', async () => {
    const client = cookieClient(ORIGIN, site);
    await page('/popups/', client);
    store.ensureSession(client.cookieHeader()).session.loggedIn = 'demo';
    const { props } = popupsOf(await page('/popups/page-load/', client));
    expect(props.user).toEqual({ logged_in: true, roles: ['customer'] });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_NETWORKS, shareButtonsMarkup } from '../../demo/chrome/contact';
import { locatorOf, resolve } from '../../src/islands/locate';
import type { MountResult } from '../../src/islands/types';
import island from './island';
import { shareUrl, type Network } from './model';

const PAGE = { url: 'https://shop.example/contact/', title: 'Contact us' };
const PROPS = { ...PAGE, networks: CONTACT_NETWORKS };
const context = { name: 'share-buttons', locate: { locatorOf, resolve } };

let container: HTMLElement;
let result: MountResult | null = null;

function serve(networks: readonly Network[] = CONTACT_NETWORKS): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = shareButtonsMarkup(PAGE, networks);
  document.body.append(container);
  return container;
}

async function mount(props: unknown = PROPS, networks?: readonly Network[]) {
  serve(networks);
  result = await island.mount(container, props, context);
  return result;
}

const link = (name: RegExp | string) => screen.getByRole('link', { name });

beforeEach(() => {
  vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  if (result?.ok) result.unmount();
  result = null;
  container?.remove();
  Reflect.deleteProperty(navigator, 'share');
});

describe('share-buttons island', () => {
  it('a network link opens its share URL in a centred 600×500 popup (noopener) instead of leaving', async () => {
    await mount();
    const facebook = link(/^Share on Facebook/);
    const event = fireEvent.click(facebook);
    expect(event).toBe(false); // default prevented: the page stays
    expect(window.open).toHaveBeenCalledTimes(1);
    const [url, target, features] = vi.mocked(window.open).mock.calls[0]!;
    expect(url).toBe(shareUrl('facebook', PAGE));
    expect(target).toBe('_blank');
    expect(features).toMatch(/^popup,width=\d+,height=\d+,left=\d+,top=\d+,noopener$/);
  });

  it.each<Network>(['x', 'linkedin', 'pinterest', 'whatsapp', 'telegram', 'reddit'])(
    '%s opens a popup',
    async (network) => {
      await mount();
      fireEvent.click(container.querySelector(`[data-network="${network}"]`)!);
      expect(vi.mocked(window.open).mock.calls[0]![0]).toBe(shareUrl(network, PAGE));
    },
  );

  it('the popup links say they open a new window; email and print do not', async () => {
    await mount();
    // jsdom's name computation drops the space a browser keeps before the note.
    expect(link(/^Share on Facebook ?\(opens in a new window\)$/)).toBeInTheDocument();
    expect(link(/^Share on X ?\(opens in a new window\)$/)).toBeInTheDocument();
    expect(link('Share by email')).toHaveAttribute('href', shareUrl('email', PAGE));
    expect(screen.getByRole('button', { name: 'Print this page' })).toBeVisible();
  });

  it('a click with a modifier or the middle button is the browser’s (new tab…)', async () => {
    await mount();
    const facebook = link(/^Share on Facebook/);
    expect(fireEvent.click(facebook, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(facebook, { metaKey: true })).toBe(true);
    expect(fireEvent.click(facebook, { shiftKey: true })).toBe(true);
    expect(fireEvent.click(facebook, { button: 1 })).toBe(true);
    expect(window.open).not.toHaveBeenCalled();
  });

  it('email keeps its mailto: link', async () => {
    await mount();
    const email = link('Share by email');
    // jsdom does not navigate; the island leaves the click alone.
    expect(fireEvent.click(email)).toBe(true);
    expect(window.open).not.toHaveBeenCalled();
  });

  it('print (shown once mounted) prints the page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    serve();
    const item = container.querySelector('[data-network="print"]')!.closest('li')!;
    expect(item.hidden).toBe(true);
    result = await island.mount(container, PROPS, context);
    expect(item.hidden).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Print this page' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('no native share button where the browser has no navigator.share', async () => {
    await mount();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('with navigator.share: a "Share" button opening the share sheet with the title and URL', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { share });
    await mount({ ...PROPS, nativeLabel: 'Share' });
    const list = container.querySelector('ul')!;
    const button = within(list).getByRole('button', { name: 'Share' });
    expect(list.lastElementChild).toBe(button.closest('li'));
    await userEvent.click(button);
    expect(share).toHaveBeenCalledWith({ title: 'Contact us', url: 'https://shop.example/contact/' });
  });

  it('closing the share sheet (AbortError) or a refusal is not an error', async () => {
    const error = vi.spyOn(console, 'error');
    const share = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'))
      .mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'))
      .mockImplementationOnce(() => {
        throw new TypeError('bad data');
      });
    Object.assign(navigator, { share });
    await mount({ ...PROPS, nativeLabel: 'Share this page' });
    const button = screen.getByRole('button', { name: 'Share this page' });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.click(button);
    expect(share).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();
  });

  it('networks left out of the props are left to the browser', async () => {
    await mount({ ...PROPS, networks: ['email'] });
    expect(fireEvent.click(link('Share on Facebook'))).toBe(true);
    expect(window.open).not.toHaveBeenCalled();
    expect(container.querySelector('[data-network="print"]')!.closest('li')!.hidden).toBe(true);
  });

  it('unmounted: every change undone, the links work as the server made them', async () => {
    Object.assign(navigator, { share: vi.fn(() => Promise.resolve()) });
    serve();
    const before = container.innerHTML;
    const mounted = await island.mount(container, PROPS, context);
    expect(container.innerHTML).not.toBe(before);
    if (!mounted.ok) throw new Error('not mounted');
    mounted.unmount();
    mounted.unmount();
    expect(container.innerHTML).toBe(before);
    expect(fireEvent.click(link('Share on Facebook'))).toBe(true);
    expect(window.open).not.toHaveBeenCalled();
  });

  it.each([
    [{ ...PROPS, url: 'javascript:alert(1)' }, 'url'],
    [{ ...PROPS, networks: ['facebook', 'friendster'] }, 'networks.1'],
    [{ ...PROPS, title: null }, 'title'],
    [null, '(root)'],
  ])('refuses invalid props (%#) naming %s; the markup stays untouched', async (props, field) => {
    serve();
    const before = container.innerHTML;
    expect(await island.mount(container, props, context)).toMatchObject({ ok: false, field });
    expect(container.innerHTML).toBe(before);
  });

  it('refuses a container without the list', async () => {
    container = document.createElement('div');
    expect(await island.mount(container, PROPS, context)).toMatchObject({ ok: false, field: '(markup)' });
  });
});

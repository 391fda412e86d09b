import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { closeLightbox, isLightboxOpen } from '../../src/lightbox/open';
import { SiteLightbox } from './SiteLightbox';

// jsdom has no matchMedia (PhotoSwipe asks for prefers-reduced-motion).
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  closeLightbox();
  vi.unstubAllGlobals();
  document.querySelectorAll('.pswp').forEach((element) => element.remove());
});

/** A page with a link to an image file (the size comes from an image title of known size). */
function renderPage() {
  return render(
    <div>
      <a href="/img/kit-bag.svg" data-elementor-lightbox-title="Kit bag">
        <img src="/img/kit-bag-thumb.svg" alt="Kit bag" width={120} height={120} />
      </a>
      <SiteLightbox label="Image viewer" />
    </div>,
  );
}
const link = () => screen.getByRole('link', { name: 'Kit bag' });

/** Clicks nobody prevented: the browser would have followed the link. */
function followedClicks(): { list: string[]; stop: () => void } {
  const list: string[] = [];
  const listener = (event: MouseEvent) => {
    if (!event.defaultPrevented)
      list.push((event.target as Element).closest('a')?.getAttribute('href') ?? '');
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  return { list, stop: () => document.removeEventListener('click', listener) };
}

describe('SiteLightbox', () => {
  test('a click on a link to an image opens the viewer; unmounted, the island closes it', async () => {
    const view = renderPage();
    await userEvent.click(link());
    expect(
      await screen.findByRole('dialog', { name: 'Image viewer' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    view.unmount();
    await waitFor(() => expect(isLightboxOpen()).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('unmounted while the viewer loads: it never opens', async () => {
    const view = renderPage();
    await userEvent.click(link());
    view.unmount();
    // Longer than the viewer can take to open: at most 2 s for its stylesheets (jsdom loads none),
    // then 1.5 s for the size of an image of unknown size.
    await new Promise((resolve) => setTimeout(resolve, 3800));
    expect(isLightboxOpen()).toBe(false);
    expect(document.querySelector('.pswp')).toBeNull();
  });

  test('unmounted: a click on the link is the browser’s again', async () => {
    const view = renderPage();
    view.unmount();
    document.body.insertAdjacentHTML('beforeend', '<a href="/img/ball.svg">Ball</a>');
    const followed = followedClicks();
    await userEvent.click(screen.getByRole('link', { name: 'Ball' }));
    followed.stop();
    expect(followed.list).toEqual(['/img/ball.svg']);
    expect(isLightboxOpen()).toBe(false);
    document.body.lastElementChild?.remove();
  });
});

import { describe, expect, test } from 'vitest';
import {
  captionOf,
  COUNTER_SEPARATOR,
  galleryHash,
  hashWithoutGallery,
  idleDelay,
  IDLE_MS,
  IDLE_OUTSIDE_MS,
  parseGalleryHash,
  shareLinks,
} from './model';

describe('constants (§9)', () => {
  test('idle time-outs and the counter separator', () => {
    expect(IDLE_MS).toBe(4000);
    expect(IDLE_OUTSIDE_MS).toBe(1000);
    expect(idleDelay(false)).toBe(4000);
    expect(idleDelay(true)).toBe(1000);
    expect(COUNTER_SEPARATOR).toBe(' / ');
  });
});

describe('parseGalleryHash', () => {
  test.each([
    ['#&gid=1&pid=2', { gid: '1', pid: 2 }],
    ['&gid=1&pid=2', { gid: '1', pid: 2 }],
    ['#gid=1&pid=1', { gid: '1', pid: 1 }],
    ['#reviews&gid=1&pid=3', { gid: '1', pid: 3 }],
    ['#&pid=4&gid=2', { gid: '2', pid: 4 }],
    ['#&gid=main-gallery&pid=10', { gid: 'main-gallery', pid: 10 }],
    ['#&gid=1&pid=2&x=y', { gid: '1', pid: 2 }],
    ['#&gid=%31&pid=2', { gid: '1', pid: 2 }],
  ])('%s', (hash, expected) => expect(parseGalleryHash(hash)).toEqual(expected));

  test.each([
    '',
    '#',
    '#reviews',
    '#&gid=1',
    '#&pid=2',
    '#&gid=&pid=2',
    '#&gid=1&pid=0',
    '#&gid=1&pid=-1',
    '#&gid=1&pid=2.5',
    '#&gid=1&pid=abc',
    '#&gid=1&pid=',
    '#&gid=1&pid=99999999999999999999',
    '#&gid=%E0%A4%A&pid=2',
  ])('%s is not a gallery hash', (hash) => expect(parseGalleryHash(hash)).toBeNull());
});

describe('galleryHash and hashWithoutGallery', () => {
  test("PhotoSwipe 4's form, after what was there", () => {
    expect(galleryHash('', '1', 2)).toBe('#&gid=1&pid=2');
    expect(galleryHash('#', '1', 1)).toBe('#&gid=1&pid=1');
    expect(galleryHash('#&gid=1&pid=2', '1', 3)).toBe('#&gid=1&pid=3');
    expect(galleryHash('#reviews', '1', 2)).toBe('#reviews&gid=1&pid=2');
    expect(galleryHash('#reviews&gid=1&pid=2', '1', 4)).toBe('#reviews&gid=1&pid=4');
    expect(galleryHash('', 'a b', 1)).toBe('#&gid=a%20b&pid=1');
  });
  test('round trip', () => {
    expect(parseGalleryHash(galleryHash('#tab-reviews', '7', 5))).toEqual({ gid: '7', pid: 5 });
  });
  test('without the gallery part', () => {
    expect(hashWithoutGallery('#&gid=1&pid=2')).toBe('');
    expect(hashWithoutGallery('&gid=1&pid=2')).toBe('');
    expect(hashWithoutGallery('#reviews&gid=1&pid=2')).toBe('#reviews');
    expect(hashWithoutGallery('#reviews')).toBe('#reviews');
    expect(hashWithoutGallery('')).toBe('');
    expect(hashWithoutGallery('#a&b=c&pid=1')).toBe('#a&b=c');
  });
});

describe('captionOf (§2.5)', () => {
  test('the caption, else the title', () => {
    expect(captionOf({ caption: 'Side view', title: 'Boots' })).toBe('Side view');
    expect(captionOf({ caption: '', title: 'Boots' })).toBe('Boots');
    expect(captionOf({ caption: '   ', title: ' Boots ' })).toBe('Boots');
    expect(captionOf({})).toBe('');
  });
});

describe('shareLinks (§2.6)', () => {
  test.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>'])(
    'an image URL %j gets no Download link (the others keep it out of their own URLs, encoded)',
    (imageUrl) => {
      const hostile = shareLinks('https://shop.test/p/', imageUrl, 'Boots');
      expect(hostile.map((link) => link.id)).toEqual(['facebook', 'twitter', 'pinterest']);
      for (const link of hostile) expect(link.href).toMatch(/^https:\/\//);
    },
  );

  const links = shareLinks('https://shop.test/p/#&gid=1&pid=2', 'https://shop.test/a b.jpg', 'Boots & more');
  test('social network, tweet, pin and download, in order', () => {
    expect(links.map((l) => l.label)).toEqual(['Share on Facebook', 'Tweet', 'Pin it', 'Download image']);
  });
  test('URLs encode the page (with its hash), the image and the text', () => {
    expect(links[0]!.href).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.test%2Fp%2F%23%26gid%3D1%26pid%3D2',
    );
    expect(links[1]!.href).toBe(
      'https://twitter.com/intent/tweet?text=Boots%20%26%20more&url=https%3A%2F%2Fshop.test%2Fp%2F%23%26gid%3D1%26pid%3D2',
    );
    expect(links[2]!.href).toContain('media=https%3A%2F%2Fshop.test%2Fa%20b.jpg');
    expect(links[2]!.href).toContain('description=Boots%20%26%20more');
    expect(links[3]).toEqual({
      id: 'download',
      label: 'Download image',
      href: 'https://shop.test/a b.jpg',
      download: true,
    });
    expect(links.slice(0, 3).every((l) => !l.download)).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import {
  decodeBase64Json,
  IMAGE_EXTENSIONS,
  isElementorActionHref,
  isImageUrl,
  lightboxActionSettings,
  lightboxImageOf,
  parseElementorAction,
  startIndex,
  type LinkInfo,
} from './model';

const BASE = 'https://shop.test/page/';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('isImageUrl (§2.6)', () => {
  test('the seven types', () =>
    expect(IMAGE_EXTENSIONS).toEqual(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif']));
  test.each([
    '/a.png',
    'a.jpg',
    'https://cdn.test/x/y.jpeg',
    '/a.GIF',
    '/a.Svg',
    '/a.webp?w=300',
    '/a.avif#frag',
    '/a.JPG?x=1&y=2#z',
    '//cdn.test/a.png',
    ' /a.png ',
    '/my%20photo.png',
  ])('%s is an image', (href) => expect(isImageUrl(href, BASE)).toBe(true));
  test.each([
    '/a.pdf',
    '/a.png.html',
    '/a.png/',
    '/page?img=a.png',
    '/page#a.png',
    'mailto:a@b.png',
    'javascript:alert(1)//.png',
    'data:image/png;base64,AAAA',
    '',
    'http://[bad',
    '/apng',
  ])('%s is not', (href) => expect(isImageUrl(href, BASE)).toBe(false));
});

describe('lightboxImageOf', () => {
  const link = (over: Partial<LinkInfo>): LinkInfo => ({
    tag: 'a',
    href: '/a.png',
    openLightbox: null,
    download: false,
    imageSrc: null,
    ...over,
  });
  test('a link to an image: its absolute URL', () => {
    expect(lightboxImageOf(link({}), BASE)).toBe('https://shop.test/a.png');
    expect(lightboxImageOf(link({ openLightbox: 'yes' }), BASE)).toBe('https://shop.test/a.png');
  });
  test('opted out, downloads, other links and links without href: null', () => {
    expect(lightboxImageOf(link({ openLightbox: 'no' }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ openLightbox: ' NO ' }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ download: true }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ href: '/page/' }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ href: '/page/', openLightbox: 'yes' }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ href: null }), BASE)).toBeNull();
  });
  test('a marked element: its image', () => {
    const img = { tag: 'img', href: null, imageSrc: '/b.webp' };
    expect(lightboxImageOf(link({ ...img, openLightbox: 'yes' }), BASE)).toBe('https://shop.test/b.webp');
    expect(lightboxImageOf(link({ ...img }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ ...img, openLightbox: 'yes', imageSrc: null }), BASE)).toBeNull();
    expect(lightboxImageOf(link({ ...img, openLightbox: 'yes', imageSrc: '/page/' }), BASE)).toBeNull();
  });
});

describe('decodeBase64Json', () => {
  test('standard, URL-safe, unpadded, with whitespace, UTF-8', () => {
    expect(decodeBase64Json(b64({ a: 1 }))).toEqual({ a: 1 });
    const unicode = { title: 'Fußball – ⚽ ?>' };
    const std = b64(unicode);
    expect(decodeBase64Json(std)).toEqual(unicode);
    expect(decodeBase64Json(std.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toEqual(unicode);
    expect(decodeBase64Json(` ${std.slice(0, 4)}\n${std.slice(4)} `)).toEqual(unicode);
  });
  test.each([
    ['', 'not base64'],
    ['!!!', 'not base64'],
    ['abcde', 'not base64'],
    [Buffer.from('not json').toString('base64'), 'not JSON'],
    [Buffer.from([0xff, 0xfe, 0x7b]).toString('base64'), 'not UTF-8'],
  ])('%s: %s', (text, problem) => expect(() => decodeBase64Json(text)).toThrow(problem));
});

describe('parseElementorAction', () => {
  const settings = { type: 'image', url: '/a.png', title: 'A', description: 'D' };
  test('an action link and its settings', () => {
    expect(parseElementorAction(`#elementor-action:action=lightbox&settings=${b64(settings)}`)).toEqual({
      ok: true,
      action: 'lightbox',
      settings,
    });
  });
  test('%-encoded, as Elementor also matches', () => {
    const href = encodeURIComponent(`#elementor-action:action=lightbox&settings=${b64(settings)}`);
    expect(href.startsWith('%23elementor-action')).toBe(true);
    expect(parseElementorAction(href)).toMatchObject({ ok: true, action: 'lightbox', settings });
  });
  test('other actions and no settings', () => {
    expect(parseElementorAction('#elementor-action:action=popup:open&settings=' + b64({ id: 3 }))).toEqual({
      ok: true,
      action: 'popup:open',
      settings: { id: 3 },
    });
    expect(parseElementorAction('#elementor-action:action=lightbox')).toEqual({
      ok: true,
      action: 'lightbox',
      settings: {},
    });
  });
  test('not action links: null', () => {
    expect(parseElementorAction('#reviews')).toBeNull();
    expect(parseElementorAction('/page#elementor-action:action=lightbox')).toBeNull();
    expect(parseElementorAction('')).toBeNull();
  });
  test('bad links: what is wrong', () => {
    expect(parseElementorAction('#elementor-action:action=lightbox&settings=not*base64')).toEqual({
      ok: false,
      action: 'lightbox',
      problem: 'the settings are not base64',
    });
    expect(
      parseElementorAction(
        `#elementor-action:action=lightbox&settings=${Buffer.from('{').toString('base64')}`,
      ),
    ).toMatchObject({
      ok: false,
      problem: 'the settings are not JSON',
    });
    expect(parseElementorAction('#elementor-action:settings=abcd')).toMatchObject({
      ok: false,
      action: null,
    });
    expect(parseElementorAction('#elementor-action:action=<x>')).toMatchObject({ ok: false, action: null });
    expect(parseElementorAction('%23elementor-action%E0%A4%A')).toMatchObject({ ok: false });
  });
  test('isElementorActionHref', () => {
    expect(isElementorActionHref('#elementor-action:action=x')).toBe(true);
    expect(isElementorActionHref(' %23elementor-action%3A')).toBe(true);
    expect(isElementorActionHref('#elementor')).toBe(false);
  });
});

describe('lightboxActionSettings', () => {
  test('url required; title, description, slideshow optional', () => {
    expect(
      lightboxActionSettings({ url: '/a.png', title: 'T', description: 'D', slideshow: 'abc' }, BASE),
    ).toEqual({
      url: 'https://shop.test/a.png',
      title: 'T',
      description: 'D',
      slideshow: 'abc',
    });
    expect(lightboxActionSettings({ url: 'https://x.test/b.jpg', slideshow: 12 }, BASE)).toEqual({
      url: 'https://x.test/b.jpg',
      title: '',
      description: '',
      slideshow: '12',
    });
  });
  test.each([
    null,
    'x',
    3,
    [],
    {},
    { url: '' },
    { url: 5 },
    { url: 'javascript:alert(1)' },
    { url: 'http://[x' },
  ])('%j is unusable', (value) => expect(lightboxActionSettings(value, BASE)).toBeNull());
});

test('startIndex', () => {
  expect(startIndex(['a', 'b', 'c'], 'b')).toBe(1);
  expect(startIndex(['a'], 'z')).toBe(0);
  expect(startIndex([], 'z')).toBe(0);
});

import { describe, expect, it } from 'vitest';
import {
  absoluteHttpUrl,
  checkProps,
  isModifiedClick,
  NETWORKS,
  popupFeatures,
  shareUrl,
  type Network,
} from './model';

const PAGE = { url: 'https://shop.example/contact/?a=1&b=2#top', title: 'Contact us & more' };
const U = encodeURIComponent(PAGE.url);
const T = encodeURIComponent(PAGE.title);

describe('shareUrl', () => {
  it.each<[Network, string | null]>([
    ['facebook', `https://www.facebook.com/sharer/sharer.php?u=${U}`],
    ['x', `https://x.com/intent/tweet?url=${U}&text=${T}`],
    ['linkedin', `https://www.linkedin.com/sharing/share-offsite/?url=${U}`],
    ['pinterest', `https://www.pinterest.com/pin/create/button/?url=${U}&description=${T}`],
    ['whatsapp', `https://wa.me/?text=${encodeURIComponent(`${PAGE.title} ${PAGE.url}`)}`],
    ['telegram', `https://t.me/share/url?url=${U}&text=${T}`],
    ['reddit', `https://www.reddit.com/submit?url=${U}&title=${T}`],
    ['email', `mailto:?subject=${T}&body=${U}`],
    ['print', null],
  ])('%s', (network, expected) => {
    expect(shareUrl(network, PAGE)).toBe(expected);
  });

  it('encodes the page URL so it round-trips as one parameter', () => {
    const facebook = new URL(shareUrl('facebook', PAGE)!);
    expect(facebook.searchParams.get('u')).toBe(PAGE.url);
    const x = new URL(shareUrl('x', PAGE)!);
    expect(x.searchParams.get('url')).toBe(PAGE.url);
    expect(x.searchParams.get('text')).toBe(PAGE.title);
  });

  it('WhatsApp with no title sends the URL alone', () => {
    expect(shareUrl('whatsapp', { url: PAGE.url, title: '' })).toBe(`https://wa.me/?text=${U}`);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/contact/', '//evil.example/', 'mailto:a@b.c', ''])(
    'refuses the page URL %j for every network',
    (url) => {
      for (const network of NETWORKS) expect(shareUrl(network, { url, title: 'x' })).toBeNull();
    },
  );
});

describe('absoluteHttpUrl', () => {
  it.each([
    ['https://shop.example/a b', 'https://shop.example/a%20b'],
    ['http://shop.example', 'http://shop.example/'],
    [' https://shop.example/ ', 'https://shop.example/'],
    ['java\tscript:alert(1)', null],
    ['ftp://shop.example/', null],
    [42, null],
  ])('%j → %j', (value, expected) => expect(absoluteHttpUrl(value)).toBe(expected));
});

describe('popupFeatures', () => {
  it('600×500 centred on the window, noopener', () => {
    expect(
      popupFeatures({
        screenX: 100,
        screenY: 50,
        outerWidth: 1280,
        outerHeight: 800,
        availWidth: 1920,
        availHeight: 1080,
      }),
    ).toBe('popup,width=600,height=500,left=440,top=200,noopener');
  });

  it('no larger than the screen, never off its top-left', () => {
    expect(
      popupFeatures({
        screenX: 0,
        screenY: 0,
        outerWidth: 320,
        outerHeight: 568,
        availWidth: 320,
        availHeight: 568,
      }),
    ).toBe('popup,width=320,height=500,left=0,top=34,noopener');
    expect(
      popupFeatures({
        screenX: -50,
        screenY: 0,
        outerWidth: 100,
        outerHeight: 100,
        availWidth: 0,
        availHeight: 0,
      }),
    ).toBe('popup,width=600,height=500,left=0,top=0,noopener');
  });
});

describe('isModifiedClick', () => {
  const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
  it.each([
    [plain, false],
    [{ ...plain, button: 1 }, true],
    [{ ...plain, ctrlKey: true }, true],
    [{ ...plain, metaKey: true }, true],
    [{ ...plain, shiftKey: true }, true],
    [{ ...plain, altKey: true }, true],
  ])('%j → %s', (event, expected) => expect(isModifiedClick(event)).toBe(expected));
});

describe('checkProps', () => {
  const VALID = { url: PAGE.url, title: PAGE.title, networks: ['facebook', 'email', 'print'] };

  it('accepts the contract, with the default native label', () => {
    expect(checkProps(VALID)).toEqual({
      ok: true,
      props: { ...VALID, nativeLabel: 'Share' },
    });
    expect(checkProps({ ...VALID, nativeLabel: 'Share this page' })).toMatchObject({
      ok: true,
      props: { nativeLabel: 'Share this page' },
    });
  });

  it('reads PHP’s absence (null, false) as the default label; drops repeated networks', () => {
    expect(checkProps({ ...VALID, nativeLabel: null })).toMatchObject({ props: { nativeLabel: 'Share' } });
    expect(checkProps({ ...VALID, nativeLabel: false })).toMatchObject({ props: { nativeLabel: 'Share' } });
    expect(checkProps({ ...VALID, networks: ['x', 'x'] })).toMatchObject({ props: { networks: ['x'] } });
  });

  it.each([
    [null, '(root)'],
    [[], '(root)'],
    [{ ...VALID, url: 'javascript:alert(1)' }, 'url'],
    [{ ...VALID, url: '/contact/' }, 'url'],
    [{ ...VALID, url: undefined }, 'url'],
    [{ ...VALID, title: 3 }, 'title'],
    [{ ...VALID, networks: 'facebook' }, 'networks'],
    [{ ...VALID, networks: ['facebook', 'myspace'] }, 'networks.1'],
    [{ ...VALID, nativeLabel: '' }, 'nativeLabel'],
    [{ ...VALID, nativeLabel: 7 }, 'nativeLabel'],
  ])('refuses %j, naming %s', (raw, field) => {
    expect(checkProps(raw)).toMatchObject({ ok: false, field });
  });
});

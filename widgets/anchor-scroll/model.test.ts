import { describe, expect, it } from 'vitest';
import {
  ANCHOR_SCROLL,
  isPlainClick,
  isSamePage,
  isValidAnchor,
  readAnchorScrollProps,
  scrollTopFor,
} from './model';
import { AnchorScrollPropsSchema } from './schema';

describe('isValidAnchor (§5: "#", then a letter or "_", then word characters or "-")', () => {
  it.each([
    ['#running', true],
    ['#Tennis', true],
    ['#_private', true],
    ['#a', true],
    ['#section-2_b', true],
    ['#a-', true],
    ['#', false],
    ['', false],
    ['running', false],
    ['#1abc', false],
    ['#1-top', false],
    ['#-top', false],
    ['#a b', false],
    ['#a.b', false],
    ['#a:b', false],
    ['#"><img src=x onerror=alert(1)>', false],
    ["#a'],body", false],
    ['#café', false],
    ['#caf%C3%A9', false],
    ['##a', false],
    ['#a\n', false],
    ['#a/b', false],
  ])('%j → %s', (hash, valid) => {
    expect(isValidAnchor(hash)).toBe(valid);
  });

  it('is false for what is not a string', () => {
    expect(isValidAnchor(null as unknown as string)).toBe(false);
    expect(isValidAnchor(42 as unknown as string)).toBe(false);
  });
});

describe('scrollTopFor: the target 80 px below the top', () => {
  it.each([
    // target top in the viewport, scrollY, offset, scroll to
    [500, 0, 80, 420],
    [500, 1000, 80, 1420],
    [-300, 1000, 80, 620],
    [40, 0, 80, 0],
    [500.6, 0, 80, 421],
    [500, 0, 0, 500],
    [Number.NaN, 0, 80, 0],
  ])('top %s, scrollY %s, offset %s → %s', (top, scrollY, offset, to) => {
    expect(scrollTopFor(top, scrollY, offset)).toBe(to);
  });
});

describe('isPlainClick', () => {
  const plain = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
  };
  it.each([
    [{}, true],
    [{ button: 1 }, false],
    [{ metaKey: true }, false],
    [{ ctrlKey: true }, false],
    [{ shiftKey: true }, false],
    [{ altKey: true }, false],
    [{ defaultPrevented: true }, false],
  ])('%j → %s', (change, yes) => {
    expect(isPlainClick({ ...plain, ...change })).toBe(yes);
  });
});

describe('isSamePage', () => {
  it.each([
    ['https://shop.test/lookbook/#running', 'https://shop.test/lookbook/', true],
    ['https://shop.test/lookbook/#running', 'https://shop.test/lookbook/#tennis', true],
    ['https://shop.test/lookbook/?a=1#running', 'https://shop.test/lookbook/', false],
    ['https://shop.test/other/#running', 'https://shop.test/lookbook/', false],
    ['https://evil.test/lookbook/#running', 'https://shop.test/lookbook/', false],
  ])('%s on %s → %s', (link, page, same) => {
    expect(isSamePage(link, page)).toBe(same);
  });
});

describe('readAnchorScrollProps (by hand) agrees with AnchorScrollPropsSchema (zod, for the docs)', () => {
  it.each([
    [{}, { offset: 80 }],
    [{ offset: 80 }, { offset: 80 }],
    [{ offset: 0 }, { offset: 0 }],
    [{ offset: 120.5 }, { offset: 120.5 }],
    [{ offset: '96' }, { offset: 96 }],
    [{ offset: null }, { offset: 80 }],
    [{ offset: false }, { offset: 80 }],
    [{ offset: [] }, { offset: 80 }],
    [{ offset: 1000 }, { offset: 1000 }],
    [{ offset: 80, other: 'ignored' }, { offset: 80 }],
  ])('takes %j as %j', (raw, value) => {
    expect(readAnchorScrollProps(raw)).toEqual({ ok: true, value });
    expect(AnchorScrollPropsSchema.parse(raw)).toEqual(value);
  });

  it.each([
    [{ offset: -1 }, 'offset'],
    [{ offset: 1001 }, 'offset'],
    [{ offset: 'lots' }, 'offset'],
    [{ offset: '1e3' }, 'offset'],
    [{ offset: Number.NaN }, 'offset'],
    [{ offset: {} }, 'offset'],
    [{ offset: true }, 'offset'],
  ])('refuses %j, naming %s', (raw, field) => {
    const result = readAnchorScrollProps(raw);
    expect(result).toMatchObject({ ok: false, field });
    expect(AnchorScrollPropsSchema.safeParse(raw).success).toBe(false);
  });

  it('takes no props (an empty container) as the defaults, and refuses a list or a string', () => {
    expect(readAnchorScrollProps(undefined)).toEqual({ ok: true, value: { offset: ANCHOR_SCROLL.offset } });
    expect(readAnchorScrollProps([])).toEqual({ ok: true, value: { offset: 80 } });
    expect(readAnchorScrollProps(['x'])).toMatchObject({ ok: false });
    expect(readAnchorScrollProps('80')).toMatchObject({ ok: false });
  });
});

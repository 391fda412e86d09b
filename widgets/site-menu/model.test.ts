import { describe, expect, it } from 'vitest';
import {
  checkProps,
  DEFAULT_PROPS,
  formatLabel,
  itemName,
  linkClickAction,
  MOBILE_MAX_WIDTH,
  TOUCH_MIN_WIDTH,
  viewportMode,
} from './model';

describe('viewportMode (§9: mobile up to 767 px)', () => {
  it.each([
    [320, 'mobile'],
    [390, 'mobile'],
    [767, 'mobile'],
    [768, 'desktop'],
    [992, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%i px → %s', (width, mode) => {
    expect(viewportMode(width)).toBe(mode);
  });

  it('uses the spec’s breakpoints', () => {
    expect(MOBILE_MAX_WIDTH).toBe(767);
    expect(TOUCH_MIN_WIDTH).toBe(992);
  });
});

describe('linkClickAction (§9: menu touch behaviour above 992 px)', () => {
  it.each([
    // width, pointer, open → action
    [1200, 'touch', false, 'open'],
    [1200, 'touch', true, 'follow'],
    [993, 'touch', false, 'open'],
    [992, 'touch', false, 'follow'],
    [800, 'touch', false, 'follow'],
    [1200, 'mouse', false, 'follow'],
    [1200, 'pen', false, 'follow'],
    [1200, '', false, 'follow'],
  ] as const)('%i px, %j pointer, open %s → %s', (width, pointerType, open, action) => {
    expect(linkClickAction({ width, pointerType, open })).toBe(action);
  });

  it('a touch’s first tap opens, the second follows', () => {
    let open = false;
    const tap = () => linkClickAction({ width: 1200, pointerType: 'touch', open });
    expect(tap()).toBe('open');
    open = true;
    expect(tap()).toBe('follow');
  });
});

describe('labels', () => {
  it.each([
    ['Show submenu for %s', 'Shop', 'Show submenu for Shop'],
    ['%s: sub-menu', 'My account', 'My account: sub-menu'],
    ['Open %s ($&)', 'Boots', 'Open Boots ($&)'],
    ['Show submenu for %s', '$1 deals', 'Show submenu for $1 deals'],
  ])('formatLabel(%j, %j) → %j', (template, name, label) => {
    expect(formatLabel(template, name)).toBe(label);
  });

  it('an item’s name is its text with white space collapsed', () => {
    expect(itemName('\n  My\n   account \t')).toBe('My account');
  });
});

describe('checkProps', () => {
  it('defaults every label', () => {
    expect(checkProps({})).toEqual({ ok: true, props: DEFAULT_PROPS });
    expect(DEFAULT_PROPS).toEqual({
      toggleLabel: 'Menu',
      closeLabel: 'Close menu',
      subMenuLabel: 'Show submenu for %s',
    });
  });

  it('keeps the printed labels', () => {
    const props = { toggleLabel: 'Menü', closeLabel: 'Menü schließen', subMenuLabel: 'Untermenü für %s' };
    expect(checkProps(props)).toEqual({ ok: true, props });
  });

  it.each([
    [null, '(root)'],
    [[], '(root)'],
    ['Menu', '(root)'],
    [{ toggleLabel: 3 }, 'toggleLabel'],
    [{ closeLabel: '  ' }, 'closeLabel'],
    [{ subMenuLabel: 'Show submenu' }, 'subMenuLabel'],
    [{ subMenuLabel: ['%s'] }, 'subMenuLabel'],
  ])('refuses %j (field %s)', (raw, field) => {
    expect(checkProps(raw)).toMatchObject({ ok: false, field });
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { currentDevice, deviceOf, isStuck, parseStickyProps } from './model';
import { StickyPropsSchema } from './schema';

describe('deviceOf (§9 Layout breakpoints)', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [2400, 'desktop'],
  ] as const)('%i px is %s', (width, device) => expect(deviceOf(width)).toBe(device));
});

describe('currentDevice (the media queries of the §9 breakpoints)', () => {
  const at = (width: number) => (query: string) => width <= Number(/max-width: (\d+)px/.exec(query)![1]);
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
  ] as const)('%i px is %s', (width, device) => expect(currentDevice(at(width))).toBe(device));
});

describe('isStuck', () => {
  it.each([
    [100, 80, false],
    [80, 80, false],
    [79.5, 80, true],
    [-500, 0, true],
    [0, 0, false],
  ])('sentinel at %d with offset %d → %s', (top, offset, stuck) => expect(isStuck(top, offset)).toBe(stuck));
});

describe('parseStickyProps, held to the documented schema', () => {
  const cases: [string, unknown, { offset: number; on: string[] } | string][] = [
    ['defaults', {}, { offset: 0, on: ['desktop', 'tablet', 'mobile'] }],
    [
      "PHP's null means the default",
      { offset: null, on: null },
      { offset: 0, on: ['desktop', 'tablet', 'mobile'] },
    ],
    ['an offset and devices', { offset: 80, on: ['desktop'] }, { offset: 80, on: ['desktop'] }],
    ['repeated devices once', { on: ['mobile', 'mobile'] }, { offset: 0, on: ['mobile'] }],
    ['not an object', 'sticky', '(props)'],
    ['an array', [], '(props)'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['a huge offset', { offset: 401 }, 'offset'],
    ['an offset PHP printed as text', { offset: '80' }, { offset: 80, on: ['desktop', 'tablet', 'mobile'] }],
    [
      "PHP's [] and false mean the default",
      { offset: false, on: [] },
      { offset: 0, on: ['desktop', 'tablet', 'mobile'] },
    ],
    ['an offset that is not a number', { offset: 'top' }, 'offset'],
    ['an infinite offset', { offset: Infinity }, 'offset'],
    ['an unknown device', { on: ['watch'] }, 'on'],
    ['devices not a list', { on: 'desktop' }, 'on'],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    const parsed = parseStickyProps(raw);
    if (typeof expected === 'string') {
      expect(parsed).toMatchObject({ ok: false, field: expected });
      // The documented schema refuses it too.
      expect(StickyPropsSchema.safeParse(raw).success).toBe(false);
    } else {
      expect(parsed).toEqual({ ok: true, value: expected });
      const zod = StickyPropsSchema.safeParse(raw);
      expect(zod.success && { offset: zod.data.offset, on: [...new Set(zod.data.on)] }).toEqual(expected);
    }
  });

  it('the schema is a zod object (the integrators’ guide reads it)', () => {
    expect(StickyPropsSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});

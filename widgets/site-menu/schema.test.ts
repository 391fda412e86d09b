import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkProps, DEFAULT_PROPS } from './model';
import { SiteMenuPropsSchema } from './schema';

describe('checkProps, held to the documented schema', () => {
  // [name, props, the labels read from them, or the field the checker names]
  const cases: [string, unknown, Record<string, string> | string][] = [
    ['no props: the defaults', {}, DEFAULT_PROPS],
    ["PHP's null: the defaults", { toggleLabel: null, closeLabel: null, subMenuLabel: null }, DEFAULT_PROPS],
    [
      'every label',
      { toggleLabel: 'Navigation', closeLabel: 'Close', subMenuLabel: 'Open %s' },
      { toggleLabel: 'Navigation', closeLabel: 'Close', subMenuLabel: 'Open %s' },
    ],
    ['the toggle’s text only', { toggleLabel: 'Menú' }, { ...DEFAULT_PROPS, toggleLabel: 'Menú' }],
    ['%s alone', { subMenuLabel: '%s' }, { ...DEFAULT_PROPS, subMenuLabel: '%s' }],
    ['unknown keys (left out)', { toggleLabel: 'Menu', extra: 1 }, DEFAULT_PROPS],
    ['not an object', null, '(root)'],
    ['text', 'Menu', '(root)'],
    ['a list', [], '(root)'],
    ['an empty toggle label', { toggleLabel: '' }, 'toggleLabel'],
    ['a blank close label', { closeLabel: ' \n\u00a0' }, 'closeLabel'],
    ['a label that is a number', { toggleLabel: 3 }, 'toggleLabel'],
    ["PHP's false", { closeLabel: false }, 'closeLabel'],
    ["PHP's empty array", { toggleLabel: [] }, 'toggleLabel'],
    ['a sub-menu label without %s', { subMenuLabel: 'Show submenu' }, 'subMenuLabel'],
    ['a blank sub-menu label', { subMenuLabel: '  ' }, 'subMenuLabel'],
    ['a sub-menu label as a list', { subMenuLabel: ['%s'] }, 'subMenuLabel'],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    const checked = checkProps(raw);
    const parsed = SiteMenuPropsSchema.safeParse(raw);
    if (typeof expected === 'string') {
      expect(checked).toMatchObject({ ok: false, field: expected });
      // The documented schema refuses it too, at the same prop (the props themselves for '(root)').
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path.join('.') || '(root)').toBe(expected);
    } else {
      expect(checked).toEqual({ ok: true, props: expected });
      expect(parsed.success && parsed.data).toEqual(expected);
    }
  });

  it('the schema is a zod object (the integrators’ guide reads it)', () => {
    expect(SiteMenuPropsSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkProps, DEFAULT_NATIVE_LABEL, NETWORKS } from './model';
import { ShareButtonsPropsSchema } from './schema';

const HREF = 'https://shop.example/product/boots/';
const page = { url: HREF, title: 'Boots', networks: ['facebook', 'x', 'email', 'print'] };

describe('checkProps, held to the documented schema', () => {
  // [name, props, what is read from them, or the field the checker names]
  const cases: [string, unknown, Record<string, unknown> | string][] = [
    ['what the shortcode prints', page, { ...page, nativeLabel: DEFAULT_NATIVE_LABEL }],
    [
      'every network and a label',
      {
        ...page,
        networks: [...NETWORKS],
        nativeLabel: 'Share…',
      },
      {
        ...page,
        networks: [...NETWORKS],
        nativeLabel: 'Share…',
      },
    ],
    [
      'an http URL, an empty title',
      { ...page, url: 'http://shop.example/', title: '' },
      { ...page, url: 'http://shop.example/', title: '', nativeLabel: DEFAULT_NATIVE_LABEL },
    ],
    ['no networks', { ...page, networks: [] }, { ...page, networks: [], nativeLabel: DEFAULT_NATIVE_LABEL }],
    [
      'a network twice (once)',
      { ...page, networks: ['x', 'x'] },
      { ...page, networks: ['x'], nativeLabel: DEFAULT_NATIVE_LABEL },
    ],
    [
      "PHP's null label: the default",
      { ...page, nativeLabel: null },
      { ...page, nativeLabel: DEFAULT_NATIVE_LABEL },
    ],
    [
      "PHP's false label: the default",
      { ...page, nativeLabel: false },
      { ...page, nativeLabel: DEFAULT_NATIVE_LABEL },
    ],
    ['unknown keys (left out)', { ...page, extra: 1 }, { ...page, nativeLabel: DEFAULT_NATIVE_LABEL }],
    ['not an object', null, '(root)'],
    ['a list', [page], '(root)'],
    ["PHP's empty array", [], '(root)'],
    ['no url', { ...page, url: undefined }, 'url'],
    ['a relative url', { ...page, url: '/product/boots/' }, 'url'],
    ['a javascript: url', { ...page, url: 'javascript:alert(1)' }, 'url'],
    ['a mailto: url', { ...page, url: 'mailto:a@b.example' }, 'url'],
    ['a url that does not parse', { ...page, url: 'https://' }, 'url'],
    ['a url null', { ...page, url: null }, 'url'],
    ['no title', { ...page, title: undefined }, 'title'],
    ['a title that is a number', { ...page, title: 42 }, 'title'],
    ['a title false', { ...page, title: false }, 'title'],
    ['networks not a list', { ...page, networks: 'facebook' }, 'networks'],
    ['networks null', { ...page, networks: null }, 'networks'],
    ['an unknown network', { ...page, networks: ['facebook', 'myspace'] }, 'networks.1'],
    ['a network in capitals', { ...page, networks: ['Facebook'] }, 'networks.0'],
    ['an empty label', { ...page, nativeLabel: '' }, 'nativeLabel'],
    ['a blank label', { ...page, nativeLabel: ' \u00a0' }, 'nativeLabel'],
    ["PHP's empty array as the label", { ...page, nativeLabel: [] }, 'nativeLabel'],
    ['a label that is a number', { ...page, nativeLabel: 1 }, 'nativeLabel'],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    const checked = checkProps(raw);
    const parsed = ShareButtonsPropsSchema.safeParse(raw);
    if (typeof expected === 'string') {
      expect(checked).toMatchObject({ ok: false, field: expected });
      // The documented schema refuses it too, at the same prop (the props themselves for '(root)').
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path.join('.') || '(root)').toBe(expected);
    } else {
      expect(checked).toEqual({ ok: true, props: expected });
      // The checker counts a repeated network once; the schema lists what was printed.
      expect(parsed.success && { ...parsed.data, networks: [...new Set(parsed.data.networks)] }).toEqual(
        expected,
      );
    }
  });

  it('the schema is a zod object (the integrators’ guide reads it)', () => {
    expect(ShareButtonsPropsSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});

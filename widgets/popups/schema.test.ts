import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { MAX_STRING, validatePopupsProps } from './props';
import { PopupsPropsSchema, type PopupsProps } from './schema';
import { full } from './test-fixtures';

/** The full props with the value at `path` (`popups.0.timing.url`) replaced; `undefined` deletes the key. */
function withValue(path: string, value: unknown): unknown {
  const props = structuredClone(full()) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let node = props;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return props;
}

/** A zod issue's path as the hand checker names fields: `popups[0].timing.url.url`. */
const fieldOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (field, key) =>
      typeof key === 'number' ? `${field}[${key}]` : field ? `${field}.${String(key)}` : String(key),
    '',
  );

/** Whether two fields are the same, or one is inside the other ('' and 'props' are the props themselves). */
const related = (a: string, b: string): boolean =>
  [a, b].some((field) => field === '' || field === 'props') ||
  a === b ||
  [`${b}.`, `${b}[`].some((start) => a.startsWith(start)) ||
  [`${a}.`, `${a}[`].some((start) => b.startsWith(start));

describe('validatePopupsProps, held to the documented schema', () => {
  // [name, props, the field the checker names (refused) or null (accepted)]
  const cases: [string, unknown, string | null][] = [
    ['every key', full(), null],
    ['no popups', { popups: [], user: { logged_in: false, roles: [] } }, null],
    [
      'unknown keys (left out)',
      { ...full(), extra: 1, user: { logged_in: true, roles: [], extra: 2 } },
      null,
    ],
    [
      'no conditions, no triggers, no settings',
      withValue('popups.0', { id: 1, title: 'A', timing: {}, triggers: {}, display: {} }),
      null,
    ],
    ['empty lists', withValue('popups.0.timing', { sources: [], devices: [], browsers: [] }), null],
    [
      'a url that is no regular expression',
      withValue('popups.0.timing.url', { url: '(', action: 'hide', regex: false }),
      null,
    ],
    ['an empty url', withValue('popups.0.timing.url', { url: '', action: 'show', regex: true }), null],
    ['a schedule with neither end', withValue('popups.0.timing.schedule.start', null), null],
    [
      'an offset of -1440 minutes',
      withValue('popups.0.timing.schedule.site_utc_offset_minutes', -1440),
      null,
    ],
    ['a title of 2,000 characters', withValue('popups.0.title', 'a'.repeat(MAX_STRING)), null],
    ['a delay of 0', withValue('popups.0.triggers.page_load', { delay: 0 }), null],
    ['the same roles twice', withValue('user.roles', ['customer', 'customer']), null],
    ['not an object', null, 'props'],
    ['a list', [full()], 'props'],
    ["PHP's empty array", [], 'props'],
    ['no user', withValue('user', undefined), 'user'],
    ['no popups key', withValue('popups', undefined), 'popups'],
    ['popups not a list', withValue('popups', { 0: full().popups[0] }), 'popups'],
    ['an id of 0', withValue('popups.0.id', 0), 'popups[0].id'],
    ['a fractional id', withValue('popups.0.id', 1.5), 'popups[0].id'],
    ['an id printed as text', withValue('popups.0.id', '12'), 'popups[0].id'],
    ['an id beyond safe integers', withValue('popups.0.id', 2 ** 53), 'popups[0].id'],
    ['the same id twice', withValue('popups.1.id', 12), 'popups[1].id'],
    ['no title', withValue('popups.0.title', undefined), 'popups[0].title'],
    ['an empty title', withValue('popups.0.title', ''), 'popups[0].title'],
    ['a blank title', withValue('popups.0.title', ' \n\u00a0'), 'popups[0].title'],
    [
      'a title of 2,001 characters',
      withValue('popups.0.title', 'a'.repeat(MAX_STRING + 1)),
      'popups[0].title',
    ],
    ['timing null', withValue('popups.0.timing', null), 'popups[0].timing'],
    ["timing PHP's empty array", withValue('popups.0.timing', []), 'popups[0].timing'],
    ['no triggers', withValue('popups.0.triggers', undefined), 'popups[0].triggers'],
    ['display false', withValue('popups.0.display', false), 'popups[0].display'],
    ['page_views null', withValue('popups.0.timing.page_views', null), 'popups[0].timing.page_views'],
    ['page_views negative', withValue('popups.0.timing.page_views', -1), 'popups[0].timing.page_views'],
    ['sessions printed as text', withValue('popups.0.timing.sessions', '2'), 'popups[0].timing.sessions'],
    [
      'an unknown url action',
      withValue('popups.0.timing.url.action', 'maybe'),
      'popups[0].timing.url.action',
    ],
    ['an unknown source', withValue('popups.0.timing.sources', ['social']), 'popups[0].timing.sources[0]'],
    ['sources not a list', withValue('popups.0.timing.sources', 'search'), 'popups[0].timing.sources'],
    [
      'unknown users',
      withValue('popups.0.timing.logged_in.users', 'some'),
      'popups[0].timing.logged_in.users',
    ],
    [
      'a role that is not text',
      withValue('popups.0.timing.logged_in.roles', [1]),
      'popups[0].timing.logged_in.roles[0]',
    ],
    ['an unknown device', withValue('popups.0.timing.devices', ['watch']), 'popups[0].timing.devices[0]'],
    [
      'an unknown browser',
      withValue('popups.0.timing.browsers', ['netscape']),
      'popups[0].timing.browsers[0]',
    ],
    ['times.count 0', withValue('popups.0.timing.times.count', 0), 'popups[0].timing.times.count'],
    ['an unknown period', withValue('popups.0.timing.times.period', 'year'), 'popups[0].timing.times.period'],
    [
      'a start that is a number',
      withValue('popups.0.timing.schedule.start', 5),
      'popups[0].timing.schedule.start',
    ],
    [
      'no server time',
      withValue('popups.0.timing.schedule.server_datetime', undefined),
      'popups[0].timing.schedule.server_datetime',
    ],
    [
      'an offset over a day',
      withValue('popups.0.timing.schedule.site_utc_offset_minutes', 1441),
      'popups[0].timing.schedule.site_utc_offset_minutes',
    ],
    [
      'a negative delay',
      withValue('popups.0.triggers.page_load.delay', -1),
      'popups[0].triggers.page_load.delay',
    ],
    [
      'an endless delay',
      withValue('popups.0.triggers.adblock_detection.delay', Infinity),
      'popups[0].triggers.adblock_detection.delay',
    ],
    [
      'a time of NaN',
      withValue('popups.0.triggers.inactivity.time', NaN),
      'popups[0].triggers.inactivity.time',
    ],
    [
      'scrolling left',
      withValue('popups.0.triggers.scrolling.direction', 'left'),
      'popups[0].triggers.scrolling.direction',
    ],
    [
      'no scrolling offset',
      withValue('popups.0.triggers.scrolling.offset', undefined),
      'popups[0].triggers.scrolling.offset',
    ],
    [
      'an empty selector',
      withValue('popups.0.triggers.scrolling_to.selector', ''),
      'popups[0].triggers.scrolling_to.selector',
    ],
    [
      'a blank selector',
      withValue('popups.0.triggers.open_on_click.selector', '  '),
      'popups[0].triggers.open_on_click.selector',
    ],
    [
      'exit_intent false',
      withValue('popups.0.triggers.exit_intent', false),
      'popups[0].triggers.exit_intent',
    ],
    [
      'click times as text',
      withValue('popups.0.triggers.click.times', '3'),
      'popups[0].triggers.click.times',
    ],
    [
      'a setting as "yes"',
      withValue('popups.0.display.do_not_show_again', 'yes'),
      'popups[0].display.do_not_show_again',
    ],
    [
      'a close delay null',
      withValue('popups.0.display.close_button_delay', null),
      'popups[0].display.close_button_delay',
    ],
    ['logged_in as 1', withValue('user.logged_in', 1), 'user.logged_in'],
    ['user roles not a list', withValue('user.roles', 'customer'), 'user.roles'],
  ];

  it.each(cases)('%s', (_name, raw, field) => {
    const checked = validatePopupsProps(raw);
    const parsed = PopupsPropsSchema.safeParse(raw);
    if (field === null) {
      expect(checked.ok).toBe(true);
      expect(parsed.success).toBe(true);
      // Both keep the described keys only.
      expect(parsed.data).toEqual(checked.ok && checked.value);
    } else {
      expect(checked).toMatchObject({ ok: false, field });
      // The documented schema refuses it too, at that field, one around it or one inside it.
      expect(parsed.success).toBe(false);
      expect(related(fieldOf(parsed.error!.issues[0]!.path), field)).toBe(true);
    }
  });

  // A referrer pattern JavaScript cannot compile (the plugin checks them with PHP's preg) drops that popup
  // alone: both leave it out and keep the others.
  it.each([
    ['an invalid regular expression', '(unclosed'],
    ['a PCRE-only regular expression', '(?i)facebook'],
  ])('%s leaves that popup out, the others stay', (_name, pattern) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const raw = withValue('popups.0.timing.url.url', pattern);
      const checked = validatePopupsProps(raw);
      const parsed = PopupsPropsSchema.safeParse(raw);
      expect(checked.ok && checked.value.popups.map(({ id }) => id)).toEqual([13]);
      expect(parsed.data).toEqual(checked.ok && checked.value);
      // Still one id per popup, the left-out one's included.
      const twice = withValue('popups.1.id', 12);
      (twice as PopupsProps).popups[0]!.timing.url!.url = pattern;
      expect(validatePopupsProps(twice)).toMatchObject({ ok: false, field: 'popups[1].id' });
      expect(PopupsPropsSchema.safeParse(twice).success).toBe(false);
    } finally {
      warn.mockRestore();
    }
  });

  it('the schema is a zod object (the integrators’ guide reads it)', () => {
    expect(PopupsPropsSchema).toBeInstanceOf(z.ZodMiniObject);
  });
});

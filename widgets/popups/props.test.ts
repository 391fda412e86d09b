import { describe, expect, it, vi } from 'vitest';
import { MAX_STRING, validatePopupsProps } from './props.ts';
import { full } from './test-fixtures';
import type { PopupsProps } from './types.ts';

type Json = Record<string, unknown>;
/** A full props object with one value replaced (`undefined` deletes the key), by path. */
function withValue(path: string, value: unknown): unknown {
  const props = structuredClone(full()) as unknown as Json;
  const keys = path.split('.');
  let node: Json = props;
  for (const key of keys.slice(0, -1)) node = node[key] as Json;
  const last = keys[keys.length - 1]!;
  if (value === undefined) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return props;
}

describe('validatePopupsProps', () => {
  it('accepts the full contract shape and returns it unchanged', () => {
    expect(validatePopupsProps(full())).toEqual({ ok: true, value: full() });
  });

  it('accepts no popups', () => {
    expect(validatePopupsProps({ popups: [], user: { logged_in: false, roles: [] } }).ok).toBe(true);
  });

  it('ignores unknown keys and leaves them out', () => {
    const raw = withValue('popups.0.timing.extra', 'x') as Json;
    (raw as { extra?: unknown }).extra = 1;
    ((raw.popups as Json[])[1]!.display as Json).colour = 'red';
    const result = validatePopupsProps(raw);
    expect(result).toEqual({ ok: true, value: full() });
  });

  it('does not let __proto__ through', () => {
    const raw = JSON.parse(
      '{"popups":[{"id":1,"title":"A","timing":{"__proto__":{"page_views":9}},"triggers":{},"display":{}}],' +
        '"user":{"logged_in":false,"roles":[],"__proto__":{"logged_in":true}}}',
    );
    const result = validatePopupsProps(raw);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.popups[0]!.timing.page_views).toBeUndefined();
    expect(Object.keys(result.value.popups[0]!.timing)).toEqual([]);
    expect(({} as Json).page_views).toBeUndefined();
  });

  it('accepts a regex url that compiles and a plain url that would not', () => {
    expect(
      validatePopupsProps(withValue('popups.0.timing.url', { url: '(', action: 'hide', regex: false })).ok,
    ).toBe(true);
  });

  it.each([['2025-02-30 10:00'], ['whenever'], ['']])(
    'leaves schedule dates like %j to the model',
    (start) => {
      expect(validatePopupsProps(withValue('popups.0.timing.schedule.start', start)).ok).toBe(true);
    },
  );

  const long = 'x'.repeat(MAX_STRING + 1);
  it.each<[string, unknown, string]>([
    // top level
    ['props', null, 'props'],
    ['props', [], 'props'],
    ['props', 'popups', 'props'],
    ['popups', undefined, 'popups'],
    ['popups', {}, 'popups'],
    ['popups', null, 'popups'],
    ['user', undefined, 'user'],
    ['user.logged_in', 'yes', 'user.logged_in'],
    ['user.roles', 'customer', 'user.roles'],
    ['user.roles', ['customer', 5], 'user.roles[1]'],
    ['user.roles', [long], 'user.roles[0]'],
    // popup
    ['popups.1', null, 'popups[1]'],
    ['popups.1', [], 'popups[1]'],
    ['popups.0.id', 0, 'popups[0].id'],
    ['popups.0.id', -1, 'popups[0].id'],
    ['popups.0.id', 1.5, 'popups[0].id'],
    ['popups.0.id', '12', 'popups[0].id'],
    ['popups.0.id', 2 ** 53, 'popups[0].id'],
    ['popups.0.id', undefined, 'popups[0].id'],
    ['popups.1.id', 12, 'popups[1].id'],
    ['popups.0.title', '', 'popups[0].title'],
    ['popups.0.title', '   ', 'popups[0].title'],
    ['popups.0.title', long, 'popups[0].title'],
    ['popups.0.title', 5, 'popups[0].title'],
    ['popups.0.timing', undefined, 'popups[0].timing'],
    ['popups.0.timing', null, 'popups[0].timing'],
    ['popups.0.triggers', [], 'popups[0].triggers'],
    ['popups.0.display', 'none', 'popups[0].display'],
    // timing
    ['popups.0.timing.page_views', -1, 'popups[0].timing.page_views'],
    ['popups.0.timing.page_views', '2', 'popups[0].timing.page_views'],
    ['popups.0.timing.page_views', null, 'popups[0].timing.page_views'],
    ['popups.0.timing.sessions', Number.NaN, 'popups[0].timing.sessions'],
    ['popups.0.timing.sessions', Infinity, 'popups[0].timing.sessions'],
    ['popups.0.timing.url', 'facebook.com', 'popups[0].timing.url'],
    ['popups.0.timing.url.url', 5, 'popups[0].timing.url.url'],
    ['popups.0.timing.url.url', long, 'popups[0].timing.url.url'],
    ['popups.0.timing.url.action', 'redirect', 'popups[0].timing.url.action'],
    ['popups.0.timing.url.regex', 'true', 'popups[0].timing.url.regex'],
    ['popups.0.timing.url.regex', undefined, 'popups[0].timing.url.regex'],
    ['popups.0.timing.sources', 'search', 'popups[0].timing.sources'],
    ['popups.0.timing.sources', ['social'], 'popups[0].timing.sources[0]'],
    ['popups.0.timing.logged_in.users', 'some', 'popups[0].timing.logged_in.users'],
    ['popups.0.timing.logged_in.roles', [null], 'popups[0].timing.logged_in.roles[0]'],
    ['popups.0.timing.devices', ['phone'], 'popups[0].timing.devices[0]'],
    ['popups.0.timing.browsers', ['chrome', 'brave'], 'popups[0].timing.browsers[1]'],
    ['popups.0.timing.times.count', 0, 'popups[0].timing.times.count'],
    ['popups.0.timing.times.count', 1.5, 'popups[0].timing.times.count'],
    ['popups.0.timing.times.count', '3', 'popups[0].timing.times.count'],
    ['popups.0.timing.times.period', 'year', 'popups[0].timing.times.period'],
    ['popups.0.timing.times.period', undefined, 'popups[0].timing.times.period'],
    ['popups.0.timing.schedule.timezone', 'UTC', 'popups[0].timing.schedule.timezone'],
    ['popups.0.timing.schedule.start', 20250601, 'popups[0].timing.schedule.start'],
    ['popups.0.timing.schedule.end', undefined, 'popups[0].timing.schedule.end'],
    ['popups.0.timing.schedule.end', long, 'popups[0].timing.schedule.end'],
    ['popups.0.timing.schedule.server_datetime', null, 'popups[0].timing.schedule.server_datetime'],
    [
      'popups.0.timing.schedule.site_utc_offset_minutes',
      '60',
      'popups[0].timing.schedule.site_utc_offset_minutes',
    ],
    [
      'popups.0.timing.schedule.site_utc_offset_minutes',
      1441,
      'popups[0].timing.schedule.site_utc_offset_minutes',
    ],
    [
      'popups.0.timing.schedule.site_utc_offset_minutes',
      NaN,
      'popups[0].timing.schedule.site_utc_offset_minutes',
    ],
    // triggers
    ['popups.0.triggers.page_load', 2, 'popups[0].triggers.page_load'],
    ['popups.0.triggers.page_load.delay', -1, 'popups[0].triggers.page_load.delay'],
    ['popups.0.triggers.scrolling.direction', 'left', 'popups[0].triggers.scrolling.direction'],
    ['popups.0.triggers.scrolling.offset', '50%', 'popups[0].triggers.scrolling.offset'],
    ['popups.0.triggers.scrolling_to.selector', '', 'popups[0].triggers.scrolling_to.selector'],
    ['popups.0.triggers.scrolling_to.selector', ' ', 'popups[0].triggers.scrolling_to.selector'],
    ['popups.0.triggers.scrolling_to.selector', ['#a'], 'popups[0].triggers.scrolling_to.selector'],
    ['popups.0.triggers.scrolling_to.selector', long, 'popups[0].triggers.scrolling_to.selector'],
    ['popups.0.triggers.click.times', -3, 'popups[0].triggers.click.times'],
    ['popups.0.triggers.inactivity.time', null, 'popups[0].triggers.inactivity.time'],
    ['popups.0.triggers.exit_intent', false, 'popups[0].triggers.exit_intent'],
    ['popups.0.triggers.exit_intent', 'yes', 'popups[0].triggers.exit_intent'],
    ['popups.0.triggers.exit_intent', {}, 'popups[0].triggers.exit_intent'],
    ['popups.0.triggers.adblock_detection.delay', Infinity, 'popups[0].triggers.adblock_detection.delay'],
    ['popups.0.triggers.open_on_click.selector', 5, 'popups[0].triggers.open_on_click.selector'],
    // display
    ['popups.0.display.avoid_multiple_popups', 1, 'popups[0].display.avoid_multiple_popups'],
    ['popups.0.display.close_button_delay', -0.5, 'popups[0].display.close_button_delay'],
    ['popups.0.display.close_automatically', '10', 'popups[0].display.close_automatically'],
    [
      'popups.0.display.prevent_close_on_background_click',
      'false',
      'popups[0].display.prevent_close_on_background_click',
    ],
    ['popups.0.display.prevent_close_on_esc_key', null, 'popups[0].display.prevent_close_on_esc_key'],
    ['popups.0.display.do_not_show_again', 0, 'popups[0].display.do_not_show_again'],
  ])('%s = %j → refused at %s', (path, value, field) => {
    const raw = path === 'props' ? value : withValue(path, value);
    const result = validatePopupsProps(raw);
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.problem).toMatch(/^(must|is) /);
  });

  it('explains a duplicate id', () => {
    expect(validatePopupsProps(withValue('popups.1.id', 12))).toEqual({
      ok: false,
      field: 'popups[1].id',
      problem: 'must be unique',
    });
  });

  it.each([
    ['does not compile', '(unclosed'],
    ['has a reversed range', '[z-a]'],
    ['is PHP’s only (PCRE inline flags)', '(?i)facebook'],
  ])('leaves out alone a popup whose referrer regex %s, with a warning naming it', (_why, pattern) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const result = validatePopupsProps(withValue('popups.0.timing.url.url', pattern));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.popups.map(({ id }) => id)).toEqual([13]);
      expect(result.value.popups[0]).toEqual(full().popups[1]);
      expect(warn).toHaveBeenCalledOnce();
      expect(warn.mock.calls[0]![0]).toMatch(/popup 12 .*not a valid JavaScript regular expression/);
      expect(warn.mock.calls[0]![1]).toBeInstanceOf(SyntaxError);
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps a popup whose url is no regex, and a regex that compiles, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const plain = validatePopupsProps(
        withValue('popups.0.timing.url', { url: '(?i)facebook', action: 'show', regex: false }),
      );
      expect(plain.ok && plain.value.popups.map(({ id }) => id)).toEqual([12, 13]);
      const compiled = validatePopupsProps(full());
      expect(compiled.ok && compiled.value.popups.map(({ id }) => id)).toEqual([12, 13]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('still refuses the whole island for anything else in a popup whose regex is left out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const raw = withValue('popups.0.timing.url.url', '(a') as PopupsProps;
      (raw.popups[0] as unknown as Record<string, unknown>).title = '';
      expect(validatePopupsProps(raw)).toMatchObject({ ok: false, field: 'popups[0].title' });
      const twice = withValue('popups.1.id', 12) as PopupsProps;
      twice.popups[0]!.timing.url!.url = '(a';
      expect(validatePopupsProps(twice)).toEqual({
        ok: false,
        field: 'popups[1].id',
        problem: 'must be unique',
      });
    } finally {
      warn.mockRestore();
    }
  });

  it('accepts strings of exactly the maximum length', () => {
    expect(validatePopupsProps(withValue('popups.0.title', 'x'.repeat(MAX_STRING))).ok).toBe(true);
  });

  it.each([
    'popups.0.timing.url',
    'popups.0.triggers.open_on_click',
    'popups.0.display.do_not_show_again',
    'popups.0.timing.schedule.start', // start: null is the contract's; a missing one is refused below
  ])('treats %s as optional (or not)', (path) => {
    expect(validatePopupsProps(withValue(path, undefined)).ok).toBe(!path.endsWith('.start'));
  });

  it('refuses rather than throws on getters that throw or odd objects', () => {
    const hostile = {
      get popups(): never {
        throw new Error('boom');
      },
      user: { logged_in: false, roles: [] },
    };
    expect(validatePopupsProps(hostile)).toEqual({ ok: false, field: 'props', problem: 'could not be read' });
    expect(validatePopupsProps(new Date(0))).toMatchObject({ ok: false, field: 'popups' });
  });
});

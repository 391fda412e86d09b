/**
 * Validator for the `popups` island props (the engine must not import zod): a descriptor of the contract's
 * shape (`PROPS`) walked by one generic function, so that it stays small in the engine's chunk (issue #16).
 * Strict on types: a wrong type, a missing required key, a bad enum value, a non-finite or negative number, a
 * string over 2,000 characters, an empty selector or a duplicate id refuses the whole island
 * (`{ ok: false, field, problem }`). Unknown keys are ignored and left out of `value`. `null` is only
 * accepted where the contract allows it (schedule start/end). A popup whose `timing.url` regex does not
 * compile in JavaScript is left out alone, with a console warning: the plugin checks patterns with PHP's
 * preg, which accepts some that JavaScript refuses (`(?i)facebook`), and the page's other popups still work.
 *
 * Descriptors: an object = an object with these keys (all required; all optional when it has the key `'?'`);
 * `[d]` = an array of `d`; a string with `|` = one of these strings; any other string = a value type of
 * `TYPES`.
 */
import type { PopupsProps } from './types.ts';

export const MAX_STRING = 2000;

type Descriptor = string | [Descriptor] | { [key: string]: Descriptor };

const string = (v: unknown, nonEmpty?: boolean): boolean =>
  typeof v === 'string' && v.length <= MAX_STRING && (!nonEmpty || !!v.trim());
const STRING = `a string of ≤ ${MAX_STRING} characters`;

/** Value types: what passes, and what the value must be. */
const TYPES: Record<string, [(v: unknown) => boolean, string]> = {
  s: [(v) => string(v), STRING],
  S: [(v) => string(v, true), `a non-empty ${STRING}`],
  z: [(v) => v === null || string(v), `null or ${STRING}`],
  n: [(v) => typeof v === 'number' && v >= 0 && v < Infinity, 'a finite number ≥ 0'],
  b: [(v) => typeof v === 'boolean', 'a boolean'],
  t: [(v) => v === true, 'true'],
  // Ids and times.count.
  i: [(v) => Number.isSafeInteger(v) && (v as number) > 0, 'a positive integer'],
  m: [(v) => typeof v === 'number' && Math.abs(v) <= 1440, 'minutes within ±1440'],
};

const DELAY = { delay: 'n' };
const SELECTOR = { selector: 'S' };

const PROPS: Descriptor = {
  popups: [
    {
      id: 'i',
      title: 'S',
      timing: {
        '?': '',
        page_views: 'n',
        sessions: 'n',
        url: { url: 's', action: 'show|hide', regex: 'b' },
        sources: ['internal|external|search'],
        logged_in: { users: 'all|custom', roles: ['s'] },
        devices: ['desktop|tablet|mobile'],
        browsers: ['chrome|firefox|safari|edge|ie|opera'],
        times: { count: 'i', period: 'day|week|month|session' },
        schedule: {
          timezone: 'site|visitor',
          start: 'z',
          end: 'z',
          server_datetime: 's',
          site_utc_offset_minutes: 'm',
        },
      },
      triggers: {
        '?': '',
        page_load: DELAY,
        scrolling: { direction: 'down|up', offset: 'n' },
        scrolling_to: SELECTOR,
        click: { times: 'n' },
        inactivity: { time: 'n' },
        exit_intent: 't',
        adblock_detection: DELAY,
        open_on_click: SELECTOR,
      },
      display: {
        '?': '',
        avoid_multiple_popups: 'b',
        close_button_delay: 'n',
        close_automatically: 'n',
        prevent_close_on_background_click: 'b',
        prevent_close_on_esc_key: 'b',
        do_not_show_again: 'b',
      },
    },
  ],
  user: { logged_in: 'b', roles: ['s'] },
};

interface Refusal {
  field: string;
  problem: string;
}
let lastRefusal: Refusal | undefined;

const refuse = (field: string, problem: string): never => {
  throw (lastRefusal = { field, problem });
};

/** `v` checked against `d` (at `field`): a copy holding only the described keys. */
function walk(d: Descriptor, v: unknown, field: string): unknown {
  const mustBe = (what: string) => refuse(field, `must be ${what}`);
  if (typeof d === 'string') {
    const [passes, what] = TYPES[d] ?? [(x: unknown) => d.split('|').includes(x as string), `one of ${d}`];
    return passes(v) ? v : mustBe(what);
  }
  if (Array.isArray(d))
    return Array.isArray(v) ? v.map((item, i) => walk(d[0], item, `${field}[${i}]`)) : mustBe('an array');
  if (typeof v !== 'object' || !v || Array.isArray(v)) return mustBe('an object');
  const out: Record<string, unknown> = {};
  for (const key in d) {
    const at = field ? `${field}.${key}` : key;
    if (key === '?') continue;
    if (Object.hasOwn(v, key)) out[key] = walk(d[key]!, (v as Record<string, unknown>)[key], at);
    else if (!('?' in d)) refuse(at, 'is required');
  }
  return out;
}

export function validatePopupsProps(
  raw: unknown,
): { ok: true; value: PopupsProps } | { ok: false; field: string; problem: string } {
  try {
    const value = walk(PROPS, raw, '') as PopupsProps;
    const ids = new Set<number>();
    value.popups.forEach(({ id }, i) => {
      if (ids.has(id)) refuse(`popups[${i}].id`, 'must be unique');
      ids.add(id);
    });
    value.popups = value.popups.filter(({ id, timing: { url } }) => {
      try {
        if (url?.regex) new RegExp(url.url);
        return true;
      } catch (error) {
        console.warn(
          `[shop-islands] popups: popup ${id} left out: its timing.url.url is not a valid JavaScript regular expression.`,
          error,
        );
        return false;
      }
    });
    return { ok: true, value };
  } catch (error) {
    // Anything else thrown: e.g. a throwing getter (not possible from JSON).
    const { field, problem } =
      error === lastRefusal ? lastRefusal! : { field: '', problem: 'could not be read' };
    return { ok: false, field: field || 'props', problem };
  }
}

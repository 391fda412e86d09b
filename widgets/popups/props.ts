/**
 * Hand-written validator for the `popups` island props (the engine must not import zod). Strict on types:
 * a wrong type, a missing required key, a bad enum value, a non-finite or negative number, a string over
 * 2,000 characters, an empty selector, an invalid url regex or a duplicate id refuses the whole island
 * (`{ ok: false, field, problem }`). Unknown keys are ignored and left out of `value`. `null` is only accepted
 * where the contract allows it (schedule start/end).
 */
import type { PopupConfig, PopupsProps } from './types.ts';

export const MAX_STRING = 2000;

type Reader<T> = (v: unknown, field: string) => T;

interface Refusal {
  field: string;
  problem: string;
}
let lastRefusal: Refusal | undefined;

const refuse = (field: string, problem: string): never => {
  throw (lastRefusal = { field, problem });
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str =
  (nonEmpty = false): Reader<string> =>
  (v, f) =>
    typeof v === 'string' && v.length <= MAX_STRING && (!nonEmpty || v.trim())
      ? v
      : refuse(f, `must be a ${nonEmpty ? 'non-empty ' : ''}string of at most ${MAX_STRING} characters`);

const num: Reader<number> = (v, f) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : refuse(f, 'must be a finite number ≥ 0');

const bool: Reader<boolean> = (v, f) => (typeof v === 'boolean' ? v : refuse(f, 'must be a boolean'));

const oneOf =
  <T extends string | boolean>(...values: T[]): Reader<T> =>
  (v, f) =>
    values.includes(v as T) ? (v as T) : refuse(f, `must be one of ${values.join(', ')}`);

const list =
  <T>(item: Reader<T>): Reader<T[]> =>
  (v, f) =>
    Array.isArray(v) ? v.map((x, i) => item(x, `${f}[${i}]`)) : refuse(f, 'must be an array');

/** An object with these keys (all required, or all optional); only they are copied. */
const record =
  (readers: Record<string, Reader<unknown>>, optional = false): Reader<Record<string, unknown>> =>
  (v, f) => {
    const o = isObject(v) ? v : refuse(f, 'must be an object');
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(readers)) {
      const field = f ? `${f}.${key}` : key;
      if (Object.hasOwn(o, key)) out[key] = readers[key]!(o[key], field);
      else if (!optional) refuse(field, 'is required');
    }
    return out;
  };

const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (v, f) =>
    v === null ? null : read(v, f);

const delay = record({ delay: num });
const selector = record({ selector: str(true) });

const url: Reader<Record<string, unknown>> = (v, f) => {
  const out = record({ url: str(), action: oneOf('show', 'hide'), regex: bool })(v, f);
  if (out.regex) {
    try {
      new RegExp(out.url as string);
    } catch {
      refuse(`${f}.url`, 'must be a valid regular expression');
    }
  }
  return out;
};

const popup = record({
  id: (v, f) => (Number.isSafeInteger(v) && (v as number) > 0 ? v : refuse(f, 'must be a positive integer')),
  title: str(true),
  timing: record(
    {
      page_views: num,
      sessions: num,
      url,
      sources: list(oneOf('internal', 'external', 'search')),
      logged_in: record({ users: oneOf('all', 'custom'), roles: list(str()) }),
      devices: list(oneOf('desktop', 'tablet', 'mobile')),
      browsers: list(oneOf('chrome', 'firefox', 'safari', 'edge', 'ie', 'opera')),
      times: record({
        count: (v, f) =>
          Number.isInteger(v) && (v as number) >= 1 ? v : refuse(f, 'must be an integer ≥ 1'),
        period: oneOf('day', 'week', 'month', 'session'),
      }),
      schedule: record({
        timezone: oneOf('site', 'visitor'),
        start: nullable(str()),
        end: nullable(str()),
        server_datetime: str(),
        site_utc_offset_minutes: (v, f) =>
          typeof v === 'number' && Math.abs(v) <= 1440 ? v : refuse(f, 'must be minutes within ±1440'),
      }),
    },
    true,
  ),
  triggers: record(
    {
      page_load: delay,
      scrolling: record({ direction: oneOf('down', 'up'), offset: num }),
      scrolling_to: selector,
      click: record({ times: num }),
      inactivity: record({ time: num }),
      exit_intent: oneOf(true),
      adblock_detection: delay,
      open_on_click: selector,
    },
    true,
  ),
  display: record(
    {
      avoid_multiple_popups: bool,
      close_button_delay: num,
      close_automatically: num,
      prevent_close_on_background_click: bool,
      prevent_close_on_esc_key: bool,
      do_not_show_again: bool,
    },
    true,
  ),
});

const props = record({
  popups: (v, f) => {
    const popups = list(popup)(v, f) as unknown as PopupConfig[];
    const ids = new Set<number>();
    popups.forEach((p, i) => (ids.has(p.id) ? refuse(`${f}[${i}].id`, 'must be unique') : ids.add(p.id)));
    return popups;
  },
  user: record({ logged_in: bool, roles: list(str()) }),
});

export function validatePopupsProps(
  raw: unknown,
): { ok: true; value: PopupsProps } | { ok: false; field: string; problem: string } {
  try {
    return { ok: true, value: props(raw, '') as unknown as PopupsProps };
  } catch (error) {
    // Anything else thrown: e.g. a throwing getter (not possible from JSON).
    const { field, problem } =
      error === lastRefusal ? lastRefusal! : { field: '', problem: 'could not be read' };
    return { ok: false, field: field || 'props', problem };
  }
}

import * as z from 'zod/mini';
import { MAX_STRING } from './props';

/** Every string of the props: at most 2,000 characters. */
const Text = z.string().check(z.maxLength(MAX_STRING));
/** A title or a selector: not empty, not only white space (`/\S/`). */
const Name = z.string().check(z.maxLength(MAX_STRING), z.regex(/\S/));
/** Seconds, percent or a count: a finite number, 0 or more. */
const Amount = z.number().check(z.gte(0));
const Count = z.int().check(z.gt(0));

/** Whether `pattern` compiles as a JavaScript regular expression (no flags), as the engine builds it. */
const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * Props of the popups engine (storefront.md §4 "Popups", §6, §9 "Popups"; chrome-contracts.md
 * `popups`): the page's popups, each shown in a modal dialog (its content is the container's
 * `<template data-popup-id="{id}">`) when one of its triggers fires and its timing conditions pass.
 *
 * The engine is not React and carries no zod: `props.ts` `validatePopupsProps` checks the props by
 * hand, and this schema is the same rule for the integrators' guide, held to it by `schema.test.ts`.
 * Unlike other islands' props, nothing is read as PHP might print it otherwise: an optional key is
 * left out, never `null`, `false` or `[]` (print `timing`, `triggers` and `display` with `(object)`
 * so that an empty one is `{}`, as the plugin does), and numbers are numbers. Any invalid value
 * refuses the whole island (no popup shows), except a `timing.url` regex JavaScript cannot compile:
 * that popup alone is left out; unknown keys are ignored.
 */
export const PopupsPropsSchema = z.object({
  /** The popups, each with its content in a `<template data-popup-id>` of the container. */
  popups: z
    .array(
      z.object({
        /** The popup's id, unique on the page (its template's `data-popup-id`). */
        id: Count,
        /** The dialog's accessible name. */
        title: Name,
        /** Conditions: every one given must pass for the popup to show (`{}`: none). */
        timing: z.object({
          /** Shows from the shopper's Nth page view on (counted in localStorage). */
          page_views: z.optional(Amount),
          /** Shows from the shopper's Nth session on (a session ends after 30 minutes without a page view). */
          sessions: z.optional(Amount),
          /** A condition on `document.referrer`: show only, or never, when it contains `url` (or matches it); `url` '': no condition. */
          url: z.optional(
            z.object({
              /** Text the referrer contains, or (with `regex`) a JavaScript regular expression it matches. */
              url: Text,
              /** Show, or hide, the popup when the referrer matches. */
              action: z.enum(['show', 'hide']),
              /**
               * Whether `url` is a regular expression (JavaScript's, no flags): one that does not compile
               * (PHP's `(?i)…`) leaves this popup out, with a console warning; the others stay.
               */
              regex: z.boolean(),
            }),
          ),
          /** Where the shopper came from: this site, another site, a search engine (no referrer: none of them; `[]`: any). */
          sources: z.optional(z.array(z.enum(['internal', 'external', 'search']))),
          /** HIDES the popup from logged-in shoppers: all of them, or those with one of `roles` (§6). */
          logged_in: z.optional(
            z.object({
              /** `all` logged-in shoppers, or the `custom` roles. */
              users: z.enum(['all', 'custom']),
              /** The roles hidden from with `custom` (`customer`, `subscriber`…). */
              roles: z.array(Text),
            }),
          ),
          /** The devices it shows on, by the §9 widths: mobile up to 767 px, tablet up to 1024 px, desktop above (`[]`: any). */
          devices: z.optional(z.array(z.enum(['desktop', 'tablet', 'mobile']))),
          /** The browsers it shows in (`[]`: any). */
          browsers: z.optional(z.array(z.enum(['chrome', 'firefox', 'safari', 'edge', 'ie', 'opera']))),
          /** At most `count` times per period. */
          times: z.optional(
            z.object({
              /** How many times. */
              count: Count,
              /** A day (86,400 s), a week, a month (2,628,288 s) or a session. */
              period: z.enum(['day', 'week', 'month', 'session']),
            }),
          ),
          /** Shows only between `start` and `end`. */
          schedule: z.optional(
            z.object({
              /** Whether `start` and `end` are the site's time or the shopper's. */
              timezone: z.enum(['site', 'visitor']),
              /** `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or with seconds; `null`: no start. */
              start: z.nullable(Text),
              /** The same; `null`: no end. */
              end: z.nullable(Text),
              /** The server's clock when the page was printed (`Y-m-d H:i:s`, site time). */
              server_datetime: Text,
              /** The site's time zone's offset from UTC, in minutes. */
              site_utc_offset_minutes: z.number().check(z.gte(-1440), z.lte(1440)),
            }),
          ),
        }),
        /** What shows the popup: the first one to fire (once per page); `{}`: nothing does. */
        triggers: z.object({
          /** Shows `delay` seconds after the page loads. */
          page_load: z.optional(
            z.object({
              /** Seconds after the page loads (0: at once). */
              delay: Amount,
            }),
          ),
          /** Shows on scrolling `up`, or `down` past `offset` percent of the page. */
          scrolling: z.optional(
            z.object({
              /** Which way. */
              direction: z.enum(['down', 'up']),
              /** Percent of the page (down only). */
              offset: Amount,
            }),
          ),
          /** Shows when the element matching `selector` scrolls into view. */
          scrolling_to: z.optional(
            z.object({
              /** A CSS selector: its first match (an invalid one turns the trigger off, with a console warning). */
              selector: Name,
            }),
          ),
          /** Shows after `times` clicks anywhere on the page. */
          click: z.optional(
            z.object({
              /** Clicks counted on this page. */
              times: Amount,
            }),
          ),
          /** Shows after `time` seconds without input. */
          inactivity: z.optional(
            z.object({
              /** Seconds without a pointer move or press, a key, a touch, a scroll or the wheel. */
              time: Amount,
            }),
          ),
          /** Shows when the shopper is about to leave: the pointer leaves through the top (touch: a fast scroll up). */
          exit_intent: z.optional(z.literal(true)),
          /** Shows `delay` seconds after the page loads if an ad blocker hid a bait element. */
          adblock_detection: z.optional(
            z.object({
              /** Seconds after the page loads before the bait is checked. */
              delay: Amount,
            }),
          ),
          /** A click on the element matching `selector` opens the popup, whatever its timing. */
          open_on_click: z.optional(
            z.object({
              /** A CSS selector: every element matching it opens the popup (an invalid one: none does). */
              selector: Name,
            }),
          ),
        }),
        /** How the dialog behaves. */
        display: z.object({
          /** Not opened while another popup is open. */
          avoid_multiple_popups: z.optional(z.boolean()),
          /** Seconds before the close button shows. */
          close_button_delay: z.optional(Amount),
          /** Closes by itself after these seconds. */
          close_automatically: z.optional(Amount),
          /** A click outside the dialog does not close it. */
          prevent_close_on_background_click: z.optional(z.boolean()),
          /** Escape does not close it. */
          prevent_close_on_esc_key: z.optional(z.boolean()),
          /** Once closed, never shown again to this browser (stored). */
          do_not_show_again: z.optional(z.boolean()),
        }),
      }),
    )
    .check(
      z.refine((popups) => new Set(popups.map(({ id }) => id)).size === popups.length, {
        message: 'ids must be unique',
      }),
      // A popup whose referrer pattern does not compile in JavaScript is left out alone (PHP's preg,
      // which the plugin checks patterns with, accepts some JavaScript refuses: `(?i)facebook`).
      z.overwrite((popups) => popups.filter(({ timing: { url } }) => !url?.regex || compiles(url.url))),
    ),
  /** The current shopper, as the server knows them (for `timing.logged_in`). */
  user: z.object({
    /** Whether the shopper is logged in (`is_user_logged_in()`). */
    logged_in: z.boolean(),
    /** Their roles (`wp_get_current_user()->roles`). */
    roles: z.array(Text),
  }),
});
export type PopupsProps = z.input<typeof PopupsPropsSchema>;

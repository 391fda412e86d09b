/**
 * Props of the `popups` island, exactly as the server prints them (contract: chrome-contracts.md `popups`).
 * Validated by hand in `props.ts` (the engine must not import zod).
 */

export type PopupSource = 'internal' | 'external' | 'search';
export type PopupDevice = 'desktop' | 'tablet' | 'mobile';
export type PopupBrowser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera';
export type PopupPeriod = 'day' | 'week' | 'month' | 'session';

/** Every present key is a condition; all must pass. */
export interface PopupTiming {
  /** Show from the Nth page view on (counted in localStorage). */
  page_views?: number;
  /** Show from the Nth session on (localStorage; a session ends after 30 min idle). */
  sessions?: number;
  /** Matched against document.referrer. */
  url?: { url: string; action: 'show' | 'hide'; regex: boolean };
  /** Where the shopper came from. */
  sources?: PopupSource[];
  /** HIDE from logged-in users (all, or those with one of these roles) (§6). */
  logged_in?: { users: 'all' | 'custom'; roles: string[] };
  /** By §9 breakpoints (mobile ≤ 767, tablet ≤ 1024). */
  devices?: PopupDevice[];
  browsers?: PopupBrowser[];
  /** Shown at most `count` times per period. */
  times?: { count: number; period: PopupPeriod };
  schedule?: {
    timezone: 'site' | 'visitor';
    start: string | null;
    end: string | null;
    server_datetime: string;
    site_utc_offset_minutes: number;
  };
}

/** Any one firing shows the popup (once per page). */
export interface PopupTriggers {
  /** Seconds. */
  page_load?: { delay: number };
  /** offset: percent of the page (down only). */
  scrolling?: { direction: 'down' | 'up'; offset: number };
  scrolling_to?: { selector: string };
  /** After N clicks anywhere. */
  click?: { times: number };
  /** Seconds without input. */
  inactivity?: { time: number };
  /** Desktop: pointer leaves through the top; touch: fast upward scroll. */
  exit_intent?: true;
  /** Seconds. */
  adblock_detection?: { delay: number };
  /** A link/button on the page opens it (not a timing trigger: bypasses timing). */
  open_on_click?: { selector: string };
}

export interface PopupDisplay {
  avoid_multiple_popups?: boolean;
  /** Seconds before the close button shows. */
  close_button_delay?: number;
  /** Seconds. */
  close_automatically?: number;
  prevent_close_on_background_click?: boolean;
  prevent_close_on_esc_key?: boolean;
  /** Closing it disables it for good (stored). */
  do_not_show_again?: boolean;
}

export interface PopupConfig {
  /** Positive integer, unique. */
  id: number;
  /** The dialog's accessible name. */
  title: string;
  timing: PopupTiming;
  triggers: PopupTriggers;
  display: PopupDisplay;
}

export interface PopupUser {
  logged_in: boolean;
  roles: string[];
}

export interface PopupsProps {
  popups: PopupConfig[];
  /** The current shopper (server-printed). */
  user: PopupUser;
}

/**
 * Test support: one popup of every setting, and a plain one (the props validator's and the
 * documented schema's tables both start from it).
 */
import type { PopupsProps } from './types';

export const full = (): PopupsProps => ({
  popups: [
    {
      id: 12,
      title: 'Summer sale',
      timing: {
        page_views: 2,
        sessions: 1,
        url: { url: '^https://(www\\.)?facebook\\.com/', action: 'show', regex: true },
        sources: ['external', 'search'],
        logged_in: { users: 'custom', roles: ['customer'] },
        devices: ['desktop', 'tablet'],
        browsers: ['chrome', 'firefox', 'safari', 'edge', 'ie', 'opera'],
        times: { count: 3, period: 'week' },
        schedule: {
          timezone: 'site',
          start: '2025-06-01 00:00',
          end: null,
          server_datetime: '2025-06-15 14:00:00',
          site_utc_offset_minutes: -300,
        },
      },
      triggers: {
        page_load: { delay: 2.5 },
        scrolling: { direction: 'down', offset: 50 },
        scrolling_to: { selector: '#reviews' },
        click: { times: 3 },
        inactivity: { time: 30 },
        exit_intent: true,
        adblock_detection: { delay: 1 },
        open_on_click: { selector: 'a[href="#sale"]' },
      },
      display: {
        avoid_multiple_popups: true,
        close_button_delay: 3,
        close_automatically: 10,
        prevent_close_on_background_click: false,
        prevent_close_on_esc_key: false,
        do_not_show_again: true,
      },
    },
    { id: 13, title: 'Newsletter', timing: {}, triggers: { exit_intent: true }, display: {} },
  ],
  user: { logged_in: true, roles: ['customer'] },
});

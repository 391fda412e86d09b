/**
 * Issue #16's popups in the demo store (chrome-contracts.md `popups`): one page per trigger, each
 * long enough to scroll and saying in words what shows its popup, and an index linking them with a
 * popup opened by a link (open_on_click). The display settings vary across the pages so that each
 * one is seen somewhere:
 *
 * | page                    | trigger                 | timing / display                                        |
 * |-------------------------|-------------------------|---------------------------------------------------------|
 * | /popups/                | open_on_click link      | (timing bypassed) plain                                 |
 * | /popups/page-load/      | page_load 2 s           | times: 1 per session (a reload does not show it again), |
 * |                         |                         | devices: all three (a rule of the lazy rules.ts chunk)  |
 * | /popups/scrolling/      | scrolling down 40 %     | do_not_show_again                                       |
 * | /popups/scrolling-to/   | scrolling_to #reviews…  | prevent_close_on_background_click                       |
 * | /popups/click/          | click 3 times           | close_automatically 10 s, avoid_multiple_popups         |
 * | /popups/inactivity/     | inactivity 5 s          | close button after 3 s, Escape and backdrop prevented   |
 * | /popups/exit-intent/    | exit_intent             | prevent_close_on_esc_key                                |
 * | /popups/adblock/        | adblock_detection 1 s   | plain                                                   |
 *
 * The container is `<div data-island="popups" hidden>` with one `<template data-popup-id>` per popup
 * (inert without JavaScript, as Elementor's popups need it too). `user` is the session's shopper.
 */
import type { PopupConfig, PopupsProps } from '../../widgets/popups/types';
import { escapeHtml } from '../html';
import { renderDocument, type PageContext } from '../layout';
import type { ChromePage } from './index';

interface DemoPopup {
  config: PopupConfig;
  /** The popup's content (trusted demo markup). */
  html: string;
}

interface PopupPage {
  title: string;
  /** What shows the popup, in words (the page's lead paragraph). */
  trigger: string;
  /** What else the page says about it (display settings, how to see it again). */
  notes: string[];
  popups: DemoPopup[];
  /** Extra markup after the lead (a link that opens a popup, the element scrolled to…). */
  extra?: string;
}

const popup = (
  id: number,
  title: string,
  triggers: PopupConfig['triggers'],
  display: PopupConfig['display'] = {},
  timing: PopupConfig['timing'] = {},
): PopupConfig => ({ id, title, timing, triggers, display });

const NEWSLETTER_FORM =
  '<p>Be the first to hear about new junior boots and get 10 % off your first order.</p>' +
  '<form class="popup-newsletter" action="/" method="get">' +
  '<p><label for="popup-newsletter-email">E-mail address</label> ' +
  '<input type="email" id="popup-newsletter-email" name="newsletter" autocomplete="email" required></p>' +
  '<p><button type="submit" class="button">Sign up</button></p></form>';

/** The open-on-click link of the index, and its no-JS target (the same tips, in the page). */
export const BOOT_TIPS_LINK_ID = 'open-boot-tips';
const BOOT_TIPS =
  '<ul><li>Measure both feet in the afternoon, standing.</li>' +
  '<li>Leave a thumb’s width (about 1 cm) in front of the longest toe.</li>' +
  '<li>Try the boots on with football socks.</li></ul>';

export const POPUP_DEMOS: Record<string, PopupPage> = {
  '/popups/': {
    title: 'Popups',
    trigger:
      'Each page below shows a popup when its trigger fires. On this page, the link “Boot size tips” opens one: a popup opened by a click ignores the timing conditions.',
    notes: [
      'Without JavaScript the link jumps to the same tips further down this page.',
      'Popups remember in this browser’s local storage how often they were shown; clear the site’s storage to see them again.',
    ],
    extra:
      `<p><a class="button" id="${BOOT_TIPS_LINK_ID}" href="#boot-size-tips">Boot size tips</a></p>` +
      '<nav aria-label="Popup demos"><ul class="popup-demos">' +
      [
        ['/popups/page-load/', 'On page load (after 2 seconds)'],
        ['/popups/scrolling/', 'On scrolling down 40 % of the page'],
        ['/popups/scrolling-to/', 'On scrolling to the reviews'],
        ['/popups/click/', 'After 3 clicks'],
        ['/popups/inactivity/', 'After 5 seconds without activity'],
        ['/popups/exit-intent/', 'On exit intent'],
        ['/popups/adblock/', 'When an ad blocker is detected'],
      ]
        .map(([href, label]) => `<li><a href="${href}">${escapeHtml(label!)}</a></li>`)
        .join('') +
      '</ul></nav>' +
      `<section id="boot-size-tips"><h2>Boot size tips</h2>${BOOT_TIPS}</section>`,
    popups: [
      {
        config: popup(10, 'Boot size tips', { open_on_click: { selector: `#${BOOT_TIPS_LINK_ID}` } }),
        html: `${BOOT_TIPS}<p><a href="/shop/">Shop junior boots</a></p>`,
      },
    ],
  },
  '/popups/page-load/': {
    title: 'Popup on page load',
    trigger: 'A newsletter popup shows 2 seconds after this page loads.',
    notes: [
      'It shows once per session: reload the page and it stays away until the session ends (30 minutes without visiting the shop).',
      'It shows on desktops, tablets and phones alike (its devices condition lists all three).',
      'Its close button is there at once.',
    ],
    popups: [
      {
        config: popup(
          11,
          'Join our newsletter',
          { page_load: { delay: 2 } },
          { close_button_delay: 0 },
          { times: { count: 1, period: 'session' }, devices: ['desktop', 'tablet', 'mobile'] },
        ),
        html: NEWSLETTER_FORM,
      },
    ],
  },
  '/popups/scrolling/': {
    title: 'Popup on scrolling',
    trigger: 'A popup shows once you have scrolled down 40 % of this page.',
    notes: ['Close it and it never shows again in this browser (“do not show again”).'],
    popups: [
      {
        config: popup(
          12,
          'Free shipping on boots',
          { scrolling: { direction: 'down', offset: 40 } },
          { do_not_show_again: true },
        ),
        html: '<p>Orders of junior boots over €50 ship free this month.</p><p><a href="/shop/">Browse the boots</a></p>',
      },
    ],
  },
  '/popups/scrolling-to/': {
    title: 'Popup on scrolling to an element',
    trigger: 'A popup shows when the “What players say” section below comes into view.',
    notes: ['A click beside it does not close it: use its close button or Escape.'],
    extra: '',
    popups: [
      {
        config: popup(
          13,
          'Loved by young players',
          { scrolling_to: { selector: '#reviews-teaser' } },
          { prevent_close_on_background_click: true },
        ),
        html: '<p>4.8 out of 5 from 312 reviews of our junior boots.</p><p><a href="/shop/">Read the reviews</a></p>',
      },
    ],
  },
  '/popups/click/': {
    title: 'Popup after clicks',
    trigger: 'A popup shows after your third click anywhere on this page.',
    notes: [
      'It closes by itself after 10 seconds (unless you start typing in it).',
      'It does not open while another popup is open.',
    ],
    popups: [
      {
        config: popup(
          14,
          'Need help choosing a size?',
          { click: { times: 3 } },
          { close_automatically: 10, avoid_multiple_popups: true },
        ),
        html: '<p>Our size guide compares UK, EU and US sizes for junior feet.</p><p><a href="/popups/#boot-size-tips">See the boot size tips</a></p>',
      },
    ],
  },
  '/popups/inactivity/': {
    title: 'Popup after inactivity',
    trigger: 'A popup shows after 5 seconds without a move of the mouse, a key press, a scroll or a touch.',
    notes: [
      'Neither Escape nor a click beside it closes it, and its close button shows after 3 seconds.',
      'Keyboard and screen-reader users are never shut in: the close button can be reached with Tab from the start (it shows when focused).',
    ],
    popups: [
      {
        config: popup(
          15,
          'Still looking?',
          { inactivity: { time: 5 } },
          { close_button_delay: 3, prevent_close_on_esc_key: true, prevent_close_on_background_click: true },
        ),
        html: '<p>Our boots come in junior sizes UK 10 to UK 5, in five colours.</p><p><a href="/shop/">See every boot</a></p>',
      },
    ],
  },
  '/popups/exit-intent/': {
    title: 'Popup on exit intent',
    trigger:
      'A popup shows when you seem about to leave: the mouse pointer leaves the page through the top, or, on a touch screen, a fast flick back up the page.',
    notes: ['Escape does not close it: use its close button or click beside it.'],
    popups: [
      {
        config: popup(16, 'Before you go', { exit_intent: true }, { prevent_close_on_esc_key: true }),
        html: '<p>Use the code <strong>KICKOFF10</strong> for 10 % off your first order.</p><p><a href="/cart/">Go to the cart</a></p>',
      },
    ],
  },
  '/popups/adblock/': {
    title: 'Popup on ad blocker detection',
    trigger: 'A popup shows 1 second after this page loads if an ad blocker hides adverts on it.',
    notes: ['Without an ad blocker nothing shows.'],
    popups: [
      {
        config: popup(17, 'Using an ad blocker?', { adblock_detection: { delay: 1 } }),
        html: '<p>No worries: this shop shows no adverts. Your blocker may hide some of our offers, though.</p>',
      },
    ],
  },
};

const FILLER = [
  [
    'Studs for every pitch',
    'Firm-ground boots have moulded studs for natural grass; artificial-grass boots have many short studs that grip without sticking; indoor shoes have flat rubber soles.',
  ],
  [
    'Growing feet',
    'Children’s feet grow about half a size every few months. Check the fit at the start of every season, and hand outgrown boots on to a younger player.',
  ],
  [
    'Care after the match',
    'Knock the mud off, stuff the boots with newspaper and let them dry at room temperature, never on a radiator: the upper would crack.',
  ],
  [
    'Shin guards and socks',
    'Shin guards should cover the shin from just below the knee to above the ankle. Football socks hold them in place and cushion the boot.',
  ],
  [
    'Choosing a ball',
    'Size 3 balls suit players under 8, size 4 players from 8 to 14, size 5 everyone older. A lighter ball is easier on young legs.',
  ],
  [
    'Warming up',
    'Five minutes of jogging, side steps and gentle stretches before a match prepare muscles and joints, and make the first sprint safer.',
  ],
];

function article(reviewsTeaser: boolean): string {
  return FILLER.map(([heading, text], index) => {
    const section = `<section class="popup-demo-section"><h2>${escapeHtml(heading!)}</h2>${`<p>${escapeHtml(text!)}</p>`.repeat(3)}</section>`;
    // The element the scrolling_to popup waits for: far down the page, after four sections.
    return reviewsTeaser && index === 4
      ? '<section id="reviews-teaser" class="popup-demo-section"><h2>What players say</h2>' +
          '<blockquote><p>“Comfortable from the first training session.” – Mia, 11</p></blockquote>' +
          '<blockquote><p>“The studs grip even on wet grass.” – Leo, 9</p></blockquote></section>' +
          section
      : section;
  }).join('');
}

/** The popups island container: props and one `<template>` per popup. */
export function popupsIsland(ctx: PageContext, popups: DemoPopup[]): string {
  const props: PopupsProps = {
    popups: popups.map((p) => p.config),
    user: {
      logged_in: ctx.session.loggedIn !== null,
      roles: ctx.session.loggedIn !== null ? ['customer'] : [],
    },
  };
  const templates = popups
    .map((p) => `<template data-popup-id="${p.config.id}">${p.html}</template>`)
    .join('');
  return ctx.islands.render('popups', props, templates, { hydrate: 'load', attrs: { hidden: true } });
}

function renderPopupPage(ctx: PageContext, page: PopupPage, path: string): string {
  const main =
    `<article class="popup-demo"><h1>${escapeHtml(page.title)}</h1>` +
    `<p class="popup-demo-trigger"><strong>${escapeHtml(page.trigger)}</strong></p>` +
    page.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('') +
    (page.extra ?? '') +
    (path === '/popups/' ? '' : '<p><a href="/popups/">All popup demos</a></p>') +
    article(path === '/popups/scrolling-to/') +
    '</article>' +
    popupsIsland(ctx, page.popups);
  return renderDocument(ctx, { title: page.title, main, bodyClass: 'page popup-demo-page' });
}

export const POPUP_PAGES: Record<string, ChromePage> = Object.fromEntries(
  Object.entries(POPUP_DEMOS).map(([path, page]) => [
    path,
    (ctx: PageContext) => renderPopupPage(ctx, page, path),
  ]),
);

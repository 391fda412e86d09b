/**
 * Order attribution in the demo store (issue #16, storefront.md §3 "Order attribution", §9): the
 * tracker island WooCommerce 9.9 puts on every page (printed by `renderDocument`, demo/layout.ts),
 * and a campaign landing page whose only island is the tracker (`/landing/`, printed bare: no
 * header or footer islands), the page the bench weighs and the e2e test lands on with utm links.
 */
import { escapeHtml } from '../html';
import type { IslandCollector } from '../islands';
import { renderDocument, type PageContext } from '../layout';
import type { ChromePage } from './index';

export const LANDING_PATH = '/landing/';
export const LANDING_TITLE = 'Spring kick-off: junior boots';

/** `wc_order_attribution.fields` as WooCommerce 9.9 prints it (sample 40): field → sourcebuster cookie key. */
export const ORDER_ATTRIBUTION_FIELD_MAP: Readonly<Record<string, string>> = {
  source_type: 'current.typ',
  referrer: 'current_add.rf',
  utm_campaign: 'current.cmp',
  utm_source: 'current.src',
  utm_medium: 'current.mdm',
  utm_content: 'current.cnt',
  utm_id: 'current.id',
  utm_term: 'current.trm',
  utm_source_platform: 'current.plt',
  utm_creative_format: 'current.fmt',
  utm_marketing_tactic: 'current.tct',
  session_entry: 'current_add.ep',
  session_start_time: 'current_add.fd',
  session_pages: 'session.pgs',
  session_count: 'udata.vst',
  user_agent: 'udata.uag',
};

/**
 * The `wc_order_attribution` object WooCommerce 9.9 prints (`lifetime` 0.00001 months, `session`
 * 30 minutes, no base64: storefront.md §9), its admin-ajax URL on the request's origin. Tracking is
 * allowed (what decides it is not shown: §4).
 */
export function orderAttributionProps(origin: string) {
  return {
    params: {
      lifetime: 1e-5,
      session: 30,
      base64: false,
      ajaxurl: `${origin}/wp-admin/admin-ajax.php`,
      prefix: 'wc_order_attribution_',
      allowTracking: true,
    },
    fields: { ...ORDER_ATTRIBUTION_FIELD_MAP },
  };
}

/** The tracker's container: empty and hidden (it shows nothing), once per page, end of body. */
export function orderAttributionIsland(islands: IslandCollector, origin: string): string {
  return islands.render('order-attribution', orderAttributionProps(origin), '', {
    hydrate: 'idle',
    attrs: { hidden: true },
  });
}

/** The campaign landing page: heading, copy, a link to the shop; no island but the tracker. */
function landingPage(ctx: PageContext): string {
  return renderDocument(ctx, {
    title: LANDING_TITLE,
    bodyClass: 'page landing-page',
    bare: true,
    main:
      '<article class="page type-page"><header class="entry-header">' +
      `<h1 class="entry-title">${escapeHtml(LANDING_TITLE)}</h1></header>` +
      '<div class="entry-content">' +
      '<p>Grippy studs, light uppers and room to grow: this season’s junior football boots are in, ' +
      'in every size from 28 to 38 and in three colours.</p>' +
      '<p>Order before the first match of the season and we deliver within two working days.</p>' +
      '<p><a class="button" href="/shop/">Shop the boots</a></p>' +
      '</div></article>',
  });
}

export const ATTRIBUTION_PAGES: Record<string, ChromePage> = {
  [LANDING_PATH]: landingPage,
};

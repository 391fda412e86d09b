<?php
/**
 * Template functions for themes.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * An island container: `<div data-island="NAME" data-island-src="CHUNK URL" data-hydrate="STRATEGY">
 * <script type="application/json" data-island-props>JSON</script>FALLBACK</div>` (no `data-island-src`
 * for an island the build lacks; the strategy asked for, else the widget's default from the build's
 * `islands.json`, else `idle`), preceded on the page's first container of its type by the island's
 * stylesheets (and, when it mounts early, `load` or `idle`, `modulepreload` links for its code).
 * Enqueues the loader and the page's settings block. Without the plugin's build, returns only the
 * fallback.
 *
 *     echo shop_islands_render(
 *         'store-notice',
 *         array( 'noticeId' => $id, 'message' => $message_html ),
 *         $fallback_html,
 *         array( 'hydrate' => 'idle' )
 *     );
 *
 * @since 0.1.0
 *
 * @param string $island   Island name: a widget folder name, `/^[a-z0-9-]+$/`.
 * @param array  $props    Props (JSON-encoded and escaped here; validated in the browser).
 * @param string $fallback Trusted server markup, shown until the island mounts and if it cannot. Not escaped.
 * @param array  $args {
 *     Optional.
 *
 *     @type string $hydrate    'load', 'idle', 'visible' or 'interaction'. Default: the widget's own.
 *     @type string $tag        'div' (default) or 'span' (inside phrasing content).
 *     @type array  $attributes Extra attributes of the container, escaped; `data-island*` and
 *                              `data-hydrate` cannot be set.
 * }
 * @return string HTML.
 */
function shop_islands_render( string $island, array $props = array(), string $fallback = '', array $args = array() ): string {
	return Shop_Islands_Plugin::instance()->renderer->render( $island, $props, $fallback, $args );
}

/**
 * Echoes shop_islands_render().
 *
 * @since 0.1.0
 *
 * @param string $island   Island name.
 * @param array  $props    Props.
 * @param string $fallback Trusted fallback markup.
 * @param array  $args     See shop_islands_render().
 */
function shop_islands_print( string $island, array $props = array(), string $fallback = '', array $args = array() ): void {
	// phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by shop_islands_render().
	echo shop_islands_render( $island, $props, $fallback, $args );
}

/**
 * Enqueues the loader and the settings block on a page that prints no island on the server but
 * will receive some later (inserted by another script): the loader mounts islands added to the page.
 *
 * @since 0.1.0
 *
 * @return bool False when the plugin's build is missing.
 */
function shop_islands_enqueue(): bool {
	return Shop_Islands_Plugin::instance()->assets->enqueue();
}

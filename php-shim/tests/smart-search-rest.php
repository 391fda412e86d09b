<?php
/**
 * Smart Search for WooCommerce's REST route callback, as the plugin (3.0.5, inc/custom/rest.php)
 * names it: the integration looks for it on `rest_api_init`. Loaded by IntegrationDiscoveryTest.
 *
 * @package ShopIslands
 */

namespace YSM\Rest;

if ( ! function_exists( __NAMESPACE__ . '\\rest_route' ) ) {
	/** As the plugin's: registers `ysm/v1/search` (here, an empty answer). */
	function rest_route(): void {
		register_rest_route(
			'ysm/v1',
			'search',
			array(
				'methods'             => 'GET',
				'callback'            => static fn() => array(
					'suggestions'   => array(),
					'view_all_link' => '',
					'keywords'      => array(),
				),
				'permission_callback' => '__return_true',
			)
		);
	}
}

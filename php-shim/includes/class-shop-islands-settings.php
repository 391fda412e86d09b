<?php
/**
 * The page's settings block: `<script type="application/json" id="shop-islands-settings">`.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the settings of src/contract/settings.ts and prints them once per page, in `wp_footer`
 * before the footer scripts, on pages where an island was rendered. Field names and value types
 * follow WooCommerce's `wc_add_to_cart_params` / `wc_cart_fragments_params` ('' / '1', 'yes' / 'no').
 */
final class Shop_Islands_Settings {

	/** The id of the settings element (SETTINGS_ELEMENT_ID in src/contract/settings.ts). */
	const ELEMENT_ID = 'shop-islands-settings';

	/** Whether the block was printed on this page. */
	private bool $printed = false;

	/**
	 * The plugin, to know whether the page needs the block.
	 *
	 * @param Shop_Islands_Plugin $plugin The plugin.
	 */
	public function __construct( private Shop_Islands_Plugin $plugin ) {
	}

	/** Forgets that the block was printed (tests). */
	public function reset(): void {
		$this->printed = false;
	}

	/**
	 * The settings, after the `shop_islands_settings` filter.
	 *
	 * @return array
	 */
	public function data(): array {
		$woocommerce = function_exists( 'WC' ) && class_exists( 'WC_AJAX' );
		$blog_id     = get_current_blog_id();
		$site_hash   = md5( $blog_id . '_' . get_site_url( $blog_id, '/' ) . get_template() );

		$redirect = get_option( 'woocommerce_cart_redirect_after_add', 'no' );

		$data = array(
			'ajax_url'                => admin_url( 'admin-ajax.php', 'relative' ),
			'wc_ajax_url'             => $woocommerce
				? WC_AJAX::get_endpoint( '%%endpoint%%' )
				: home_url( '/?wc-ajax=%%endpoint%%', 'relative' ),
			'rest_url'                => rest_url(),
			'rest_nonce'              => wp_create_nonce( 'wp_rest' ),
			'cart_url'                => function_exists( 'wc_get_cart_url' ) ? wc_get_cart_url() : home_url( '/cart/' ),
			'is_cart'                 => function_exists( 'is_cart' ) && is_cart() ? '1' : '',
			'cart_redirect_after_add' => 'yes' === $redirect ? 'yes' : 'no',
			/** This filter is documented in WooCommerce's includes/class-wc-frontend-scripts.php */
			'cart_hash_key'           => (string) apply_filters( 'woocommerce_cart_hash_key', 'wc_cart_hash_' . $site_hash ),
			/** This filter is documented in WooCommerce's includes/class-wc-frontend-scripts.php */
			'fragment_name'           => (string) apply_filters( 'woocommerce_cart_fragment_name', 'wc_fragments_' . $site_hash ),
			'request_timeout'         => 5000,
			'currency'                => $this->currency( $woocommerce ),
			'i18n'                    => array(
				'view_cart' => __( 'View cart', 'shop-islands' ),
			),
			'is_editor'               => false,
			'hide_mini_cart_if_empty' => false,
			// WooCommerce's wc_single_product_params.review_rating_required (option default 'yes').
			'review_rating_required'  => 'no' === get_option( 'woocommerce_review_rating_required', 'yes' ) ? 'no' : 'yes',
			// The site-wide lightbox and its buttons (storefront.md §9: all on); themes change them with the filter.
			'lightbox'                => array(
				'enabled'    => true,
				'counter'    => true,
				'fullscreen' => true,
				'zoom'       => true,
				'share'      => true,
			),
			// For the product-view analytics event (storefront.md §3).
			'is_guest'                => ! is_user_logged_in(),
		);

		/**
		 * Filters the settings block of the page (src/contract/settings.ts): endpoint URLs, nonces,
		 * currency, translated strings, feature switches.
		 *
		 * @since 0.1.0
		 *
		 * @param array $data The settings.
		 */
		$filtered = apply_filters( 'shop_islands_settings', $data );
		return is_array( $filtered ) ? $filtered : $data;
	}

	/**
	 * The currency: WooCommerce's when it is active, else the demo store's EUR (demo/settings.ts).
	 *
	 * @param bool $woocommerce Whether WooCommerce is active.
	 * @return array
	 */
	private function currency( bool $woocommerce ): array {
		if ( ! $woocommerce || ! function_exists( 'get_woocommerce_currency' ) ) {
			return array(
				'code'               => 'EUR',
				'symbol'             => '€',
				'decimals'           => 2,
				'decimal_separator'  => '.',
				'thousand_separator' => ',',
				'position'           => 'left',
			);
		}
		$position = (string) get_option( 'woocommerce_currency_pos', 'left' );
		return array(
			'code'               => get_woocommerce_currency(),
			// WooCommerce returns HTML entities (`&euro;`); the widgets print text.
			'symbol'             => html_entity_decode( get_woocommerce_currency_symbol(), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
			'decimals'           => (int) wc_get_price_decimals(),
			'decimal_separator'  => (string) wc_get_price_decimal_separator(),
			'thousand_separator' => (string) wc_get_price_thousand_separator(),
			'position'           => in_array( $position, array( 'left', 'right', 'left_space', 'right_space' ), true ) ? $position : 'left',
		);
	}

	/**
	 * The settings element.
	 *
	 * @return string '' when the (filtered) settings cannot be encoded as JSON.
	 */
	public function block(): string {
		$json = Shop_Islands_Json::for_script( $this->data() );
		if ( false === $json ) {
			_doing_it_wrong( 'shop_islands_settings', esc_html__( 'The settings could not be encoded as JSON.', 'shop-islands' ), '0.1.0' );
			return '';
		}
		return '<script type="application/json" id="' . self::ELEMENT_ID . '">' . $json . "</script>\n";
	}

	/**
	 * The block if it was not printed yet on this page ('' otherwise), and marks it printed.
	 */
	public function take_block(): string {
		if ( $this->printed ) {
			return '';
		}
		$this->printed = true;
		return $this->block();
	}

	/**
	 * `wp_footer` (priority 19, before `wp_print_footer_scripts` at 20): the block, once, when an
	 * island was rendered on the page.
	 */
	public function print_footer(): void {
		if ( ! $this->plugin->assets->is_requested() ) {
			return;
		}
		// phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON escaped for a script element.
		echo $this->take_block();
	}
}

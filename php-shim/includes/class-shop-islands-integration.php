<?php
/**
 * Automatic integration: WooCommerce's own template output wrapped in island containers through
 * WooCommerce's hooks, that output kept as the fallback, so a classic theme runs on islands without
 * printing them by hand.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Each automatic island can be turned off (or on) with the option `shop_islands_automatic`
 * (island name => bool) or the filter of the same name. On by default on classic themes; off on
 * block themes, whose blocks print their own markup and scripts. Markup that already holds an
 * island container (a theme's own `shop_islands_render()` call, the shortcode) is left as it is:
 * the theme's choice wins.
 *
 * Islands placed so far: `add-to-cart` on the listings' buttons (`woocommerce_loop_add_to_cart_link`).
 */
final class Shop_Islands_Integration {

	/** Option holding island name => bool (absent: the default). */
	const OPTION = 'shop_islands_automatic';

	/**
	 * The islands this class can place, with the WooCommerce hook that places each.
	 *
	 * @var array<string, string>
	 */
	const ISLANDS = array(
		'add-to-cart'        => 'woocommerce_loop_add_to_cart_link',
		'variation-form'     => 'woocommerce_variable_add_to_cart',
		'product-gallery'    => 'woocommerce_before_single_product_summary',
		'sale-badge'         => 'woocommerce_sale_flash',
		'product-tabs'       => 'woocommerce_after_single_product_summary',
		'product-reviews'    => 'comment_form_before',
		'sticky-add-to-cart' => 'storefront_after_footer',
	);

	/** Adds the hooks (the decision per island is taken when WooCommerce calls them). */
	public function register(): void {
		// Late, so the button is wrapped as other plugins left it.
		add_filter( 'woocommerce_loop_add_to_cart_link', array( $this, 'loop_add_to_cart' ), 1000, 3 );
		( new Shop_Islands_Integration_Product( $this ) )->register();
	}

	/**
	 * Whether the automatic integration places `$island` on this site.
	 *
	 * @param string $island Island name (a key of ISLANDS).
	 */
	public function enabled( string $island ): bool {
		if ( ! isset( self::ISLANDS[ $island ] ) ) {
			return false;
		}
		$on     = ! wp_is_block_theme();
		$option = get_option( self::OPTION, array() );
		if ( is_array( $option ) && isset( $option[ $island ] ) ) {
			$on = (bool) $option[ $island ];
		}
		/**
		 * Filters whether the automatic integration places an island.
		 *
		 * @since 0.2.0
		 *
		 * @param bool   $on     On by default on classic themes, off on block themes; the option wins.
		 * @param string $island Island name.
		 */
		return (bool) apply_filters( 'shop_islands_automatic', $on, $island );
	}

	/**
	 * `woocommerce_loop_add_to_cart_link`: a listing's button that WooCommerce's add-to-cart.js would
	 * handle (class `ajax_add_to_cart`) becomes an `add-to-cart` island, the button itself its
	 * fallback. Other buttons (Read more, Select options, an external product) stay plain links, as
	 * they are for WooCommerce's script.
	 *
	 * @param mixed $html    The button's HTML.
	 * @param mixed $product The product (unused: everything comes from the button's arguments).
	 * @param mixed $args    The button's arguments (`class`, `quantity`, `attributes`).
	 * @return mixed The HTML, wrapped or as it was.
	 */
	public function loop_add_to_cart( $html, $product = null, $args = array() ) {
		unset( $product );
		if ( ! is_string( $html ) || ! is_array( $args ) || str_contains( $html, 'data-island=' ) ) {
			return $html;
		}
		$class = isset( $args['class'] ) && is_string( $args['class'] ) ? $args['class'] : '';
		if ( ! in_array( 'ajax_add_to_cart', preg_split( '/\s+/', $class ), true ) || ! $this->enabled( 'add-to-cart' ) ) {
			return $html;
		}
		$props = self::button_props( $html, $class, $args );
		if ( null === $props ) {
			return $html;
		}
		return shop_islands_render( 'add-to-cart', $props, $html );
	}

	/**
	 * The add-to-cart island's props (widgets/add-to-cart/schema.ts) for WooCommerce's button: its
	 * link and text read from the HTML it printed, its data attributes from its arguments. Null when
	 * the HTML is not a single link with an href.
	 *
	 * @param string $html  The button's HTML.
	 * @param string $class Its classes.
	 * @param array  $args  Its arguments.
	 * @return array<string, mixed>|null
	 */
	private static function button_props( string $html, string $class, array $args ): ?array {
		if ( ! preg_match( '#^\s*<a\b([^>]*)>(.*?)</a>\s*$#is', $html, $m ) || preg_match( '#<a\b#i', $m[2] ) ) {
			return null;
		}
		if ( ! preg_match( '/\shref=(["\'])(.*?)\1/is', ' ' . $m[1], $href ) ) {
			return null;
		}
		$attributes = isset( $args['attributes'] ) && is_array( $args['attributes'] ) ? $args['attributes'] : array();
		$data       = array( 'quantity' => isset( $args['quantity'] ) && is_scalar( $args['quantity'] ) ? (string) $args['quantity'] : '1' );
		foreach ( $attributes as $name => $value ) {
			if ( is_string( $name ) && str_starts_with( $name, 'data-' ) && is_scalar( $value ) && preg_match( '/^[a-z0-9_-]+$/i', substr( $name, 5 ) ) ) {
				$data[ substr( $name, 5 ) ] = self::text( (string) $value );
			}
		}
		$props = array(
			'href'      => self::text( $href[2] ),
			'label'     => self::text( wp_strip_all_tags( $m[2] ) ),
			'className' => $class,
			'data'      => $data,
		);
		foreach ( array(
			'aria-label' => 'ariaLabel',
			'rel'        => 'rel',
		) as $attribute => $prop ) {
			if ( isset( $attributes[ $attribute ] ) && is_scalar( $attributes[ $attribute ] ) ) {
				$props[ $prop ] = self::text( (string) $attributes[ $attribute ] );
			}
		}
		if ( '' === trim( $props['label'] ) ) {
			unset( $props['label'] );
		}
		return $props;
	}

	/**
	 * An attribute value or text as the browser reads it: WooCommerce's values hold entities
	 * (`&ldquo;` in its aria-label, `&#038;` in an escaped URL), which props must carry decoded.
	 *
	 * @param string $html Attribute value or text, with entities.
	 */
	private static function text( string $html ): string {
		return html_entity_decode( $html, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}
}

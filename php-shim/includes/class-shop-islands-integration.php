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
 * Islands placed so far: `add-to-cart` on the listings' buttons (`woocommerce_loop_add_to_cart_link`),
 * `mini-cart` over WooCommerce's cart widget (Storefront's header cart, a sidebar's cart widget),
 * one `cart-drawer` per page (`wp_footer`), `cart-quantity` on the cart page's quantity inputs
 * (`woocommerce_cart_item_quantity`) and `store-notice` (`woocommerce_demo_store`); the single product
 * page's islands (Shop_Islands_Integration_Product), the classic checkout's `checkout` island, over
 * the `[woocommerce_checkout]` shortcode's output (`do_shortcode_tag`, Shop_Islands_Integration_Checkout),
 * the cart page's `shipping-calculator` island around the cart totals
 * (`woocommerce_cart_collaterals`, Shop_Islands_Integration_Cart_Totals), and My Account's
 * `add-payment-method` island over its `form#add_payment_method`, in the `[woocommerce_my_account]`
 * shortcode's output (`do_shortcode_tag`, Shop_Islands_Integration_Account_Payment), and the Stripe
 * gateway's `express-checkout` buttons where it prints them (Shop_Islands_Integration_Express_Checkout).
 * The listing's `catalog-ordering` and `result-count`, the `category-finder` over WooCommerce's
 * product categories dropdown, and the search bars' `live-search` (CommerceKit) and `smart-search`
 * (Smart Search for WooCommerce) are placed by Shop_Islands_Integration_Discovery. The site chrome's
 * `order-attribution`, `site-menu` (Storefront), `popups` and `anchor-scroll` (and the share and callback
 * shortcodes) by Shop_Islands_Integration_Chrome.
 *
 * An island that replaces one of WooCommerce's scripts (Shop_Islands_Assets::REPLACED_SCRIPTS)
 * stays off on a page where another script needs that one (a plugin's script listing it as a
 * dependency): the script cannot be left out, and the two would handle the same markup. That is
 * recorded for the settings page.
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
		'add-to-cart'         => 'woocommerce_loop_add_to_cart_link',
		'mini-cart'           => 'widget_display_callback',
		'cart-drawer'         => 'wp_footer',
		'cart-quantity'       => 'woocommerce_cart_item_quantity',
		'store-notice'        => 'woocommerce_demo_store',
		'variation-form'      => 'woocommerce_variable_add_to_cart',
		'product-gallery'     => 'woocommerce_before_single_product_summary',
		'sale-badge'          => 'woocommerce_sale_flash',
		'product-tabs'        => 'woocommerce_after_single_product_summary',
		'product-reviews'     => 'comment_form_before',
		'sticky-add-to-cart'  => 'storefront_after_footer',
		'checkout'            => 'do_shortcode_tag',
		'shipping-calculator' => 'woocommerce_cart_collaterals',
		'add-payment-method'  => 'do_shortcode_tag',
		'express-checkout'    => 'woocommerce_after_add_to_cart_form',
		'catalog-ordering'    => 'woocommerce_before_template_part',
		'result-count'        => 'woocommerce_before_template_part',
		'category-finder'     => 'widget_display_callback',
		'live-search'         => 'get_product_search_form',
		'smart-search'        => 'do_shortcode_tag',
		'order-attribution'   => 'wp_footer',
		'site-menu'           => 'storefront_header',
		'popups'              => 'wp_footer',
		'anchor-scroll'       => 'wp_footer',
	);

	/** WooCommerce's cart widget (`WC_Widget_Cart`), by its base id. */
	const CART_WIDGET = 'woocommerce_widget_cart';

	/** Adds the hooks (the decision per island is taken when WooCommerce calls them). */
	public function register(): void {
		// Late, so the markup is wrapped as other plugins left it.
		add_filter( 'woocommerce_loop_add_to_cart_link', array( $this, 'loop_add_to_cart' ), 1000, 3 );
		add_filter( 'widget_display_callback', array( $this, 'cart_widget' ), 1000, 3 );
		add_filter( 'woocommerce_cart_item_quantity', array( $this, 'cart_item_quantity' ), 1000, 3 );
		add_filter( 'woocommerce_demo_store', array( $this, 'store_notice' ), 1000, 2 );
		// Before the plugin's settings block and script decisions (19), after the store notice (10).
		add_action( 'wp_footer', array( $this, 'cart_drawer' ), 18 );
		( new Shop_Islands_Integration_Product( $this ) )->register();
		( new Shop_Islands_Integration_Checkout( $this ) )->register();
		( new Shop_Islands_Integration_Cart_Totals( $this ) )->register();
		( new Shop_Islands_Integration_Account_Payment( $this ) )->register();
		( new Shop_Islands_Integration_Express_Checkout( $this ) )->register();
		( new Shop_Islands_Integration_Discovery( $this ) )->register();
		( new Shop_Islands_Integration_Chrome( $this ) )->register();
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
	 * Whether `$island` can be placed here and now: on (`enabled()`), and no script on the page
	 * needs one the island replaces (then the conflict is recorded for the settings page).
	 *
	 * @param string $island Island name.
	 */
	public function placeable( string $island ): bool {
		if ( ! $this->enabled( $island ) ) {
			return false;
		}
		$assets    = Shop_Islands_Plugin::instance()->assets;
		$conflicts = $assets->dependants_of_replaced( $island );
		if ( ! $conflicts ) {
			return true;
		}
		$assets->record_conflicts( $island, $conflicts );
		return false;
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
		if ( ! in_array( 'ajax_add_to_cart', preg_split( '/\s+/', $class ), true ) ) {
			return $html;
		}
		$props = $this->enabled( 'add-to-cart' ) ? self::button_props( $html, $class, $args ) : null;
		if ( null === $props || ! $this->placeable( 'add-to-cart' ) ) {
			// add-to-cart.js runs this button: it stays on the page even where a mini-cart island is.
			Shop_Islands_Plugin::instance()->assets->left_to_woocommerce( 'add-to-cart' );
			return $html;
		}
		return shop_islands_render( 'add-to-cart', $props, $html );
	}

	/**
	 * `widget_display_callback` for WooCommerce's cart widget (Storefront prints it in its header
	 * with `the_widget()`; sites put it in sidebars): the widget is rendered here and its
	 * `div.widget_shopping_cart_content` (empty: WooCommerce's cart-fragments.js fills it, as the
	 * island's cart store does) becomes a `mini-cart` island, WooCommerce's markup its fallback.
	 * Returning false tells WordPress the widget was displayed.
	 *
	 * - A widget that is only its wrapper around the content (Storefront's header cart) becomes
	 *   the island whole, the wrapper's classes its `className` (as the demo store prints it), so
	 *   the island hides the whole dropdown when the site hides an empty cart.
	 * - Otherwise (a title, `hide_cart_widget_if_empty`, a sidebar's section) only the content is
	 *   wrapped, in a `div.shop-islands-mini-cart`, the widget's own markup around it kept.
	 *
	 * @param mixed $instance The widget's settings, or false when a filter before this one
	 *                        displayed it already (or hid it).
	 * @param mixed $widget   The widget.
	 * @param mixed $args     Its display arguments (`before_widget`…).
	 * @return mixed The settings (WordPress displays the widget), or false (displayed here).
	 */
	public function cart_widget( $instance, $widget = null, $args = array() ) {
		if ( ! is_array( $instance ) || ! $widget instanceof WP_Widget || self::CART_WIDGET !== $widget->id_base
			|| ! is_array( $args ) || is_admin() || $widget->is_preview() || ! $this->enabled( 'mini-cart' ) ) {
			return $instance;
		}
		if ( ! isset( $args['widget_id'] ) ) {
			// the_widget(): what it does after this filter, since it will not get there.
			/** This action is documented in wp-includes/widgets.php */
			do_action( 'the_widget', get_class( $widget ), $instance, $args );
			$widget->_set( -1 );
		}
		ob_start();
		try {
			$widget->widget( $args, $instance );
		} finally {
			$html = (string) ob_get_clean();
		}
		// The widget enqueues wc-cart-fragments as it renders: conflicts are known only now.
		echo $this->mini_cart_html( $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's markup, props escaped by shop_islands_render().
		return false;
	}

	/**
	 * The cart widget's HTML with its content made a `mini-cart` island, or as it was (nothing
	 * printed: the cart and checkout pages; a theme's own island; markup it cannot read).
	 *
	 * @param string $html The widget's HTML.
	 */
	private function mini_cart_html( string $html ): string {
		$open = '<div class="widget_shopping_cart_content">';
		if ( str_contains( $html, 'data-island=' ) || 1 !== substr_count( $html, $open ) ) {
			return $html;
		}
		// The content runs to its own </div>: WooCommerce's mini-cart has no <div> inside.
		$content = '<div class="widget_shopping_cart_content">(?:(?!<div\b|</div>).)*</div>';
		if ( preg_match( '#^\s*<div class="([^"<>]*)">\s*' . $content . '\s*</div>\s*$#is', $html, $m ) ) {
			if ( ! $this->placeable( 'mini-cart' ) ) {
				return $html;
			}
			return shop_islands_render( 'mini-cart', array( 'className' => self::text( $m[1] ) ), $html );
		}
		if ( ! preg_match( '#' . $content . '#is', $html, $m, PREG_OFFSET_CAPTURE ) || ! $this->placeable( 'mini-cart' ) ) {
			return $html;
		}
		$island = shop_islands_render(
			'mini-cart',
			array( 'className' => 'shop-islands-mini-cart' ),
			'<div class="shop-islands-mini-cart">' . $m[0][0] . '</div>'
		);
		return substr_replace( $html, $island, $m[0][1], strlen( $m[0][0] ) );
	}

	/**
	 * `wp_footer`: the cart drawer, once per page (not when the theme printed one), with no
	 * fallback: without JavaScript the header cart link goes to the cart page. Not on the pages
	 * where WooCommerce hides its mini-cart (`woocommerce_widget_cart_is_hidden`: the cart and the
	 * checkout), which show the cart themselves.
	 */
	public function cart_drawer(): void {
		if ( is_admin() || is_feed() || ! function_exists( 'wc_get_checkout_url' ) || Shop_Islands_Plugin::instance()->assets->printed( 'cart-drawer' ) ) {
			return;
		}
		$checkout = wc_get_checkout_url();
		if ( ! is_string( $checkout ) || '' === $checkout ) {
			return;
		}
		$hidden = function_exists( 'is_cart' ) && function_exists( 'is_checkout' ) && ( is_cart() || is_checkout() );
		/** This filter is documented in woocommerce/includes/widgets/class-wc-widget-cart.php */
		if ( apply_filters( 'woocommerce_widget_cart_is_hidden', $hidden ) || ! $this->placeable( 'cart-drawer' ) ) {
			return;
		}
		shop_islands_print( 'cart-drawer', array( 'checkoutUrl' => $checkout ) );
	}

	/**
	 * `woocommerce_cart_item_quantity`: a cart line's quantity input (WooCommerce's
	 * `global/quantity-input.php`) becomes a `cart-quantity` island (− / + steppers), the input
	 * its fallback, in the stepper's `div.quantity.shop-islands-qty` (the room for the buttons is
	 * there before they come). A hidden or read-only input (a product sold individually) stays as
	 * it is. WooCommerce's cart.js stays too: it updates the cart in the page when the form is
	 * submitted, which the island leaves to it.
	 *
	 * @param mixed $html          The quantity input's HTML.
	 * @param mixed $cart_item_key The cart line's key (unused: the input's name holds it).
	 * @param mixed $cart_item     The cart line (`data`: the product, for its name).
	 * @return mixed The HTML, wrapped or as it was.
	 */
	public function cart_item_quantity( $html, $cart_item_key = '', $cart_item = array() ) {
		unset( $cart_item_key );
		if ( ! is_string( $html ) || str_contains( $html, 'data-island=' ) || ! $this->enabled( 'cart-quantity' ) ) {
			return $html;
		}
		if ( ! preg_match( '#^(\s*<div class=")quantity(")#i', $html ) ) {
			return $html;
		}
		$product = is_array( $cart_item ) && isset( $cart_item['data'] ) && is_object( $cart_item['data'] ) ? $cart_item['data'] : null;
		$name    = null !== $product && method_exists( $product, 'get_name' ) ? $product->get_name() : '';
		$props   = self::quantity_props( $html, is_string( $name ) ? self::text( wp_strip_all_tags( $name ) ) : '' );
		if ( null === $props || ! $this->placeable( 'cart-quantity' ) ) {
			return $html;
		}
		$fallback = (string) preg_replace( '#^(\s*<div class=")quantity(")#i', '$1quantity shop-islands-qty$2', $html, 1 );
		return shop_islands_render( 'cart-quantity', $props, $fallback );
	}

	/**
	 * The cart-quantity island's props (widgets/cart-quantity/schema.ts) read from WooCommerce's
	 * quantity input: one `<input type="number">`, not read-only, with a name, an id and a label.
	 *
	 * @param string $html         The quantity input's HTML.
	 * @param string $product_name The product's name ('' when unknown: the label then).
	 * @return array<string, mixed>|null
	 */
	private static function quantity_props( string $html, string $product_name ): ?array {
		if ( 1 !== preg_match_all( '#<input\b#i', $html ) || ! preg_match( '#<input\b((?:[^>"\']|"[^"]*"|\'[^\']*\')*)>#is', $html, $input ) ) {
			return null;
		}
		$attributes = self::attributes( $input[1] );
		$type       = strtolower( $attributes['type'] ?? 'text' );
		if ( 'number' !== $type || isset( $attributes['readonly'] ) || isset( $attributes['disabled'] )
			|| '' === ( $attributes['name'] ?? '' ) || '' === ( $attributes['id'] ?? '' ) ) {
			return null;
		}
		$label = '';
		if ( preg_match_all( '#<label\b([^>]*)>(.*?)</label>#is', $html, $labels, PREG_SET_ORDER ) ) {
			foreach ( $labels as $found ) {
				if ( ( self::attributes( $found[1] )['for'] ?? '' ) === $attributes['id'] ) {
					$label = trim( self::text( wp_strip_all_tags( $found[2] ) ) );
				}
			}
		}
		if ( '' === $label ) {
			$label = trim( $attributes['aria-label'] ?? '' );
		}
		if ( '' === $label ) {
			return null;
		}
		$props = array(
			'name'  => $attributes['name'],
			'id'    => $attributes['id'],
			'value' => self::number( $attributes['value'] ?? '' ),
			'min'   => '' === ( $attributes['min'] ?? '' ) ? null : self::number( $attributes['min'] ),
			'max'   => '' === ( $attributes['max'] ?? '' ) ? null : self::number( $attributes['max'] ),
			'step'  => self::number( $attributes['step'] ?? '1' ),
			'label' => $label,
			'productName' => '' !== trim( $product_name ) ? trim( $product_name ) : $label,
		);
		if ( isset( $attributes['class'] ) ) {
			$props['className'] = $attributes['class'];
		}
		if ( in_array( $attributes['inputmode'] ?? '', array( 'numeric', 'decimal' ), true ) ) {
			$props['inputMode'] = $attributes['inputmode'];
		}
		return $props;
	}

	/**
	 * An element's attributes (name in lower case => value, entities decoded; '' for a bare one).
	 *
	 * @param string $source What follows the tag name.
	 * @return array<string, string>
	 */
	private static function attributes( string $source ): array {
		preg_match_all( '#([^\s"\'>/=]+)(?:\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s"\'=<>`]+)))?#', $source, $pairs, PREG_SET_ORDER );
		$attributes = array();
		foreach ( $pairs as $pair ) {
			$name = strtolower( $pair[1] );
			if ( ! isset( $attributes[ $name ] ) ) {
				$attributes[ $name ] = self::text( ( $pair[2] ?? '' ) . ( $pair[3] ?? '' ) . ( $pair[4] ?? '' ) );
			}
		}
		return $attributes;
	}

	/**
	 * A number attribute as a number when it is one (`2`, `0.5`), else the text (`any`, '').
	 *
	 * @param string $value Attribute value.
	 * @return int|float|string
	 */
	private static function number( string $value ) {
		$value = trim( $value );
		if ( preg_match( '/^-?\d{1,15}$/D', $value ) ) {
			return (int) $value;
		}
		if ( preg_match( '/^-?\d{0,15}\.\d{1,15}$/D', $value ) ) {
			return (float) $value;
		}
		return $value;
	}

	/**
	 * `woocommerce_demo_store`: WooCommerce's store notice becomes a `store-notice` island, the
	 * notice its fallback (hidden until WooCommerce's woocommerce.js, which stays, or the island
	 * shows it). The props are read from the notice as printed: its `data-notice-id`, its message
	 * (HTML WooCommerce filtered with wp_kses_post) and the dismiss link's text.
	 *
	 * @param mixed $html   The notice's HTML.
	 * @param mixed $notice The notice's text (unused: the markup is what other filters left).
	 * @return mixed The HTML, wrapped or as it was.
	 */
	public function store_notice( $html, $notice = '' ) {
		unset( $notice );
		if ( ! is_string( $html ) || str_contains( $html, 'data-island=' ) || ! $this->enabled( 'store-notice' ) ) {
			return $html;
		}
		if ( ! preg_match( '#^\s*<p\b((?:[^>"\']|"[^"]*"|\'[^\']*\')*)>(.*)<a\b((?:[^>"\']|"[^"]*"|\'[^\']*\')*)>((?:(?!<a\b).)*?)</a>\s*</p>\s*$#is', $html, $m ) ) {
			return $html;
		}
		$notice_attributes = self::attributes( $m[1] );
		$link_attributes   = self::attributes( $m[3] );
		$notice_id         = $notice_attributes['data-notice-id'] ?? '';
		if ( ! in_array( 'woocommerce-store-notice', preg_split( '/\s+/', $notice_attributes['class'] ?? '' ), true )
			|| ! in_array( 'woocommerce-store-notice__dismiss-link', preg_split( '/\s+/', $link_attributes['class'] ?? '' ), true )
			|| ! preg_match( '/^[\w-]+$/D', $notice_id ) || str_contains( $m[2], '<p' ) ) {
			return $html;
		}
		$props = array(
			'noticeId' => $notice_id,
			'message'  => trim( $m[2] ),
		);
		$label = trim( self::text( wp_strip_all_tags( $m[4] ) ) );
		if ( '' !== $label ) {
			$props['dismissLabel'] = $label;
		}
		if ( ! $this->placeable( 'store-notice' ) ) {
			return $html;
		}
		return shop_islands_render( 'store-notice', $props, $html );
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

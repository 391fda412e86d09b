<?php
/**
 * Automatic integration on the classic checkout page: the `checkout` island around what
 * WooCommerce's `[woocommerce_checkout]` shortcode prints.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce prints the classic checkout through its shortcode (`WC_Shortcode_Checkout::output()`,
 * in `WC_Shortcodes::shortcode_wrapper()`'s `<div class="woocommerce">`): the notices wrapper, the
 * login toggle and form, the coupon toggle and form (`woocommerce_before_checkout_form`), then
 * `form.checkout`. The shortcode's output is a string when WordPress's `do_shortcode_tag` filter
 * gets it, so the whole content of that `div.woocommerce` becomes the island's fallback, without
 * buffering any output, and on WooCommerce 7.8 and 9.9 alike. The island keeps that markup (it
 * adopts it: the forms stay the forms that post) and replaces WooCommerce's checkout.js,
 * country-select.js and address-i18n.js (and selectWoo, when nothing else needs it), which are
 * then left out of the page (Shop_Islands_Assets::REPLACED_SCRIPTS).
 *
 * Only where WooCommerce shows a form its checkout.js runs: `form.checkout`, or on the order-pay page
 * the order's `form#order_review` (form-pay.php: the payment method and Pay for order, which the
 * island runs in its order-pay mode); not on the order-received page, not when the output holds no
 * such form ("You must be logged in to checkout.", the cart errors, the pay page's "This order
 * cannot be paid for" notices), not when the page holds WooCommerce's checkout block (whose own
 * scripts run it). Where a script on the page
 * needs checkout.js (a payment gateway's), WooCommerce's checkout stays, and the island stays off:
 * not placed (`placeable()`), or, when that script comes later, stepping aside (`step_aside()`).
 */
final class Shop_Islands_Integration_Checkout {

	/** WooCommerce's checkout shortcode (its tag, before `woocommerce_checkout_shortcode_tag`). */
	const SHORTCODE = 'woocommerce_checkout';

	/** The Stripe gateway's classic checkout script (its card box), which the island replaces. */
	const STRIPE_SCRIPT = 'wc-stripe-upe-classic';

	/** Whether the island on this page runs the Stripe gateway's card box (it got its settings). */
	private bool $card = false;

	/**
	 * The integration, for the per-island switch and the script conflicts.
	 *
	 * @param Shop_Islands_Integration $integration The integration.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks. */
	public function register(): void {
		add_filter( 'shop_islands_replaced_scripts', array( $this, 'replaced_scripts' ) );
		// Late, so the markup is wrapped as other plugins left it.
		add_filter( 'do_shortcode_tag', array( $this, 'checkout_shortcode' ), 1000, 2 );
		// Right after the footer scripts are printed (_wp_footer_scripts, 10), before the loader runs.
		add_action( 'wp_print_footer_scripts', array( $this, 'step_aside' ), 11 );
	}

	/**
	 * `wp_print_footer_scripts` (11): when WooCommerce's checkout.js (or the scripts it depends on)
	 * was printed on a page holding a checkout island after all, the island steps aside: its
	 * container stops being one (an inline script, which runs before the deferred loader), and
	 * WooCommerce's checkout runs the page, as if the island were off. Both would handle the same
	 * forms (two `checkout` requests per order). It happens when a script that needs checkout.js is
	 * enqueued after the checkout was printed, too late for `placeable()`: the Stripe gateway
	 * enqueues its classic checkout script, which lists `wc-checkout`, on `wp_footer`. The conflict
	 * is recorded for the settings page (Shop_Islands_Assets::dequeue_replaced_scripts()).
	 */
	public function step_aside(): void {
		if ( is_admin() || ! Shop_Islands_Plugin::instance()->assets->printed( 'checkout' ) ) {
			return;
		}
		$replaced = array();
		foreach ( Shop_Islands_Assets::REPLACED_SCRIPTS as $handle => $islands ) {
			if ( in_array( 'checkout', $islands, true ) && ! isset( Shop_Islands_Assets::SHARED_LIBRARIES[ $handle ] ) ) {
				$replaced[] = $handle;
			}
		}
		if ( ! array_intersect( $replaced, wp_scripts()->done ) ) {
			return;
		}
		wp_print_inline_script_tag( 'document.querySelectorAll(\'[data-island="checkout"]\').forEach(function(el){el.removeAttribute("data-island");});' );
	}

	/**
	 * `do_shortcode_tag`: the checkout shortcode's output, the content of its `div.woocommerce`
	 * made a `checkout` island (WooCommerce's markup its fallback), or as it was.
	 *
	 * @param mixed $output The shortcode's output.
	 * @param mixed $tag    The shortcode's tag.
	 * @return mixed
	 */
	public function checkout_shortcode( $output, $tag = '' ) {
		if ( ! is_string( $output ) || ! is_string( $tag ) || self::tag() !== $tag || is_admin() || is_feed()
			|| ! $this->integration->enabled( 'checkout' ) || ! self::checkout_page() ) {
			return $output;
		}
		// WC_Shortcodes::shortcode_wrapper() around WC_Shortcode_Checkout::output().
		if ( ! preg_match( '#^(\s*<div class="woocommerce">)(.*)(</div>\s*)$#sD', $output, $m ) ) {
			return $output;
		}
		$content = $m[2];
		if ( str_contains( $content, 'data-island=' ) || ! self::has_form( $content, self::pay_page() ) ) {
			return $output;
		}
		$props = self::props();
		if ( null === $props ) {
			return $output;
		}
		// With the gateway's settings the island draws the card box itself: the gateway's classic
		// checkout script (which needs checkout.js) is replaced too, so it keeps the island off no more.
		$stripe     = self::stripe_params();
		$this->card = null !== $stripe;
		if ( ! $this->integration->placeable( 'checkout' ) ) {
			$this->card = false;
			return $output;
		}
		if ( null !== $stripe ) {
			$props['stripe'] = $stripe;
		}
		return $m[1] . shop_islands_render( 'checkout', $props, $content, array( 'hydrate' => 'load' ) ) . $m[3];
	}

	/**
	 * `shop_islands_replaced_scripts`: on a page whose checkout island runs the card box, the Stripe
	 * gateway's classic checkout script is one of the island's (and, with it, its Stripe.js tag: the
	 * island loads Stripe.js itself when the card box is used).
	 *
	 * @param mixed $replaced Handle => islands.
	 * @return mixed
	 */
	public function replaced_scripts( $replaced ) {
		if ( $this->card && is_array( $replaced ) ) {
			$replaced[ self::STRIPE_SCRIPT ] = array( 'checkout' );
		}
		return $replaced;
	}

	/**
	 * The Stripe gateway's settings for its classic card box (`wc_stripe_upe_params`:
	 * `WC_Stripe_UPE_Payment_Gateway::javascript_params()` through the gateway's filter), when the
	 * gateway is offered on this page and gives a publishable key; else null (the box stays the
	 * gateway's, and so does the page: its script needs checkout.js). Also read by the account's
	 * add-payment-method integration.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function stripe_params(): ?array {
		if ( ! function_exists( 'WC' ) || ! is_callable( array( WC(), 'payment_gateways' ) ) ) {
			return null;
		}
		$gateways = WC()->payment_gateways();
		if ( ! is_object( $gateways ) || ! is_callable( array( $gateways, 'get_available_payment_gateways' ) ) ) {
			return null;
		}
		$available = $gateways->get_available_payment_gateways();
		$gateway   = is_array( $available ) ? ( $available['stripe'] ?? null ) : null;
		if ( ! is_object( $gateway ) || ! is_callable( array( $gateway, 'javascript_params' ) ) ) {
			return null;
		}
		/** This filter is documented in woocommerce-gateway-stripe's UPE gateway. */
		$params = apply_filters( 'wc_stripe_upe_params', $gateway->javascript_params() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- the gateway's filter.
		if ( ! is_array( $params ) || ! is_string( $params['key'] ?? null ) || ! preg_match( '/^pk_(test|live)_[A-Za-z0-9]+$/', $params['key'] ) ) {
			return null;
		}
		// As wp_localize_script() hands them to the page: scalars as strings.
		foreach ( $params as $key => $value ) {
			if ( is_bool( $value ) ) {
				$params[ $key ] = $value ? '1' : '';
			}
		}
		return $params;
	}

	/** The checkout shortcode's tag, as WooCommerce registered it. */
	private static function tag(): string {
		/** This filter is documented in woocommerce/includes/class-wc-shortcodes.php */
		$tag = apply_filters( 'woocommerce_checkout_shortcode_tag', self::SHORTCODE ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's filter.
		return is_string( $tag ) && '' !== $tag ? $tag : self::SHORTCODE;
	}

	/**
	 * Whether this is a classic checkout page where WooCommerce shows its checkout form
	 * (`is_checkout()`: where WooCommerce enqueues checkout.js), not the order-received page and
	 * not a page with WooCommerce's checkout block.
	 */
	private static function checkout_page(): bool {
		if ( ! function_exists( 'is_checkout' ) || ! is_checkout() ) {
			return false;
		}
		if ( function_exists( 'is_order_received_page' ) && is_order_received_page() ) {
			return false;
		}
		return ! ( function_exists( 'has_block' ) && has_block( 'woocommerce/checkout' ) );
	}

	/** Whether this is the order-pay page (`is_checkout_pay_page()`). */
	private static function pay_page(): bool {
		return function_exists( 'is_checkout_pay_page' ) && is_checkout_pay_page();
	}

	/**
	 * Whether the markup holds a form the island runs: a `form.checkout` (WooCommerce's checkout
	 * form), or on the order-pay page (`$pay`) a `form#order_review` (form-pay.php's).
	 *
	 * @param string $html HTML.
	 * @param bool   $pay  Whether this is the order-pay page.
	 */
	private static function has_form( string $html, bool $pay ): bool {
		preg_match_all( '#<form\b((?:[^>"\']|"[^"]*"|\'[^\']*\')*)>#i', $html, $forms );
		foreach ( $forms[1] as $attributes ) {
			if ( $pay && 'order_review' === self::attribute( $attributes, 'id' ) ) {
				return true;
			}
			$classes = preg_split( '/\s+/', trim( self::attribute( $attributes, 'class' ) ?? '' ) );
			if ( in_array( 'checkout', $classes, true ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The value of an attribute in a tag's attribute text (quoted or not; entities left as they are),
	 * or null.
	 *
	 * @param string $attributes The tag's attributes.
	 * @param string $name       The attribute's name.
	 */
	private static function attribute( string $attributes, string $name ): ?string {
		if ( ! preg_match( '#\s' . $name . '\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s"\'=<>`]+))#i', $attributes, $value ) ) {
			return null;
		}
		return ( $value[1] ?? '' ) . ( $value[2] ?? '' ) . ( $value[3] ?? '' );
	}

	/**
	 * The island's props (widgets/checkout/schema.ts): what WooCommerce would have localised for its
	 * scripts (`wc_checkout_params`, `wc_address_i18n_params`, `wc_country_select_params`). Null when
	 * WooCommerce cannot give them (the island would not mount).
	 *
	 * @return array<string, mixed>|null
	 */
	private static function props(): ?array {
		if ( ! function_exists( 'wc_get_account_endpoint_url' ) ) {
			return null;
		}
		$orders = wc_get_account_endpoint_url( 'orders' );
		$i18n   = self::address_i18n_params();
		$select = self::country_select_params();
		if ( ! is_string( $orders ) || ! self::http_url( $orders ) || null === $i18n || null === $select ) {
			return null;
		}
		$checkout = self::checkout_params();
		return array(
			'nonces'     => array(
				'updateOrderReview' => wp_create_nonce( 'update-order-review' ),
				'applyCoupon'       => wp_create_nonce( 'apply-coupon' ),
				'removeCoupon'      => wp_create_nonce( 'remove-coupon' ),
			),
			'isCheckout' => ! self::pay_page(),
			'ordersUrl'  => $orders,
			'address'    => array(
				'i18n'          => $i18n,
				'countrySelect' => $select,
			),
			'debug'      => self::js_truthy( $checkout['debug_mode'] ?? false ),
		);
	}

	/**
	 * The address rules the islands read (`src/contract/address`): WooCommerce's
	 * `wc_address_i18n_params` and `wc_country_select_params`, as it would localise them. Null when
	 * WooCommerce cannot give them.
	 *
	 * @return array{i18n: array<string, mixed>, countrySelect: array<string, mixed>}|null
	 */
	public static function address_props(): ?array {
		$i18n   = self::address_i18n_params();
		$select = self::country_select_params();
		return null === $i18n || null === $select ? null : array(
			'i18n'          => $i18n,
			'countrySelect' => $select,
		);
	}

	/** WooCommerce's countries (`WC()->countries`), or null. */
	private static function countries(): ?object {
		if ( ! function_exists( 'WC' ) ) {
			return null;
		}
		$countries = WC()->countries ?? null;
		return is_object( $countries ) ? $countries : null;
	}

	/**
	 * `wc_address_i18n_params` as the page would get it: WooCommerce's address rules per country
	 * and the rows they apply to, each a JSON string (as WooCommerce encodes them), through its filters.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function address_i18n_params(): ?array {
		$countries = self::countries();
		if ( null === $countries || ! is_callable( array( $countries, 'get_country_locale' ) ) || ! is_callable( array( $countries, 'get_country_locale_field_selectors' ) ) ) {
			return null;
		}
		// phpcs:disable WordPress.WP.I18n.TextDomainMismatch -- WooCommerce's own strings, in the site's language.
		$params = self::localised(
			'wc-address-i18n',
			array(
				'locale'             => wp_json_encode( $countries->get_country_locale() ),
				'locale_fields'      => wp_json_encode( $countries->get_country_locale_field_selectors() ),
				'i18n_required_text' => esc_attr__( 'required', 'woocommerce' ),
				'i18n_optional_text' => esc_html__( 'optional', 'woocommerce' ),
			)
		);
		// phpcs:enable
		return null !== $params && isset( $params['locale'] ) && is_string( $params['locale'] ) ? $params : null;
	}

	/**
	 * `wc_country_select_params` as the page would get it: the states of every country the store
	 * sells and ships to (one JSON string, as WooCommerce encodes it) and the search select's
	 * messages, through WooCommerce's filters.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function country_select_params(): ?array {
		$countries = self::countries();
		if ( null === $countries || ! is_callable( array( $countries, 'get_allowed_country_states' ) ) || ! is_callable( array( $countries, 'get_shipping_country_states' ) ) ) {
			return null;
		}
		$states = array_merge( (array) $countries->get_allowed_country_states(), (array) $countries->get_shipping_country_states() );
		// phpcs:disable WordPress.WP.I18n.TextDomainMismatch, WordPress.WP.I18n.MissingTranslatorsComment -- WooCommerce's own strings, in the site's language.
		$params = self::localised(
			'wc-country-select',
			array(
				'countries'                 => wp_json_encode( $states ),
				'i18n_select_state_text'    => esc_attr__( 'Select an option&hellip;', 'woocommerce' ),
				'i18n_no_matches'           => _x( 'No matches found', 'enhanced select', 'woocommerce' ),
				'i18n_ajax_error'           => _x( 'Loading failed', 'enhanced select', 'woocommerce' ),
				'i18n_input_too_short_1'    => _x( 'Please enter 1 or more characters', 'enhanced select', 'woocommerce' ),
				'i18n_input_too_short_n'    => _x( 'Please enter %qty% or more characters', 'enhanced select', 'woocommerce' ),
				'i18n_input_too_long_1'     => _x( 'Please delete 1 character', 'enhanced select', 'woocommerce' ),
				'i18n_input_too_long_n'     => _x( 'Please delete %qty% characters', 'enhanced select', 'woocommerce' ),
				'i18n_selection_too_long_1' => _x( 'You can only select 1 item', 'enhanced select', 'woocommerce' ),
				'i18n_selection_too_long_n' => _x( 'You can only select %qty% items', 'enhanced select', 'woocommerce' ),
				'i18n_load_more'            => _x( 'Loading more results&hellip;', 'enhanced select', 'woocommerce' ),
				'i18n_searching'            => _x( 'Searching&hellip;', 'enhanced select', 'woocommerce' ),
			)
		);
		// phpcs:enable
		return null !== $params && isset( $params['countries'] ) && is_string( $params['countries'] ) ? $params : null;
	}

	/**
	 * `wc_checkout_params` as far as the island reads it (`debug_mode`), with the keys WooCommerce 7.8
	 * and 9.9 both give it, through WooCommerce's filters (a site may turn the debug mode on there).
	 *
	 * @return array<string, mixed>
	 */
	private static function checkout_params(): array {
		global $wp;
		$ajax     = class_exists( 'WC_AJAX' ) && is_callable( array( 'WC_AJAX', 'get_endpoint' ) );
		$constant = '\Automattic\Jetpack\Constants';
		$debug    = class_exists( $constant ) && is_callable( array( $constant, 'is_true' ) )
			? (bool) call_user_func( array( $constant, 'is_true' ), 'WP_DEBUG' )
			: defined( 'WP_DEBUG' ) && WP_DEBUG;
		$vars     = isset( $wp ) && is_object( $wp ) && is_array( $wp->query_vars ?? null ) ? $wp->query_vars : array();
		$params   = self::localised(
			'wc-checkout',
			array(
				'ajax_url'                  => function_exists( 'WC' ) && is_callable( array( WC(), 'ajax_url' ) ) ? WC()->ajax_url() : admin_url( 'admin-ajax.php', 'relative' ),
				'wc_ajax_url'               => $ajax ? WC_AJAX::get_endpoint( '%%endpoint%%' ) : '',
				'update_order_review_nonce' => wp_create_nonce( 'update-order-review' ),
				'apply_coupon_nonce'        => wp_create_nonce( 'apply-coupon' ),
				'remove_coupon_nonce'       => wp_create_nonce( 'remove-coupon' ),
				'option_guest_checkout'     => get_option( 'woocommerce_enable_guest_checkout' ),
				'checkout_url'              => $ajax ? WC_AJAX::get_endpoint( 'checkout' ) : '',
				'is_checkout'               => empty( $vars['order-pay'] ) && ! isset( $vars['order-received'] ) ? 1 : 0,
				'debug_mode'                => $debug,
			)
		);
		return $params ?? array();
	}

	/**
	 * Script data through the filters WooCommerce applies before localising it (the deprecated
	 * `{$handle}_params`, `woocommerce_get_script_data`, then `{$name}_params`), its top-level
	 * values then as `wp_localize_script()` hands them to the page (scalars as strings, entities
	 * decoded). Null when a filter left no array.
	 *
	 * @param string               $handle WooCommerce's script handle.
	 * @param array<string, mixed> $params The data.
	 * @return array<string, mixed>|null
	 */
	private static function localised( string $handle, array $params ): ?array {
		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's filters.
		$params = apply_filters_deprecated( $handle . '_params', array( $params ), '3.0.0', 'woocommerce_get_script_data' );
		$params = apply_filters( 'woocommerce_get_script_data', $params, $handle );
		if ( ! $params ) {
			return null;
		}
		$params = apply_filters( str_replace( '-', '_', $handle ) . '_params', $params );
		// phpcs:enable
		if ( ! is_array( $params ) ) {
			return null;
		}
		foreach ( $params as $key => $value ) {
			if ( is_scalar( $value ) ) {
				$params[ $key ] = html_entity_decode( (string) $value, ENT_QUOTES, 'UTF-8' );
			}
		}
		return $params;
	}

	/**
	 * Whether a localised value is true for the script reading it (`if ( params.debug_mode )`).
	 *
	 * @param mixed $value The value as localised (a string for a scalar).
	 */
	private static function js_truthy( $value ): bool {
		return is_scalar( $value ) ? '' !== (string) $value : null !== $value;
	}

	/**
	 * Whether the island accepts `$url` (src/contract/url: http(s); relative ones resolve to the page).
	 *
	 * @param string $url URL.
	 */
	private static function http_url( string $url ): bool {
		$url = trim( $url );
		if ( '' === $url ) {
			return false;
		}
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		return null === $scheme || false === $scheme ? ! preg_match( '/^[a-z][a-z0-9+.-]*:/i', $url ) : in_array( strtolower( (string) $scheme ), array( 'http', 'https' ), true );
	}
}

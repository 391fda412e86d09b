<?php
/**
 * Automatic integration on the classic checkout page: the `checkout` island around the content of
 * the `[woocommerce_checkout]` shortcode's `div.woocommerce`, and WooCommerce's checkout scripts left
 * out where it is printed.
 *
 * @package ShopIslands
 */

// Stand-ins for WooCommerce's functions (Debian has no WooCommerce package): which page this is comes
// from `$GLOBALS['shop_islands_test_wc_page']` ('checkout', 'order-received', 'order-pay' or unset:
// another page), so the other tests see no checkout page.
if ( ! function_exists( 'is_checkout' ) ) {
	/** As WooCommerce's: the checkout page, its endpoints included. */
	function is_checkout(): bool {
		return in_array( $GLOBALS['shop_islands_test_wc_page'] ?? '', array( 'checkout', 'order-received', 'order-pay' ), true );
	}
}
if ( ! function_exists( 'is_order_received_page' ) ) {
	/** As WooCommerce's. */
	function is_order_received_page(): bool {
		return 'order-received' === ( $GLOBALS['shop_islands_test_wc_page'] ?? '' );
	}
}
if ( ! function_exists( 'is_checkout_pay_page' ) ) {
	/** As WooCommerce's. */
	function is_checkout_pay_page(): bool {
		return 'order-pay' === ( $GLOBALS['shop_islands_test_wc_page'] ?? '' );
	}
}
if ( ! function_exists( 'wc_get_account_endpoint_url' ) ) {
	/**
	 * As WooCommerce's, for a store whose account page is /my-account/.
	 *
	 * @param string $endpoint Endpoint.
	 */
	function wc_get_account_endpoint_url( $endpoint ): string {
		return home_url( '/my-account/' . $endpoint . '/' );
	}
}
if ( ! function_exists( 'WC' ) ) {
	/** WooCommerce's main object: what the integration reads of it (`countries`). */
	function WC(): object { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.FunctionNameInvalid -- WooCommerce's name.
		static $wc = null;
		if ( null === $wc ) {
			$wc = new class() {
				/** `WC()->countries`. */
				public Shop_Islands_Test_Countries $countries;

				/** Sets the countries. */
				public function __construct() {
					$this->countries = new Shop_Islands_Test_Countries();
				}

				/** `WC()->payment_gateways()`: the gateways of `$GLOBALS['shop_islands_test_gateways']`. */
				public function payment_gateways(): object {
					return new class() {
						/** The available gateways, id => gateway. */
						public function get_available_payment_gateways(): array {
							return $GLOBALS['shop_islands_test_gateways'] ?? array();
						}
					};
				}
			};
		}
		return $wc;
	}
}

/** The Stripe gateway's UPE gateway as the integration reads it: `javascript_params()`. */
final class Shop_Islands_Test_Stripe_Gateway {
	/**
	 * The params.
	 *
	 * @param array<string, mixed> $params What `javascript_params()` gives.
	 */
	public function __construct( private array $params ) {}

	/** As the gateway's (WooCommerce Stripe Gateway 9.x). */
	public function javascript_params(): array {
		return $this->params;
	}
}

/**
 * `WC_Countries` as the integration reads it: a small store (Ireland, the United Kingdom, the United
 * States) with WooCommerce's shapes (a country without states is an empty array).
 */
final class Shop_Islands_Test_Countries {

	const LOCALE = array(
		'GB'      => array(
			'postcode' => array( 'label' => 'Postcode' ),
			'state'    => array(
				'label'    => 'County',
				'required' => false,
			),
		),
		'IE'      => array(
			'postcode' => array(
				'label'    => 'Eircode',
				'required' => true,
			),
			'state'    => array( 'label' => 'County' ),
		),
		'default' => array(
			'first_name' => array(
				'label'    => 'First name',
				'required' => true,
				'priority' => 10,
			),
			'city'       => array(
				'label'    => 'Town & City',
				'required' => true,
				'priority' => 70,
			),
			'state'      => array(
				'label'    => 'State / County',
				'required' => true,
				'priority' => 80,
			),
			'postcode'   => array(
				'label'    => 'Postcode / ZIP',
				'required' => true,
				'priority' => 90,
			),
		),
	);

	const SELECTORS = array(
		'address_1' => '#billing_address_1_field, #shipping_address_1_field',
		'state'     => '#billing_state_field, #shipping_state_field, #calc_shipping_state_field',
		'postcode'  => '#billing_postcode_field, #shipping_postcode_field, #calc_shipping_postcode_field',
	);

	const ALLOWED_STATES = array(
		'GB' => array(),
		'IE' => array(
			'CO' => 'Cork',
			'D'  => 'Dublin',
		),
	);

	const SHIPPING_STATES = array(
		'IE' => array(
			'CO' => 'Cork',
			'D'  => 'Dublin',
		),
		'US' => array( 'CA' => 'California' ),
	);

	/** Per-country field rules, `default` included. */
	public function get_country_locale(): array {
		return self::LOCALE;
	}

	/** Field => the rows its rules apply to. */
	public function get_country_locale_field_selectors(): array {
		return self::SELECTORS;
	}

	/** States of the countries the store sells to. */
	public function get_allowed_country_states(): array {
		return self::ALLOWED_STATES;
	}

	/** States of the countries the store ships to. */
	public function get_shipping_country_states(): array {
		return self::SHIPPING_STATES;
	}
}

/**
 * The shortcode is registered here as WooCommerce registers it, printing what WooCommerce 9.9 and
 * 7.8 print on the stores of the real-store suite (trimmed: two billing fields, one shipping method,
 * Cash on delivery), inside `WC_Shortcodes::shortcode_wrapper()`'s `<div class="woocommerce">`.
 */
class IntegrationCheckoutTest extends Shop_Islands_Test_Case {

	/** WooCommerce's script handles on the checkout page, as WooCommerce registers them. */
	const WC_SCRIPTS = array(
		'woocommerce'       => array( 'jquery' ),
		'selectWoo'         => array( 'jquery' ),
		'select2'           => array( 'jquery' ),
		'wc-country-select' => array( 'jquery' ),
		'wc-address-i18n'   => array( 'jquery', 'wc-country-select' ),
		'wc-checkout'       => array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ),
		'wc-cart'           => array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ),
	);

	/** What the shortcode prints inside its wrapper (set by each test). */
	private string $content = '';

	/** The query before the test. */
	private ?WP_Query $saved_query = null;

	protected function setUp(): void {
		parent::setUp();
		$this->saved_query = $GLOBALS['wp_query'] ?? null;
		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$this->content                        = self::checkout_markup( '9.9' );
		$wrapper                              = fn() => '<div class="woocommerce">' . $this->content . '</div>';
		add_shortcode( 'woocommerce_checkout', $wrapper );
		add_shortcode( 'woocommerce_cart', $wrapper );
	}

	protected function tearDown(): void {
		remove_shortcode( 'woocommerce_checkout' );
		remove_shortcode( 'woocommerce_cart' );
		unset( $GLOBALS['shop_islands_test_wc_page'], $GLOBALS['wc_queued_js'], $GLOBALS['post'] );
		$GLOBALS['wp_query'] = $this->saved_query;
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		parent::tearDown();
	}

	/**
	 * The checkout as WooCommerce prints it inside `div.woocommerce`: the notices wrapper, the login
	 * toggle and form, the coupon toggle and form (`woocommerce_before_checkout_form`), the checkout form.
	 *
	 * @param string $version '9.9' or '7.8' (no `aria-label` on the form, no id on the coupon form, `abbr` markers).
	 */
	private static function checkout_markup( string $version ): string {
		$new      = '9.9' === $version;
		$required = $new ? '<span class="required" aria-hidden="true">*</span>' : '<abbr class="required" title="required">*</abbr>';
		return '<div class="woocommerce-notices-wrapper"></div><div class="woocommerce-form-login-toggle">' . "\n\t\n\t"
			. '<div class="woocommerce-info">' . "\n\t\t" . 'Returning customer? <a href="#" class="showlogin">Click here to login</a>	</div>' . "\n</div>\n"
			. '<form class="woocommerce-form woocommerce-form-login login" method="post" style="display:none;">' . "\n"
			. '	<p class="form-row form-row-first"><label for="username">Username or email&nbsp;<span class="required">*</span></label><input type="text" class="input-text" name="username" id="username" autocomplete="username" /></p>' . "\n"
			. '	<p class="form-row form-row-last"><label for="password">Password&nbsp;<span class="required">*</span></label><input class="input-text woocommerce-Input" type="password" name="password" id="password" autocomplete="current-password" /></p>' . "\n"
			. '	<input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="922d32ca7e" /><input type="hidden" name="redirect" value="https://shop.example/checkout/" />' . "\n"
			. '	<button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Login">Login</button>' . "\n"
			. "</form>\n"
			. '<div class="woocommerce-form-coupon-toggle">' . "\n\t" . '<div class="woocommerce-info">' . "\n\t\t"
			. 'Have a coupon? <a href="#" ' . ( $new ? 'role="button" aria-label="Enter your coupon code" aria-controls="woocommerce-checkout-form-coupon" aria-expanded="false" ' : '' ) . 'class="showcoupon">Click here to enter your code</a>	</div>' . "\n</div>\n\n"
			. '<form class="checkout_coupon woocommerce-form-coupon" method="post" style="display:none"' . ( $new ? ' id="woocommerce-checkout-form-coupon"' : '' ) . '>' . "\n"
			. '	<p class="form-row form-row-first"><label for="coupon_code" class="screen-reader-text">Coupon:</label><input type="text" name="coupon_code" class="input-text" placeholder="Coupon code" id="coupon_code" value="" /></p>' . "\n"
			. '	<p class="form-row form-row-last"><button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button></p>' . "\n"
			. "</form>\n"
			. '<div class="woocommerce-notices-wrapper"></div>' . "\n"
			. '<form name="checkout" method="post" class="checkout woocommerce-checkout" action="https://shop.example/checkout/" enctype="multipart/form-data"' . ( $new ? ' aria-label="Checkout"' : '' ) . '>' . "\n"
			. '	<div class="col2-set" id="customer_details"><div class="col-1"><div class="woocommerce-billing-fields"><h3>Billing details</h3><div class="woocommerce-billing-fields__field-wrapper">'
			. '<p class="form-row form-row-first validate-required" id="billing_first_name_field" data-priority="10"><label for="billing_first_name" class="">First name&nbsp;' . $required . '</label><span class="woocommerce-input-wrapper"><input type="text" class="input-text " name="billing_first_name" id="billing_first_name" placeholder=""  value="" autocomplete="given-name" /></span></p>'
			. '<p class="form-row form-row-wide address-field update_totals_on_change validate-required" id="billing_country_field" data-priority="40"><label for="billing_country" class="">Country / Region&nbsp;' . $required . '</label><span class="woocommerce-input-wrapper"><select name="billing_country" id="billing_country" class="country_to_state country_select " autocomplete="country" data-placeholder="Select a country / region&hellip;" data-label="Country / Region"><option value="">Select a country / region&hellip;</option><option value="IE"  selected=\'selected\'>Ireland</option><option value="GB" >United Kingdom (UK)</option></select></span></p>'
			. '</div></div></div><div class="col-2"></div></div>' . "\n"
			. '	<h3 id="order_review_heading">Your order</h3>' . "\n"
			. '	<div id="order_review" class="woocommerce-checkout-review-order"><table class="shop_table woocommerce-checkout-review-order-table"><tbody><tr class="cart_item"><td class="product-name">Pro Match Football&nbsp;<strong class="product-quantity">&times;&nbsp;1</strong></td><td class="product-total"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>49.99</bdi></span></td></tr></tbody></table>'
			. '<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods"><li class="wc_payment_method payment_method_cod"><input id="payment_method_cod" type="radio" class="input-radio" name="payment_method" value="cod"  checked=\'checked\' data-order_button_text="" /><label for="payment_method_cod">Cash on delivery</label><div class="payment_box payment_method_cod" ><p>Pay with cash upon delivery.</p></div></li></ul>'
			. '<div class="form-row place-order"><button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button><input type="hidden" id="woocommerce-process-checkout-nonce" name="woocommerce-process-checkout-nonce" value="3db28b279a" /></div></div></div>' . "\n"
			. "</form>\n";
	}

	/** The order-pay page's content (checkout/form-pay.php): `form#order_review`, no `form.checkout`. */
	private static function order_pay_markup(): string {
		return '<div class="woocommerce-notices-wrapper"></div><form id="order_review" method="post"><table class="shop_table"><tbody><tr class="order_item"><td class="product-name">Pro Match Football</td></tr></tbody></table>'
			. '<div id="payment"><ul class="wc_payment_methods payment_methods methods"><li class="wc_payment_method payment_method_cod"><input id="payment_method_cod" type="radio" class="input-radio" name="payment_method" value="cod" checked="checked" /><label for="payment_method_cod">Cash on delivery</label></li></ul>'
			. '<div class="form-row"><input type="hidden" name="woocommerce_pay" value="1" /><button type="submit" class="button alt" id="place_order" value="Pay for order" data-value="Pay for order">Pay for order</button></div></div></form>';
	}

	/** What the page prints for the shortcode (as `the_content` runs it). */
	private static function checkout_page(): string {
		return do_shortcode( '[woocommerce_checkout]' );
	}

	/** The props of the page's single checkout container, decoded. */
	private static function props( string $html ): array {
		$json = self::props_json( $html );
		self::assertCount( 1, $json );
		$props = json_decode( $json[0], true, 512, JSON_THROW_ON_ERROR );
		self::assertIsArray( $props );
		return $props;
	}

	/**
	 * WooCommerce's scripts, registered as each version does (7.8: in the footer; 9.9: in `<head>` with
	 * `defer`), and enqueued as it enqueues them on the checkout page (selectWoo, wc-checkout and
	 * woocommerce; the others come as dependencies).
	 *
	 * @param string $version '9.9' or '7.8'.
	 */
	private static function woocommerce_scripts( string $version = '7.8' ): void {
		foreach ( self::WC_SCRIPTS as $handle => $deps ) {
			wp_register_script( $handle, "https://example.test/$handle.js", $deps, $version, '7.8' === $version );
			if ( '9.9' === $version ) {
				wp_script_add_data( $handle, 'strategy', 'defer' );
			}
		}
		foreach ( array( 'selectWoo', 'wc-checkout', 'woocommerce' ) as $handle ) {
			wp_enqueue_script( $handle );
		}
	}

	/**
	 * Which of WooCommerce's handles `$html` prints.
	 *
	 * @param string $html Printed scripts.
	 * @return string[]
	 */
	private static function printed( string $html ): array {
		return array_values( array_filter( array_keys( self::WC_SCRIPTS ), static fn( string $handle ): bool => str_contains( $html, "https://example.test/$handle.js" ) ) );
	}

	/** What `wp_head` prints of the scripts, after `wp_enqueue_scripts` ran. */
	private function head(): string {
		do_action( 'wp_enqueue_scripts' );
		ob_start();
		wp_print_head_scripts();
		return (string) ob_get_clean();
	}

	public function test_the_content_of_div_woocommerce_becomes_the_island_on_both_versions(): void {
		foreach ( array( '9.9', '7.8' ) as $version ) {
			Shop_Islands_Plugin::instance()->reset();
			$this->content = self::checkout_markup( $version );
			$printed       = self::checkout_page();

			$this->assertSame( 1, preg_match( '#^<div class="woocommerce">((?:<link [^>]*>)*)(<div data-island="checkout"[^>]*>)<script type="application/json" data-island-props>.*?</script>(.*)</div></div>$#s', $printed, $m ), $version );
			$this->assertSame( '<div data-island="checkout" data-island-src="' . self::real_src( 'checkout' ) . '" data-hydrate="load">', $m[2], $version );
			$this->assertSame( $this->content, $m[3], "$version: WooCommerce’s markup, unchanged, is the fallback: notices, login, coupon, form.checkout" );
			$this->assertNotSame( array(), self::links( $m[1], 'stylesheet' ), "$version: its stylesheet before it" );
			$this->assertNotSame( array(), self::links( $m[1], 'modulepreload' ), "$version: preloaded (it mounts on load)" );
			$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ), $version );
			$this->assertTrue( Shop_Islands_Plugin::instance()->assets->printed( 'checkout' ), $version );
		}
	}

	public function test_its_props_are_what_woocommerce_would_localise(): void {
		$props = self::props( self::checkout_page() );
		$this->assertSame( array( 'nonces', 'isCheckout', 'ordersUrl', 'address', 'debug' ), array_keys( $props ) );
		$this->assertSame(
			array(
				'updateOrderReview' => wp_create_nonce( 'update-order-review' ),
				'applyCoupon'       => wp_create_nonce( 'apply-coupon' ),
				'removeCoupon'      => wp_create_nonce( 'remove-coupon' ),
			),
			$props['nonces']
		);
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{10}$/', $props['nonces']['updateOrderReview'] );
		$this->assertTrue( $props['isCheckout'] );
		$this->assertSame( home_url( '/my-account/orders/' ), $props['ordersUrl'] );
		$this->assertSame( defined( 'WP_DEBUG' ) && WP_DEBUG, $props['debug'] );
		// wc_address_i18n_params: the rules and selectors each one JSON string, as WooCommerce encodes them.
		$this->assertSame(
			array(
				'locale'             => json_encode( Shop_Islands_Test_Countries::LOCALE ), // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- what WooCommerce's wp_json_encode() gives.
				'locale_fields'      => json_encode( Shop_Islands_Test_Countries::SELECTORS ), // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
				'i18n_required_text' => 'required',
				'i18n_optional_text' => 'optional',
			),
			$props['address']['i18n']
		);
		$this->assertSame( Shop_Islands_Test_Countries::LOCALE, json_decode( $props['address']['i18n']['locale'], true ) );
		// wc_country_select_params: the states of the countries sold and shipped to, as the page gets
		// them (wp_localize_script() decodes the entities: `&hellip;` is `…`).
		$this->assertSame(
			array(
				'countries'                 => '{"GB":[],"IE":{"CO":"Cork","D":"Dublin"},"US":{"CA":"California"}}',
				'i18n_select_state_text'    => 'Select an option…',
				'i18n_no_matches'           => 'No matches found',
				'i18n_ajax_error'           => 'Loading failed',
				'i18n_input_too_short_1'    => 'Please enter 1 or more characters',
				'i18n_input_too_short_n'    => 'Please enter %qty% or more characters',
				'i18n_input_too_long_1'     => 'Please delete 1 character',
				'i18n_input_too_long_n'     => 'Please delete %qty% characters',
				'i18n_selection_too_long_1' => 'You can only select 1 item',
				'i18n_selection_too_long_n' => 'You can only select %qty% items',
				'i18n_load_more'            => 'Loading more results…',
				'i18n_searching'            => 'Searching…',
			),
			$props['address']['countrySelect']
		);
	}

	public function test_the_props_follow_woocommerces_filters_and_are_escaped(): void {
		$this->add_hook(
			'wc_address_i18n_params',
			static function ( $params ) {
				$params['i18n_optional_text'] = 'optional</script><script>alert(1)</script> & <!--';
				return $params;
			}
		);
		$this->add_hook(
			'woocommerce_get_script_data',
			static function ( $params, $handle ) {
				if ( 'wc-checkout' === $handle ) {
					$params['debug_mode'] = false;
				}
				return $params;
			},
			10,
			2
		);
		$printed = self::checkout_page();
		$json    = self::props_json( $printed )[0];
		$this->assertStringNotContainsString( '</script', $json );
		$this->assertStringNotContainsString( '<!--', $json );
		$this->assertStringNotContainsString( '<', $json );
		$props = self::props( $printed );
		$this->assertSame( 'optional</script><script>alert(1)</script> & <!--', $props['address']['i18n']['i18n_optional_text'] );
		$this->assertFalse( $props['debug'], 'wc_checkout_params.debug_mode as filtered' );

		Shop_Islands_Plugin::instance()->reset();
		$this->add_hook(
			'wc_checkout_params',
			static function ( $params ) {
				$params['debug_mode'] = '1';
				return $params;
			}
		);
		$this->assertTrue( self::props( self::checkout_page() )['debug'] );
	}

	public function test_the_switch_turns_it_off_and_the_filter_wins(): void {
		$plain = '<div class="woocommerce">' . $this->content . '</div>';
		update_option( Shop_Islands_Integration::OPTION, array( 'checkout' => false ) );
		$this->assertSame( $plain, self::checkout_page() );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'checkout' === $island ? true : $on, 10, 2 );
		$this->assertStringContainsString( 'data-island="checkout"', self::checkout_page() );

		delete_option( Shop_Islands_Integration::OPTION );
		Shop_Islands_Plugin::instance()->reset();
		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'checkout' === $island ? false : $on, 20, 2 );
		$this->assertSame( $plain, self::checkout_page() );
		$this->assertArrayHasKey( 'checkout', Shop_Islands_Integration::ISLANDS, 'listed on the settings page' );
	}

	public function test_the_order_received_page_is_left_to_woocommerce(): void {
		self::woocommerce_scripts();
		$GLOBALS['shop_islands_test_wc_page'] = 'order-received';
		$this->content                        = '<div class="woocommerce-order"><p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">Thank you. Your order has been received.</p></div>';
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
		// Even with a form.checkout in it (a plugin's): the order is placed already.
		$this->content = self::checkout_markup( '9.9' );
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
	}

	public function test_the_pay_pages_form_becomes_the_island_in_its_order_pay_mode(): void {
		self::woocommerce_scripts();
		$GLOBALS['shop_islands_test_wc_page'] = 'order-pay';
		$this->content                        = self::order_pay_markup();
		$printed                              = self::checkout_page();
		$this->assertSame( 1, preg_match( '#^<div class="woocommerce">(?:<link [^>]*>)*<div data-island="checkout"[^>]*><script type="application/json" data-island-props>.*?</script>(.*)</div></div>$#s', $printed, $m ) );
		$this->assertSame( $this->content, $m[1], 'form-pay.php’s markup, unchanged, is the fallback (it posts without JavaScript)' );
		$this->assertFalse( self::props( $printed )['isCheckout'] );
		// checkout.js (which runs form#order_review there) and the address scripts are left out.
		$this->assertSame( array( 'woocommerce' ), self::printed( $this->footer() ) );
	}

	public function test_a_pay_page_without_its_form_is_left_to_woocommerce(): void {
		self::woocommerce_scripts();
		$GLOBALS['shop_islands_test_wc_page'] = 'order-pay';
		$cases                                = array(
			// WooCommerce's notices when the order cannot be paid (order_pay() prints no form).
			'<div class="woocommerce-notices-wrapper"></div><ul class="woocommerce-error" role="alert"><li>This order&rsquo;s status is &ldquo;Completed&rdquo;&mdash;it cannot be paid for. Please contact us if you need assistance.</li></ul>',
			// Another form with that id elsewhere than a form tag is not the pay form.
			'<div id="order_review"><p>Order summary</p></div>',
		);
		foreach ( $cases as $content ) {
			$this->content = $content;
			$this->assertSame( '<div class="woocommerce">' . $content . '</div>', self::checkout_page() );
		}
		$this->assertSame( array( 'woocommerce', 'selectWoo', 'wc-country-select', 'wc-address-i18n', 'wc-checkout' ), self::printed( $this->footer() ) );
		// On the checkout page itself a form#order_review alone is not the checkout form.
		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$this->content                        = self::order_pay_markup();
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
	}

	public function test_a_checkout_form_on_the_pay_page_gets_is_checkout_false(): void {
		$GLOBALS['shop_islands_test_wc_page'] = 'order-pay';
		$this->assertFalse( self::props( self::checkout_page() )['isCheckout'] );
	}

	public function test_what_is_not_the_checkout_form_is_left_as_it_is(): void {
		$cases = array(
			// WooCommerce's messages instead of the form.
			'You must be logged in to checkout.',
			'<p class="cart-empty woocommerce-info">There are some issues with the items in your cart. Please go back to the cart page and resolve these issues before checking out.</p>',
			// The theme's own island.
			shop_islands_render( 'checkout', array(), self::checkout_markup( '9.9' ) ),
		);
		Shop_Islands_Plugin::instance()->reset();
		foreach ( $cases as $content ) {
			$this->content = $content;
			$this->assertSame( '<div class="woocommerce">' . $content . '</div>', self::checkout_page() );
		}
		// Another page, another shortcode.
		$this->content = self::checkout_markup( '9.9' );
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', do_shortcode( '[woocommerce_cart]' ) );
		unset( $GLOBALS['shop_islands_test_wc_page'] );
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'checkout' ) );
	}

	public function test_a_page_with_woocommerces_checkout_block_is_left_to_it(): void {
		$GLOBALS['post'] = new WP_Post(
			(object) array(
				'ID'           => 7,
				'post_type'    => 'page',
				'post_content' => '<!-- wp:woocommerce/checkout --><div class="wp-block-woocommerce-checkout"></div><!-- /wp:woocommerce/checkout -->',
				'filter'       => 'raw', // get_post() then takes it as it is.
			)
		);
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );

		$GLOBALS['post']->post_content = '<!-- wp:shortcode -->[woocommerce_checkout]<!-- /wp:shortcode -->';
		$this->assertStringContainsString( 'data-island="checkout"', self::checkout_page() );
	}

	public function test_woocommerces_checkout_scripts_are_left_out_where_it_is_printed(): void {
		self::woocommerce_scripts( '7.8' );
		$this->assertStringContainsString( 'data-island="checkout"', self::checkout_page() );
		$footer = $this->footer();
		$this->assertSame( array( 'woocommerce' ), self::printed( $footer ), 'checkout.js, country-select.js, address-i18n.js and selectWoo left out' );
		$this->assertNotNull( self::settings_json( $footer ) );
		$this->assertCount( 1, self::loader_tags( $footer ) );
	}

	public function test_woocommerce_9s_head_scripts_wait_for_the_footer_and_are_left_out_there(): void {
		self::woocommerce_scripts( '9.9' );
		$this->assertSame( array( 'woocommerce' ), self::printed( $this->head() ), 'none of them in <head>' );
		self::checkout_page();
		$this->assertSame( array(), self::printed( $this->footer() ) );
	}

	public function test_the_cart_page_keeps_them(): void {
		self::woocommerce_scripts( '9.9' );
		wp_dequeue_script( 'wc-checkout' );
		wp_enqueue_script( 'wc-cart' );
		$GLOBALS['shop_islands_test_wc_page'] = 'cart';
		$head                                 = $this->head();
		// Another island on the page (the cart page's quantities).
		shop_islands_render( 'cart-quantity', array(), '<div class="quantity"></div>' );
		$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', do_shortcode( '[woocommerce_cart]' ) );
		$this->assertSame( array( 'woocommerce', 'selectWoo', 'wc-country-select', 'wc-address-i18n', 'wc-cart' ), self::printed( $head . $this->footer() ) );
	}

	public function test_selectwoo_stays_when_something_else_on_the_page_uses_it(): void {
		// A plugin's script that lists it: kept, and the island is still placed (no conflict).
		self::woocommerce_scripts();
		wp_register_script( 'checkout-fields', 'https://plugins.example/checkout-fields.js', array( 'selectWoo' ), '1', true );
		wp_enqueue_script( 'checkout-fields' );
		$this->assertStringContainsString( 'data-island="checkout"', self::checkout_page() );
		$footer = $this->footer();
		$this->assertSame( array( 'woocommerce', 'selectWoo' ), self::printed( $footer ) );
		$this->assertStringContainsString( 'https://plugins.example/checkout-fields.js', $footer );
		$this->assertFalse( get_option( Shop_Islands_Assets::CONFLICTS_OPTION ), 'no conflict recorded' );

		// WooCommerce's product categories widget in the sidebar: its dropdown through wc_enqueue_js().
		$this->reset_page();
		self::woocommerce_scripts();
		self::checkout_page();
		$GLOBALS['wc_queued_js'] = "\njQuery( '.dropdown_product_cat' ).on( 'change', function() {} );\nif ( jQuery().selectWoo ) { jQuery( '.dropdown_product_cat' ).selectWoo( { minimumResultsForSearch: 5 } ); }\n";
		$this->assertSame( array( 'woocommerce', 'selectWoo' ), self::printed( $this->footer() ) );

		// A script's inline code that calls select2().
		$this->reset_page();
		self::woocommerce_scripts();
		wp_add_inline_script( 'woocommerce', "jQuery( '#my-select' ).select2();" );
		self::checkout_page();
		$this->assertSame( array( 'woocommerce', 'selectWoo' ), self::printed( $this->footer() ) );
	}

	public function test_a_script_that_needs_checkout_js_keeps_woocommerces_checkout_and_is_recorded(): void {
		// As the Stripe gateway's classic checkout script does.
		self::woocommerce_scripts();
		wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'stripe', 'wc-checkout' ), '9.4.1', true );
		wp_register_script( 'stripe', 'https://plugins.example/stripe.js', array(), '3.0', true );
		wp_enqueue_script( 'wc-stripe-upe-classic' );
		$_SERVER['REQUEST_URI'] = '/checkout/';
		try {
			$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
		} finally {
			$_SERVER['REQUEST_URI'] = '/';
		}
		$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		// checkout.js and, through it, the scripts it depends on.
		$this->assertSame(
			array(
				'wc-address-i18n'   => array( 'wc-stripe-upe-classic' ),
				'wc-checkout'       => array( 'wc-stripe-upe-classic' ),
				'wc-country-select' => array( 'wc-stripe-upe-classic' ),
			),
			array_map( 'array_keys', $recorded['checkout'] )
		);
		$this->assertSame( '/checkout/', $recorded['checkout']['wc-checkout']['wc-stripe-upe-classic']['page'] );
		$this->assertSame( array( 'woocommerce', 'selectWoo', 'wc-country-select', 'wc-address-i18n', 'wc-checkout' ), self::printed( $this->footer() ), 'WooCommerce’s checkout, whole' );
	}

	public function test_a_script_that_needs_checkout_js_enqueued_later_makes_the_island_step_aside(): void {
		// The Stripe gateway registers and enqueues its classic checkout script on wp_footer (10).
		self::woocommerce_scripts( '9.9' );
		$late = static function () {
			wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'wc-checkout' ), '9.4.1', true );
			wp_enqueue_script( 'wc-stripe-upe-classic' );
		};
		$this->add_hook( 'wp_footer', $late, 10 );
		$this->head();
		$this->assertStringContainsString( 'data-island="checkout"', self::checkout_page(), 'placed: nothing needed checkout.js yet' );
		$footer = $this->footer();

		$this->assertSame( array( 'selectWoo', 'wc-country-select', 'wc-address-i18n', 'wc-checkout' ), self::printed( $footer ), 'WooCommerce’s checkout, whole' );
		$step_aside = 'document.querySelectorAll(\'[data-island="checkout"]\').forEach(function(el){el.removeAttribute("data-island");});';
		$this->assertStringContainsString( $step_aside, $footer, 'the island steps aside' );
		$this->assertGreaterThan( strpos( $footer, 'https://plugins.example/upe_classic.js' ), strpos( $footer, $step_aside ), 'after the footer scripts' );
		$this->assertLessThan( strpos( $footer, $step_aside ), (int) strpos( $footer, self::loader_tags( $footer )[0] ?? '' ), 'the loader (a module, it runs after) is printed before' );
		$this->assertArrayHasKey( 'wc-checkout', get_option( Shop_Islands_Assets::CONFLICTS_OPTION )['checkout'] );

		// Without that script the island stays.
		$this->reset_page();
		self::woocommerce_scripts( '9.9' );
		remove_action( 'wp_footer', $late, 10 );
		$this->head();
		self::checkout_page();
		$this->assertStringNotContainsString( 'removeAttribute', $this->footer() );
	}

	/** The Stripe gateway's params as 9.x gives them (booleans before wp_localize_script()). */
	private static function stripe_gateway( string $key = 'pk_test_51Abc' ): void {
		$GLOBALS['shop_islands_test_gateways'] = array(
			'cod'    => new stdClass(),
			'stripe' => new Shop_Islands_Test_Stripe_Gateway(
				array(
					'gatewayId'        => 'stripe',
					'title'            => 'Credit / Debit Card',
					'key'              => $key,
					'isCheckout'       => true,
					'isLoggedIn'       => false,
					'cartTotal'        => 23989,
					'card_declined'    => 'The card was declined.',
					'updateFailedOrderNonce' => 'abc',
				)
			),
		);
	}

	public function test_with_the_stripe_gateway_the_island_gets_its_settings_and_replaces_its_classic_script(): void {
		self::stripe_gateway();
		self::woocommerce_scripts( '9.9' );
		wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
		wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'stripe', 'wc-checkout' ), '9.4.1', true );
		wp_enqueue_script( 'wc-stripe-upe-classic' );
		try {
			$this->head();
			$page = self::checkout_page();
			$this->assertStringContainsString( 'data-island="checkout"', $page, 'placed: the card box is the island’s' );
			$this->assertSame(
				array(
					'gatewayId'              => 'stripe',
					'title'                  => 'Credit / Debit Card',
					'key'                    => 'pk_test_51Abc',
					'isCheckout'             => '1',
					'isLoggedIn'             => '',
					'cartTotal'              => 23989,
					'card_declined'          => 'The card was declined.',
					'updateFailedOrderNonce' => 'abc',
				),
				self::props( $page )['stripe']
			);
			$footer = $this->footer();
			$this->assertStringNotContainsString( 'upe_classic.js', $footer );
			$this->assertStringNotContainsString( 'js.stripe.com', $footer, 'Stripe.js comes when the card box needs it' );
			$this->assertStringNotContainsString( 'removeAttribute', $footer, 'no stepping aside' );
			$this->assertNotContains( 'wc-checkout', self::printed( $footer ) );
		} finally {
			unset( $GLOBALS['shop_islands_test_gateways'] );
		}
	}

	public function test_a_stripe_gateway_without_a_publishable_key_keeps_its_script_and_woocommerces_checkout(): void {
		self::stripe_gateway( 'sk_live_secret' );
		self::woocommerce_scripts();
		wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
		wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'stripe', 'wc-checkout' ), '9.4.1', true );
		wp_enqueue_script( 'wc-stripe-upe-classic' );
		try {
			$this->assertSame( '<div class="woocommerce">' . $this->content . '</div>', self::checkout_page() );
		} finally {
			unset( $GLOBALS['shop_islands_test_gateways'] );
		}
	}

	/** A new page: fresh script registries and nothing printed yet. */
	private function reset_page(): void {
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		unset( $GLOBALS['wc_queued_js'] );
		Shop_Islands_Plugin::instance()->reset();
	}
}

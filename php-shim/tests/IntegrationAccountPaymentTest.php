<?php
/**
 * Automatic integration on My Account's add-payment-method page: the `add-payment-method` island
 * around WooCommerce's `form#add_payment_method` in the `[woocommerce_my_account]` shortcode's output,
 * and the Stripe gateway's classic script left out where it is placed.
 *
 * @package ShopIslands
 */

// WooCommerce's stand-ins (WC() and its gateways, the Stripe gateway) are the checkout test's.
require_once __DIR__ . '/IntegrationCheckoutTest.php';

if ( ! function_exists( 'is_add_payment_method_page' ) ) {
	/**
	 * As WooCommerce's: My Account's add-payment-method endpoint, and its payment-methods endpoint too
	 * (`$GLOBALS['shop_islands_test_wc_page']`).
	 */
	function is_add_payment_method_page(): bool {
		return in_array( $GLOBALS['shop_islands_test_wc_page'] ?? '', array( 'add-payment-method', 'payment-methods' ), true );
	}
}

/**
 * The shortcode is registered here as WooCommerce registers it, printing what WooCommerce 9.9 prints
 * on the endpoint for a customer with the Stripe gateway 9.4.1 (UPE, the card only), inside
 * `WC_Shortcodes::shortcode_wrapper()`'s `<div class="woocommerce">`.
 */
class IntegrationAccountPaymentTest extends Shop_Islands_Test_Case {

	/** The account's navigation (myaccount/navigation.php), trimmed. */
	const NAVIGATION = '<nav class="woocommerce-MyAccount-navigation" aria-label="Account pages"><ul>'
		. '<li class="woocommerce-MyAccount-navigation-link woocommerce-MyAccount-navigation-link--dashboard"><a href="https://shop.example/my-account/">Dashboard</a></li>'
		. '<li class="woocommerce-MyAccount-navigation-link woocommerce-MyAccount-navigation-link--payment-methods is-active"><a href="https://shop.example/my-account/payment-methods/" aria-current="page">Payment methods</a></li>'
		. '</ul></nav>' . "\n\n";

	/** myaccount/form-add-payment-method.php with the Stripe gateway's payment box (its payment_fields()). */
	const FORM = '<form id="add_payment_method" method="post">' . "\n"
		. '		<div id="payment" class="woocommerce-Payment">' . "\n"
		. '			<ul class="woocommerce-PaymentMethods payment_methods methods">' . "\n"
		. '									<li class="woocommerce-PaymentMethod woocommerce-PaymentMethod--stripe payment_method_stripe">' . "\n"
		. '						<input id="payment_method_stripe" type="radio" class="input-radio" name="payment_method" value="stripe"  checked=\'checked\' />' . "\n"
		. '						<label for="payment_method_stripe">Credit / Debit Card </label>' . "\n"
		. '						<div class="woocommerce-PaymentBox woocommerce-PaymentBox--stripe payment_box payment_method_stripe" style="display: none;">		<div class="wc-upe-form" id="wc-stripe-upe-form-container">'
		. '<fieldset id="wc-stripe-upe-form" class="wc-upe-form wc-payment-form"><div class="wc-stripe-upe-element" data-payment-method-type="card"></div><div id="wc-stripe-upe-errors" role="alert"></div>'
		. '<input id="wc-stripe-payment-method-upe" type="hidden" name="wc-stripe-payment-method-upe" /><input id="wc_stripe_selected_upe_payment_type" type="hidden" name="wc_stripe_selected_upe_payment_type" />'
		. '<input type="hidden" class="wc-stripe-is-deferred-intent" name="wc-stripe-is-deferred-intent" value="1" /></fieldset></div></div>' . "\n"
		. '					</li>' . "\n"
		. '								</ul>' . "\n\n"
		. '			<div class="form-row">' . "\n"
		. '				<input type="hidden" id="woocommerce-add-payment-method-nonce" name="woocommerce-add-payment-method-nonce" value="5c1a2b3d4e" /><input type="hidden" name="_wp_http_referer" value="/my-account/add-payment-method/" />' . "\n"
		. '				<button type="submit" class="woocommerce-Button woocommerce-Button--alt button alt" id="place_order" value="Add payment method">Add payment method</button>' . "\n"
		. '				<input type="hidden" name="woocommerce_add_payment_method" id="woocommerce_add_payment_method" value="1" />' . "\n"
		. '			</div>' . "\n"
		. '		</div>' . "\n"
		. '	</form>' . "\n";

	/** The content before the endpoint's (woocommerce_account_content's notices). */
	const NOTICES = '<div class="woocommerce-notices-wrapper"></div>';

	/** What the shortcode prints inside its wrapper (set by each test). */
	private string $content = '';

	/** Whether the gateway's `wp_footer` callback was added for this test. */
	private bool $gateway_hooked = false;

	/** A customer, for the test class. */
	private static int $customer_id = 0;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$customer_id = (int) wp_insert_user(
			array(
				'user_login' => 'si-customer-' . bin2hex( random_bytes( 4 ) ),
				'user_pass'  => wp_generate_password(),
				'user_email' => 'si-customer-' . bin2hex( random_bytes( 4 ) ) . '@example.test',
				'role'       => 'subscriber',
			)
		);
	}

	public static function tearDownAfterClass(): void {
		require_once ABSPATH . 'wp-admin/includes/user.php';
		wp_delete_user( self::$customer_id );
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		$this->assertGreaterThan( 0, self::$customer_id );
		wp_set_current_user( self::$customer_id );
		$GLOBALS['shop_islands_test_wc_page'] = 'add-payment-method';
		$this->content                        = self::account( self::FORM );
		self::stripe_gateway();
		$wrapper = fn() => '<div class="woocommerce">' . $this->content . '</div>';
		add_shortcode( 'woocommerce_my_account', $wrapper );
		add_shortcode( 'woocommerce_order_tracking', $wrapper );
	}

	protected function tearDown(): void {
		remove_shortcode( 'woocommerce_my_account' );
		remove_shortcode( 'woocommerce_order_tracking' );
		unset( $GLOBALS['shop_islands_test_wc_page'], $GLOBALS['shop_islands_test_gateways'] );
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		parent::tearDown();
	}

	/**
	 * My Account's content (myaccount/my-account.php): the navigation, then the endpoint's content.
	 *
	 * @param string $endpoint What the endpoint prints.
	 */
	private static function account( string $endpoint ): string {
		return self::NAVIGATION . '<div class="woocommerce-MyAccount-content">' . "\n\t" . self::NOTICES . $endpoint . '</div>' . "\n";
	}

	/**
	 * The Stripe gateway (UPE) as the page's available gateways, with the params 9.4.1's
	 * `javascript_params()` gives on the endpoint (booleans before wp_localize_script()), trimmed.
	 *
	 * @param array<string, mixed> $changes Params changed or added (null: left out).
	 */
	private static function stripe_gateway( array $changes = array() ): void {
		$params = array_merge(
			array(
				'gatewayId'                        => 'stripe',
				'title'                            => 'Credit / Debit Card',
				'isUPEEnabled'                     => true,
				'key'                              => 'pk_test_51Abc',
				'locale'                           => 'en',
				'isCheckout'                       => false,
				'isLoggedIn'                       => true,
				'createSetupIntentNonce'           => 'c1',
				'createAndConfirmSetupIntentNonce' => 'c2',
				'addPaymentReturnURL'              => 'https://shop.example/my-account/payment-methods/',
				'paymentMethodsConfig'             => array(
					'card' => array(
						'isReusable' => true,
						'title'      => 'Credit / Debit Card',
					),
				),
				'card_declined'                    => 'The card was declined.',
			),
			$changes
		);
		$GLOBALS['shop_islands_test_gateways'] = array( 'stripe' => new Shop_Islands_Test_Stripe_Gateway( array_filter( $params, static fn( $value ) => null !== $value ) ) );
	}

	/** The params as the island gets them: as wp_localize_script() hands them to the page. */
	private static function printed_params(): array {
		return array(
			'gatewayId'                        => 'stripe',
			'title'                            => 'Credit / Debit Card',
			'isUPEEnabled'                     => '1',
			'key'                              => 'pk_test_51Abc',
			'locale'                           => 'en',
			'isCheckout'                       => '',
			'isLoggedIn'                       => '1',
			'createSetupIntentNonce'           => 'c1',
			'createAndConfirmSetupIntentNonce' => 'c2',
			'addPaymentReturnURL'              => 'https://shop.example/my-account/payment-methods/',
			'paymentMethodsConfig'             => array(
				'card' => array(
					'isReusable' => true,
					'title'      => 'Credit / Debit Card',
				),
			),
			'card_declined'                    => 'The card was declined.',
		);
	}

	/** What the page prints for the shortcode (as `the_content` runs it). */
	private static function account_page(): string {
		return do_shortcode( '[woocommerce_my_account]' );
	}

	/** The shortcode's output as WooCommerce printed it. */
	private function plain(): string {
		return '<div class="woocommerce">' . $this->content . '</div>';
	}

	/**
	 * The scripts around the gateway's: WooCommerce's checkout.js (registered on every page) and the
	 * gateway's, which 9.4.1 registers and enqueues on `wp_footer` (10), after the page's content,
	 * with Stripe.js and checkout.js as its dependencies.
	 */
	private function gateway_scripts(): void {
		wp_register_script( 'wc-checkout', 'https://example.test/wc-checkout.js', array(), '9.9', true );
		if ( $this->gateway_hooked ) {
			return;
		}
		$this->gateway_hooked = true;
		$this->add_hook(
			'wp_footer',
			static function () {
				wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
				wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'stripe', 'wc-checkout' ), '9.4.1', true );
				wp_enqueue_script( 'wc-stripe-upe-classic' );
			},
			10
		);
	}

	/** What `wp_head` prints of the scripts, after `wp_enqueue_scripts` ran. */
	private function head(): string {
		do_action( 'wp_enqueue_scripts' );
		ob_start();
		wp_print_head_scripts();
		return (string) ob_get_clean();
	}

	/** The step-aside script. */
	const STEP_ASIDE = 'document.querySelectorAll(\'[data-island="add-payment-method"]\').forEach(function(el){el.removeAttribute("data-island");});';

	public function test_the_form_becomes_the_island_on_the_endpoint(): void {
		$printed = self::account_page();
		$this->assertSame(
			1,
			preg_match( '#^<div class="woocommerce">' . preg_quote( self::NAVIGATION . '<div class="woocommerce-MyAccount-content">' . "\n\t" . self::NOTICES, '#' ) . '((?:<link [^>]*>)*)(<div data-island="add-payment-method"[^>]*>)<script type="application/json" data-island-props>(.*?)</script>(.*)</div>\n</div>\n</div>$#s', $printed, $m ),
			$printed
		);
		$this->assertSame( '<div data-island="add-payment-method" data-island-src="' . self::real_src( 'add-payment-method' ) . '" data-hydrate="load">', $m[2] );
		$this->assertSame( rtrim( self::FORM ), $m[4], 'WooCommerce’s form, unchanged, to its </form>, is the fallback (it posts without JavaScript)' );
		$this->assertNotSame( array(), self::links( $m[1], 'stylesheet' ), 'its stylesheet before it' );
		$this->assertNotSame( array(), self::links( $m[1], 'modulepreload' ), 'preloaded (it mounts on load)' );
		$this->assertSame( array( 'stripe' => self::printed_params() ), json_decode( $m[3], true, 512, JSON_THROW_ON_ERROR ) );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		$this->assertTrue( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );
		$this->assertArrayHasKey( 'add-payment-method', Shop_Islands_Integration::ISLANDS, 'listed on the settings page' );
		$this->assertSame( 'do_shortcode_tag', Shop_Islands_Integration::ISLANDS['add-payment-method'] );
	}

	public function test_the_gateways_params_follow_its_filter_and_are_escaped(): void {
		$this->add_hook(
			'wc_stripe_upe_params',
			static function ( $params ) {
				$params['card_declined'] = 'Declined</script><script>alert(1)</script> & <!--';
				return $params;
			}
		);
		$json = self::props_json( self::account_page() );
		$this->assertCount( 1, $json );
		$this->assertStringNotContainsString( '<', $json[0] );
		$this->assertSame( 'Declined</script><script>alert(1)</script> & <!--', json_decode( $json[0], true, 512, JSON_THROW_ON_ERROR )['stripe']['card_declined'] );
	}

	public function test_the_gateways_classic_script_is_left_out_where_it_is_placed(): void {
		$this->gateway_scripts();
		$this->head();
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page() );
		$replaced = apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS );
		$this->assertSame( array( 'add-payment-method' ), $replaced['wc-stripe-upe-classic'] );
		$this->assertSame( array( 'add-payment-method' ), $replaced['wc-add-payment-method'] );
		$footer = $this->footer();
		$this->assertStringNotContainsString( 'upe_classic.js', $footer );
		$this->assertStringNotContainsString( 'js.stripe.com', $footer, 'Stripe.js comes when the island needs it' );
		$this->assertStringNotContainsString( 'wc-checkout.js', $footer, 'nor checkout.js, which only the gateway’s script wanted' );
		$this->assertStringNotContainsString( 'removeAttribute', $footer, 'no stepping aside' );
		$this->assertCount( 1, self::loader_tags( $footer ) );
		$this->assertFalse( get_option( Shop_Islands_Assets::CONFLICTS_OPTION ), 'no conflict recorded' );
	}

	public function test_the_script_stays_where_the_island_is_not_placed(): void {
		// Switched off, on the same page: WooCommerce's form, the gateway's script.
		update_option( Shop_Islands_Integration::OPTION, array( 'add-payment-method' => false ) );
		$this->gateway_scripts();
		$this->head();
		$this->assertSame( $this->plain(), self::account_page() );
		$replaced = apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS );
		$this->assertArrayNotHasKey( 'wc-add-payment-method', $replaced );
		$this->assertArrayNotHasKey( 'wc-stripe-upe-classic', $replaced );
		$footer = $this->footer();
		$this->assertStringContainsString( 'upe_classic.js', $footer );
		$this->assertStringContainsString( 'js.stripe.com', $footer );
		$this->assertStringNotContainsString( 'removeAttribute', $footer );

		// A page placed first, then one where it is not: nothing of the first is kept.
		delete_option( Shop_Islands_Integration::OPTION );
		Shop_Islands_Plugin::instance()->reset();
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page() );
		Shop_Islands_Plugin::instance()->reset();
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		$this->gateway_scripts();
		$this->content = self::account( '<div class="woocommerce-info">New payment methods can only be added during checkout. Please contact us if you require assistance.</div>' );
		$this->assertSame( $this->plain(), self::account_page() );
		$this->assertArrayNotHasKey( 'wc-stripe-upe-classic', apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS ) );
		$this->assertStringContainsString( 'upe_classic.js', $this->footer() );
	}

	/** WooCommerce 9's add-payment-method.js: enqueued on the endpoint for <head>, with `defer`. */
	private function woocommerce_script(): void {
		$this->add_hook(
			'wp_enqueue_scripts',
			static function () {
				wp_register_script( 'wc-add-payment-method', 'https://plugins.example/add-payment-method.min.js', array(), '9.9', array( 'strategy' => 'defer' ) );
				wp_enqueue_script( 'wc-add-payment-method' );
			},
			10
		);
	}

	public function test_woocommerces_script_waits_for_the_footer_and_is_left_out_where_the_island_is_placed(): void {
		$this->woocommerce_script();
		$this->gateway_scripts();
		$this->assertStringNotContainsString( 'add-payment-method.min.js', $this->head(), 'not in <head>: the footer decides' );
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page() );
		$this->assertStringNotContainsString( 'add-payment-method.min.js', $this->footer(), 'the island opens the boxes and never blocks the form' );
	}

	public function test_woocommerces_script_is_printed_in_the_footer_where_the_island_is_not_placed(): void {
		$this->woocommerce_script();
		$this->gateway_scripts();
		$this->assertStringNotContainsString( 'add-payment-method.min.js', $this->head() );
		$this->content = self::account( '<div class="woocommerce-info">New payment methods can only be added during checkout. Please contact us if you require assistance.</div>' );
		$this->assertSame( $this->plain(), self::account_page() );
		$this->assertStringContainsString( 'add-payment-method.min.js', $this->footer() );
	}

	public function test_the_switch_turns_it_off_and_the_filter_wins(): void {
		update_option( Shop_Islands_Integration::OPTION, array( 'add-payment-method' => false ) );
		$this->assertSame( $this->plain(), self::account_page() );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'add-payment-method' === $island ? true : $on, 10, 2 );
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page() );

		delete_option( Shop_Islands_Integration::OPTION );
		Shop_Islands_Plugin::instance()->reset();
		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'add-payment-method' === $island ? false : $on, 20, 2 );
		$this->assertSame( $this->plain(), self::account_page() );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );
	}

	public function test_guests_get_woocommerces_login_form_as_it_is(): void {
		wp_set_current_user( 0 );
		$this->content = self::NOTICES . "\n\n" . '<h2>Login</h2>' . "\n\n"
			. '<form class="woocommerce-form woocommerce-form-login login" method="post">' . "\n"
			. '	<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide"><label for="username">Username or email address&nbsp;<span class="required" aria-hidden="true">*</span></label><input type="text" class="woocommerce-Input woocommerce-Input--text input-text" name="username" id="username" autocomplete="username" value="" required aria-required="true" /></p>' . "\n"
			. '	<p class="form-row"><input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="922d32ca7e" /><button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Log in">Log in</button></p>' . "\n"
			. "</form>\n";
		$this->assertSame( $this->plain(), self::account_page() );
		// Even with the form in the page (a theme's template): the setup intent is a customer's.
		$this->content = self::account( self::FORM );
		$this->assertSame( $this->plain(), self::account_page() );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );
	}

	public function test_other_endpoints_and_shortcodes_are_left_as_they_are(): void {
		// The payment-methods list (is_add_payment_method_page() is true there too): no form.
		$GLOBALS['shop_islands_test_wc_page'] = 'payment-methods';
		$this->content                        = self::account( '<p class="woocommerce-Message woocommerce-Message--info woocommerce-info">No saved methods found.</p><a class="button" href="https://shop.example/my-account/add-payment-method/">Add payment method</a>' );
		$this->assertSame( $this->plain(), self::account_page() );

		// Another endpoint (the orders), even with the form in it.
		$GLOBALS['shop_islands_test_wc_page'] = 'orders';
		$this->content                        = self::account( self::FORM );
		$this->assertSame( $this->plain(), self::account_page() );
		unset( $GLOBALS['shop_islands_test_wc_page'] );
		$this->assertSame( $this->plain(), self::account_page() );

		// Another shortcode on the endpoint.
		$GLOBALS['shop_islands_test_wc_page'] = 'add-payment-method';
		$this->assertSame( $this->plain(), do_shortcode( '[woocommerce_order_tracking]' ) );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );

		// The shortcode under the tag a site gave it (woocommerce_my_account_shortcode_tag).
		$this->add_hook( 'woocommerce_my_account_shortcode_tag', static fn() => 'woocommerce_order_tracking' );
		$this->assertStringContainsString( 'data-island="add-payment-method"', do_shortcode( '[woocommerce_order_tracking]' ) );
		$this->assertSame( $this->plain(), self::account_page() );
	}

	public function test_without_the_gateways_upe_settings_it_is_left_to_woocommerce(): void {
		$cases = array(
			// No Stripe gateway on the page (another gateway only).
			'no gateway'             => static function () {
				$GLOBALS['shop_islands_test_gateways'] = array( 'cod' => new stdClass() );
			},
			'no gateways'            => static function () {
				unset( $GLOBALS['shop_islands_test_gateways'] );
			},
			// No publishable key (not connected), or a secret one.
			'no key'                 => static function () {
				self::stripe_gateway( array( 'key' => '' ) );
			},
			'a secret key'           => static function () {
				self::stripe_gateway( array( 'key' => 'sk_live_secret' ) );
			},
			// The legacy card form (UPE off): its params have no isUPEEnabled, its script is another.
			'the legacy card form'   => static function () {
				self::stripe_gateway( array( 'isUPEEnabled' => null ) );
			},
			'a filter turns UPE off' => static function () {
				self::stripe_gateway( array( 'isUPEEnabled' => false ) );
			},
		);
		foreach ( $cases as $case => $setup ) {
			$setup();
			$this->assertSame( $this->plain(), self::account_page(), $case );
		}
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );
		$this->assertArrayNotHasKey( 'wc-stripe-upe-classic', apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS ) );
	}

	public function test_without_the_form_or_with_an_island_already_it_is_left_as_it_is(): void {
		$cases = array(
			// WooCommerce's notice when no gateway can save a method.
			'the notice'            => self::account( '<div class="woocommerce-info">New payment methods can only be added during checkout. Please contact us if you require assistance.</div>' ),
			// Another form, and the form's id elsewhere than on a form.
			'another form'          => self::account( '<form class="woocommerce-EditAccountForm edit-account" action="" method="post"><p>Account details</p></form>' ),
			'the id on a div'       => self::account( '<div id="add_payment_method"><p>Add payment method</p></div>' ),
			// A form that does not end.
			'no end'                => self::account( '<form id="add_payment_method" method="post"><p>Add payment method</p>' ),
			// The template printed twice.
			'twice'                 => self::account( self::FORM . self::FORM ),
			// The theme's own island.
			'the theme’s island'    => self::account( shop_islands_render( 'add-payment-method', array( 'stripe' => self::printed_params() ), self::FORM ) ),
			'another island inside' => self::account( str_replace( '<div class="form-row">', shop_islands_render( 'loading-indicator', array(), '' ) . '<div class="form-row">', self::FORM ) ),
		);
		Shop_Islands_Plugin::instance()->reset();
		foreach ( $cases as $case => $content ) {
			$this->content = $content;
			$this->assertSame( $this->plain(), self::account_page(), $case );
		}
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'add-payment-method' ) );

		// The form's attributes as another template may print them.
		$this->content = self::account( str_replace( '<form id="add_payment_method" method="post">', "<FORM method=post class='x' ID=add_payment_method>", self::FORM ) );
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page() );
	}

	public function test_a_script_that_needs_the_gateways_script_keeps_the_island_off_and_is_recorded(): void {
		wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
		wp_register_script( 'wc-stripe-upe-classic', 'https://plugins.example/upe_classic.js', array( 'stripe' ), '9.4.1', true );
		wp_register_script( 'card-addon', 'https://plugins.example/card-addon.js', array( 'wc-stripe-upe-classic' ), '1', true );
		wp_enqueue_script( 'card-addon' );
		$_SERVER['REQUEST_URI'] = '/my-account/add-payment-method/';
		try {
			$this->assertSame( $this->plain(), self::account_page() );
		} finally {
			$_SERVER['REQUEST_URI'] = '/';
		}
		$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		$this->assertSame( array( 'wc-stripe-upe-classic' => array( 'card-addon' ) ), array_map( 'array_keys', $recorded['add-payment-method'] ) );
		$this->assertSame( '/my-account/add-payment-method/', $recorded['add-payment-method']['wc-stripe-upe-classic']['card-addon']['page'] );
		$this->assertArrayNotHasKey( 'wc-stripe-upe-classic', apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS ) );
		$this->assertStringContainsString( 'upe_classic.js', $this->footer(), 'the gateway’s script runs the form' );
	}

	public function test_a_script_that_needs_the_gateways_script_enqueued_later_makes_the_island_step_aside(): void {
		$this->gateway_scripts();
		// After the gateway's (wp_footer 10), too late for placeable().
		$late = static function () {
			wp_register_script( 'card-addon', 'https://plugins.example/card-addon.js', array( 'wc-stripe-upe-classic' ), '1', true );
			wp_enqueue_script( 'card-addon' );
		};
		$this->add_hook( 'wp_footer', $late, 15 );
		$this->head();
		$this->assertStringContainsString( 'data-island="add-payment-method"', self::account_page(), 'placed: nothing needed the gateway’s script yet' );
		$footer = $this->footer();

		$this->assertStringContainsString( 'upe_classic.js', $footer, 'the gateway’s script, needed' );
		$this->assertStringContainsString( self::STEP_ASIDE, $footer, 'the island steps aside' );
		$this->assertGreaterThan( strpos( $footer, 'https://plugins.example/upe_classic.js' ), strpos( $footer, self::STEP_ASIDE ), 'after the footer scripts' );
		$this->assertLessThan( strpos( $footer, self::STEP_ASIDE ), (int) strpos( $footer, self::loader_tags( $footer )[0] ?? '' ), 'the loader (a module, it runs after) is printed before' );
		$this->assertSame( array( 'wc-stripe-upe-classic' => array( 'card-addon' ) ), array_map( 'array_keys', get_option( Shop_Islands_Assets::CONFLICTS_OPTION )['add-payment-method'] ) );

		// Without that script the island stays.
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		Shop_Islands_Plugin::instance()->reset();
		remove_action( 'wp_footer', $late, 15 );
		$this->gateway_scripts();
		$this->head();
		self::account_page();
		$footer = $this->footer();
		$this->assertStringNotContainsString( 'removeAttribute', $footer );
		$this->assertStringNotContainsString( 'upe_classic.js', $footer );
	}
}

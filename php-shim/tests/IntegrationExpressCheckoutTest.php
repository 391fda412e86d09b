<?php
/**
 * Automatic integration of the Stripe gateway's express checkout buttons: the `express-checkout`
 * island where the gateway prints `#wc-stripe-express-checkout-element` (the product page, the cart,
 * the classic checkout), the gateway's markup and its express checkout script left out there.
 *
 * @package ShopIslands
 */

// WooCommerce's stand-ins: is_cart() and woocommerce_cart_totals() are the cart totals test's; WC(),
// is_checkout(), is_checkout_pay_page() and the store's countries the checkout test's (which the
// cart totals test loads); the product page (a `product` post, `$product`) the product test's.
require_once __DIR__ . '/IntegrationCartTotalsTest.php';
require_once __DIR__ . '/IntegrationProductTest.php';

if ( ! class_exists( 'WC_Stripe_API', false ) ) {
	/** The gateway's API class, as far as the integration reads it. */
	final class WC_Stripe_API {
		/** As 9.4.1's. */
		const STRIPE_API_VERSION = '2024-06-20';
	}
}

if ( ! class_exists( 'WC_Stripe_Express_Checkout_Element', false ) ) {
	/**
	 * The gateway's `WC_Stripe_Express_Checkout_Element` (9.4.1) as the integration reads it: its
	 * instance, its helper, `javascript_params()`, and the callback that prints its element, which
	 * prints what 9.4.1 prints (the hidden element, the order attribution inputs, on the checkout the
	 * separator) where its helper says so.
	 */
	final class WC_Stripe_Express_Checkout_Element {

		/**
		 * The instance (the gateway keeps it as `$_this`).
		 *
		 * @var WC_Stripe_Express_Checkout_Element|null
		 */
		private static $instance = null;

		/**
		 * The helper (`WC_Stripe_Express_Checkout_Helper`).
		 *
		 * @var Shop_Islands_Test_Express_Helper
		 */
		public $express_checkout_helper;

		/**
		 * Constructor.
		 *
		 * @param array<string, mixed>             $params What `javascript_params()` gives.
		 * @param Shop_Islands_Test_Express_Helper $helper The helper.
		 */
		public function __construct( public array $params, Shop_Islands_Test_Express_Helper $helper ) {
			self::$instance                = $this;
			$this->express_checkout_helper = $helper;
		}

		/** As the gateway's. */
		public static function instance() {
			return self::$instance;
		}

		/** Forgets the instance (the end of a test). */
		public static function forget(): void {
			self::$instance = null;
		}

		/** As the gateway's: the settings its script gets. */
		public function javascript_params() {
			return $this->params;
		}

		/** As 9.4.1's: the element, the attribution inputs and the separator. */
		public function display_express_checkout_button_html() {
			if ( ! $this->express_checkout_helper->is_page_supported() || ! $this->express_checkout_helper->should_show_express_checkout_button() ) {
				return;
			}
			echo IntegrationExpressCheckoutTest::GATEWAY_ELEMENT; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
			if ( ! is_cart() ) {
				echo IntegrationExpressCheckoutTest::GATEWAY_ATTRIBUTION; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
			}
			if ( is_checkout() ) {
				echo IntegrationExpressCheckoutTest::GATEWAY_SEPARATOR; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
			}
		}
	}
}

/**
 * The gateway's `WC_Stripe_Express_Checkout_Helper` as the integration reads it: which page this is
 * (`$GLOBALS['shop_islands_test_wc_page']`), whether the buttons are shown (`$show`, what
 * `should_show_express_checkout_button()` decides from the gateway's settings and the cart), the
 * product, and the cart's sheet (`build_display_items()`).
 */
final class Shop_Islands_Test_Express_Helper {

	/** What `should_show_express_checkout_button()` says. */
	public bool $show = true;

	/** How many times `build_display_items()` was called. */
	public int $sheets = 0;

	/** As the gateway's: the product page (`is_product()`, the `[product_page]` shortcode's included). */
	public function is_product(): bool {
		return 'product' === ( $GLOBALS['shop_islands_test_wc_page'] ?? '' );
	}

	/** As the gateway's: the product page's product. */
	public function get_product() {
		return $this->is_product() ? $GLOBALS['product'] ?? false : false;
	}

	/** As the gateway's: a product page, the cart, the checkout, the order-pay page. */
	public function is_page_supported(): bool {
		return $this->is_product() || is_cart() || is_checkout();
	}

	/** As the gateway's (the decision itself is the test's). */
	public function should_show_express_checkout_button(): bool {
		return $this->show;
	}

	/** As the gateway's. */
	public function is_pay_for_order_page(): bool {
		return is_checkout() && isset( $_GET['pay_for_order'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- as the gateway reads it.
	}

	/** As 9.4.1's for a cart of one Pro Match Football and a flat rate (the real store's cart). */
	public function build_display_items(): array {
		++$this->sheets;
		return IntegrationExpressCheckoutTest::CART_SHEET;
	}
}

/**
 * The gateway's hooks as its `init()` adds them, its script as `scripts()` registers it, and the pages'
 * markup as WooCommerce 9.9 prints it around them (trimmed); the params are the real store's
 * (../shared/woocommerce-samples/params/*.wc_stripe_express_checkout_params.json) before
 * `wp_localize_script()`.
 */
class IntegrationExpressCheckoutTest extends Shop_Islands_Test_Product_Page_Case {

	/** What the gateway prints (9.4.1's markup, its whitespace included). */
	const GATEWAY_ELEMENT     = "\t\t<div id=\"wc-stripe-express-checkout-element\" style=\"margin-top: 1em;clear:both;display:none;\">\n\t\t\t<!-- A Stripe Element will be inserted here. -->\n\t\t</div>\n\t\t";
	const GATEWAY_ATTRIBUTION = '<wc-order-attribution-inputs id="wc-stripe-express-checkout__order-attribution-inputs"></wc-order-attribution-inputs>';
	const GATEWAY_SEPARATOR   = "\t\t<p id=\"wc-stripe-express-checkout-button-separator\" style=\"margin-top:1.5em;text-align:center;display:none;\">&mdash; OR &mdash;</p>\n\t\t";

	/** The island's fallback for the gateway's default button (48 px). */
	const FALLBACK = '<div class="shop-islands-express" id="wc-stripe-express-checkout-element" style="--shop-islands-express-height: 48px"></div>';

	/** `build_display_items()` of the real store's cart (one Pro Match Football, flat rate). */
	const CART_SHEET = array(
		'displayItems' => array(
			array(
				'label'  => 'Subtotal',
				'amount' => 4999,
			),
			array(
				'key'    => 'total_shipping',
				'label'  => 'Shipping',
				'amount' => 500,
			),
		),
		'total'        => array(
			'label'   => ' (via WooCommerce)',
			'amount'  => 5499,
			'pending' => false,
		),
	);

	/** The cart totals (cart/cart-totals.php), up to `div.wc-proceed-to-checkout`. */
	const TOTALS_START = '<div class="cart_totals "><h2>Cart totals</h2><table cellspacing="0" class="shop_table shop_table_responsive"><tr class="order-total"><th>Total</th><td><strong>&euro;54.99</strong></td></tr></table><div class="wc-proceed-to-checkout">';

	/** WooCommerce's Proceed to checkout (`woocommerce_button_proceed_to_checkout`, 20). */
	const PROCEED = '<a href="https://shop.example/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a>';

	/** The gateway's express checkout script's URL. */
	const SCRIPT_URL = 'https://plugins.example/woocommerce-gateway-stripe/build/express_checkout.js';

	/** The step-aside script. */
	const STEP_ASIDE = 'document.querySelectorAll(\'[data-island="express-checkout"]\').forEach(function(el){el.removeAttribute("data-island");});';

	/** The gateway's element. */
	private WC_Stripe_Express_Checkout_Element $element;

	/** Its helper. */
	private Shop_Islands_Test_Express_Helper $helper;

	protected function setUp(): void {
		parent::setUp();
		self::integration()->reset();
		$GLOBALS['shop_islands_test_wc_page'] = 'product';
		$this->on_product_page( 'simple' );
		$this->helper = new Shop_Islands_Test_Express_Helper();
		$this->gateway( self::gateway_params( 'product' ) );
		// WooCommerce's own callback where the gateway prints on the cart, before the gateway's.
		$this->add_hook( 'woocommerce_proceed_to_checkout', array( self::class, 'proceed_to_checkout' ), 20 );
		// The gateway's init(): its element on the product page, the cart, the checkout and order-pay.
		$this->add_hook( 'woocommerce_after_add_to_cart_form', array( $this->element, 'display_express_checkout_button_html' ), 1 );
		$this->add_hook( 'woocommerce_proceed_to_checkout', array( $this->element, 'display_express_checkout_button_html' ), 20 );
		$this->add_hook( 'woocommerce_checkout_before_customer_details', array( $this->element, 'display_express_checkout_button_html' ), 1 );
		$this->add_hook( 'woocommerce_pay_order_before_payment', array( $this->element, 'display_express_checkout_button_html' ), 1 );
	}

	protected function tearDown(): void {
		remove_shortcode( 'woocommerce_checkout' );
		remove_action( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' );
		unset( $GLOBALS['shop_islands_test_wc_page'], $GLOBALS['shop_islands_test_cart_totals'], $GLOBALS['post'], $_GET['pay_for_order'] );
		delete_option( 'woocommerce_enable_shipping_calc' );
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		self::integration()->reset();
		WC_Stripe_Express_Checkout_Element::forget();
		parent::tearDown();
	}

	/** This plugin's integration (its state is per request: each test is a new one). */
	private static function integration(): Shop_Islands_Integration_Express_Checkout {
		foreach ( $GLOBALS['wp_filter']['shop_islands_replaced_scripts']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof Shop_Islands_Integration_Express_Checkout ) {
					return $callback['function'][0];
				}
			}
		}
		self::fail( 'The express checkout integration is not registered.' );
	}

	/**
	 * The gateway (one per test, as the gateway keeps one), with the params `javascript_params()` gives.
	 *
	 * @param array<string, mixed> $params The params.
	 */
	private function gateway( array $params ): void {
		if ( isset( $this->element ) ) {
			$this->element->params = $params;
			return;
		}
		$this->element = new WC_Stripe_Express_Checkout_Element( $params, $this->helper );
	}

	/**
	 * 9.4.1's `javascript_params()` on the real store's `$page` (booleans as PHP has them, before
	 * `wp_localize_script()`).
	 *
	 * @param string $page 'product', 'cart' or 'checkout'.
	 * @return array<string, mixed>
	 */
	private static function gateway_params( string $page ): array {
		return array(
			'ajax_url'               => '/?wc-ajax=%%endpoint%%',
			'stripe'                 => array(
				'publishable_key'             => 'pk_test_51RealWcDummyKey',
				'allow_prepaid_card'          => 'yes',
				'locale'                      => 'en',
				'is_link_enabled'             => true,
				'is_express_checkout_enabled' => true,
				'is_amazon_pay_enabled'       => false,
				'is_payment_request_enabled'  => false,
			),
			'nonce'                  => array(
				'payment'      => '1d5143a4c3',
				'checkout'     => '8edaeddfa4',
				'add_to_cart'  => '43c851655d',
				'wc_store_api' => '5e68d9fa16',
			),
			'i18n'                   => array(
				'no_prepaid_card'  => 'Sorry, we\'re not accepting prepaid cards at this time.',
				'unknown_shipping' => 'Unknown shipping option "[option]".',
			),
			'checkout'               => array(
				'url'                     => 'https://shop.example/checkout/',
				'currency_code'           => 'eur',
				'country_code'            => 'IE',
				'needs_shipping'          => 'product' === $page ? 'no' : 'yes',
				'needs_payer_phone'       => false,
				'default_shipping_option' => array(
					'id'          => 'pending',
					'displayName' => 'Pending',
					'amount'      => 0,
				),
			),
			'button'                 => array(
				'type'   => 'default',
				'theme'  => 'dark',
				'height' => '48',
				'radius' => '4',
				'locale' => 'en',
			),
			'is_pay_for_order'       => false,
			'has_block'              => false,
			'login_confirmation'     => false,
			'is_product_page'        => 'product' === $page,
			'is_checkout_page'       => 'checkout' === $page,
			'product'                => 'product' === $page ? array(
				'displayItems'           => array(
					array(
						'label'  => 'Pro Match Football',
						'amount' => 4999,
					),
				),
				'total'                  => array(
					'label'   => ' (via WooCommerce)',
					'amount'  => 4999,
					'pending' => true,
				),
				'requestShipping'        => false,
				'currency'               => 'eur',
				'country_code'           => 'IE',
				'validVariationSelected' => true,
			) : false,
			'is_cart_page'           => 'cart' === $page,
			'taxes_based_on_billing' => false,
		);
	}

	/**
	 * The params as the page (and the island) gets them: `wp_localize_script()`'s top-level scalars
	 * as strings.
	 *
	 * @param array<string, mixed> $params The params.
	 * @return array<string, mixed>
	 */
	private static function localised( array $params ): array {
		foreach ( $params as $key => $value ) {
			if ( is_scalar( $value ) ) {
				$params[ $key ] = (string) $value;
			}
		}
		return $params;
	}

	/** WooCommerce's Proceed to checkout button. */
	public static function proceed_to_checkout(): void {
		echo self::PROCEED; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
	}

	/** What the product page prints after its add-to-cart form. */
	private function after_form(): string {
		return $this->capture_action( 'woocommerce_after_add_to_cart_form' );
	}

	/**
	 * The cart page's `div.cart-collaterals` content: WooCommerce's totals on `woocommerce_cart_collaterals`
	 * (10), `woocommerce_proceed_to_checkout` inside them (cart/cart-totals.php). The cart totals
	 * test's `woocommerce_cart_totals()` echoes its global: a Stringable here, which runs the action.
	 */
	private function cart_collaterals(): string {
		$GLOBALS['shop_islands_test_wc_page'] = 'cart';
		$this->gateway( self::gateway_params( 'cart' ) );
		$this->add_hook( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' );
		$GLOBALS['shop_islands_test_cart_totals'] = self::cart_totals();
		return $this->capture_action( 'woocommerce_cart_collaterals' );
	}

	/** The cart totals as a Stringable that prints `woocommerce_proceed_to_checkout` when echoed. */
	private static function cart_totals(): Stringable {
		return new class() implements Stringable {
			/** The totals, the action's output inside. */
			public function __toString(): string {
				ob_start();
				do_action( 'woocommerce_proceed_to_checkout' );
				return IntegrationExpressCheckoutTest::TOTALS_START . ob_get_clean() . '</div></div>';
			}
		};
	}

	/**
	 * The checkout page's shortcode output: WooCommerce's form-checkout.php inside
	 * `WC_Shortcodes::shortcode_wrapper()`, `woocommerce_checkout_before_customer_details` at the top
	 * of `form.checkout`.
	 *
	 * @param string $before What the action prints (for the expected markup), or null to run it.
	 */
	private static function checkout_markup( ?string $before = null ): string {
		if ( null === $before ) {
			ob_start();
			do_action( 'woocommerce_checkout_before_customer_details' );
			$before = (string) ob_get_clean();
		}
		return '<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div>'
			. '<form name="checkout" method="post" class="checkout woocommerce-checkout" action="https://shop.example/checkout/" enctype="multipart/form-data" aria-label="Checkout">' . "\n\n\t\t"
			. $before
			. '<div class="col2-set" id="customer_details"><div class="col-1"><div class="woocommerce-billing-fields"><h3>Billing details</h3><div class="woocommerce-billing-fields__field-wrapper">'
			. '<p class="form-row form-row-first validate-required" id="billing_first_name_field" data-priority="10"><label for="billing_first_name" class="">First name&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><input type="text" class="input-text " name="billing_first_name" id="billing_first_name" placeholder=""  value="" autocomplete="given-name" /></span></p>'
			. '</div></div></div><div class="col-2"></div></div>'
			. '<h3 id="order_review_heading">Your order</h3><div id="order_review" class="woocommerce-checkout-review-order"><table class="shop_table woocommerce-checkout-review-order-table"></table>'
			. '<div id="payment" class="woocommerce-checkout-payment"><div class="form-row place-order"><button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button></div></div></div>'
			. "</form>\n</div>";
	}

	/** The checkout page, as `the_content` runs its shortcode. */
	private function checkout_page(): string {
		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$this->gateway( self::gateway_params( 'checkout' ) );
		add_shortcode( 'woocommerce_checkout', static fn() => self::checkout_markup() );
		return do_shortcode( '[woocommerce_checkout]' );
	}

	/** The gateway's script as its `scripts()` registers and enqueues it (`wp_enqueue_scripts`). */
	private function gateway_script(): void {
		wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
		wp_register_script( 'wc_stripe_express_checkout', self::SCRIPT_URL, array( 'jquery', 'stripe' ), '9.4.1', true );
		wp_localize_script( 'wc_stripe_express_checkout', 'wc_stripe_express_checkout_params', $this->element->javascript_params() );
		wp_enqueue_script( 'wc_stripe_express_checkout' );
	}

	/** The replaced-scripts map as the page has it now. */
	private static function replaced(): array {
		return apply_filters( 'shop_islands_replaced_scripts', Shop_Islands_Assets::REPLACED_SCRIPTS );
	}

	/**
	 * The express checkout container of `$html`: its opening tag, its props (decoded) and its fallback.
	 *
	 * @param string $html Printed markup.
	 * @return array{0: string, 1: array<string, mixed>, 2: string}
	 */
	private static function container( string $html ): array {
		self::assertSame( 1, preg_match( '#(<div data-island="express-checkout"[^>]*>)<script type="application/json" data-island-props>(.*?)</script>(.*?)</div>#s', $html, $m ), $html );
		return array( $m[1], json_decode( $m[2], true, 512, JSON_THROW_ON_ERROR ), $m[3] . '</div>' );
	}

	/** The gateway's markup is nowhere in `$html`. */
	private static function assert_no_gateway_markup( string $html ): void {
		self::assertStringNotContainsString( 'display:none;">', $html, 'the gateway’s hidden element, its separator' );
		self::assertStringNotContainsString( 'wc-order-attribution-inputs', $html );
		self::assertLessThanOrEqual( 1, substr_count( $html, 'id="wc-stripe-express-checkout-element"' ) );
	}

	public function test_on_a_product_page_the_island_takes_the_gateways_place_after_the_form(): void {
		$printed = $this->after_form();
		$this->assertSame( 1, preg_match( '#^((?:<link [^>]*>)*)(<div data-island="express-checkout"[^>]*>)<script type="application/json" data-island-props>(.*?)</script>(.*)</div>$#s', $printed, $m ), $printed );
		$this->assertSame( '<div data-island="express-checkout" data-island-src="' . self::real_src( 'express-checkout' ) . '" data-hydrate="visible">', $m[2] );
		$this->assertSame( self::FALLBACK, $m[4], 'the buttons’ place, its height reserved, with the gateway’s element id' );
		$this->assertNotSame( array(), self::links( $m[1], 'stylesheet' ), 'its stylesheet before it' );
		$this->assertSame(
			array(
				'params'     => self::localised( self::gateway_params( 'product' ) ),
				'productId'  => $this->post_id,
				'apiVersion' => '2024-06-20',
			),
			json_decode( $m[3], true, 512, JSON_THROW_ON_ERROR )
		);
		$params = json_decode( $m[3], true )['params'];
		$this->assertSame( '1', $params['is_product_page'], 'as wp_localize_script() prints it' );
		$this->assertSame( '', $params['is_cart_page'] );
		$this->assertSame( '', $params['login_confirmation'] );
		$this->assertTrue( $params['stripe']['is_link_enabled'], 'nested values keep their types' );
		$this->assertSame( 0, $this->helper->sheets, 'no cart sheet on a product page' );
		self::assert_no_gateway_markup( $printed );
		$this->assertTrue( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
		// The gateway's callback is back, at its priority; the next run of the hook prints nothing
		// (one element per page, as the gateway's script draws one).
		$this->assertSame( 1, has_action( 'woocommerce_after_add_to_cart_form', array( $this->element, 'display_express_checkout_button_html' ) ) );
		$this->assertFalse( has_action( 'woocommerce_after_add_to_cart_form', array( self::integration(), 'print_place' ) ) );
		$this->assertSame( '', $this->after_form() );
		$this->assertSame( 'woocommerce_after_add_to_cart_form', Shop_Islands_Integration::ISLANDS['express-checkout'], 'listed on the settings page' );
	}

	public function test_after_a_simple_products_form_beside_its_add_to_cart_island(): void {
		// simple.php: the form, then woocommerce_after_add_to_cart_form, all on woocommerce_simple_add_to_cart.
		$url     = esc_url( get_permalink( $this->post_id ) );
		$form    = '<form class="cart" action="' . $url . '" method="post" enctype=\'multipart/form-data\'><button type="submit" name="add-to-cart" value="' . $this->post_id . '" class="single_add_to_cart_button button alt">Add to cart</button></form>';
		$printed = $this->print_on( 'woocommerce_simple_add_to_cart', fn() => $form . $this->after_form() );
		$this->assertStringContainsString( 'data-island="add-to-cart"', $printed, 'the add-to-cart island is still placed' );
		$this->assertSame( 1, preg_match( '#</form>(?:<link [^>]*>)*<div data-island="express-checkout"#', $printed ), $printed );
		$this->assertSame( $form . self::FALLBACK, self::unwrapped( $printed ) );
	}

	public function test_on_the_cart_page_it_follows_the_totals_with_the_cart_sheet(): void {
		update_option( 'woocommerce_enable_shipping_calc', 'yes' );
		$html = $this->cart_collaterals();
		// The totals, in the shipping-calculator island as before, without the gateway's element; then
		// the express checkout island, outside the totals cart.js and that island replace.
		$totals = self::TOTALS_START . self::PROCEED . '</div></div>';
		$this->assertSame( 1, preg_match( '#^(?:<link [^>]*>)*<div data-island="shipping-calculator"[^>]*><script type="application/json" data-island-props>.*?</script>(.*?)</div>((?:<link [^>]*>)*<div data-island="express-checkout".*)$#s', $html, $m ), $html );
		$this->assertSame( $totals, $m[1], 'WooCommerce’s totals, its Proceed to checkout, nothing of the gateway' );
		[ $open, $props, $fallback ] = self::container( $m[2] );
		$this->assertSame( '<div data-island="express-checkout" data-island-src="' . self::real_src( 'express-checkout' ) . '" data-hydrate="visible">', $open );
		$this->assertSame( self::FALLBACK, $fallback );
		$this->assertStringEndsWith( self::FALLBACK . '</div>', $html );
		$this->assertSame(
			array(
				'params'     => self::localised( self::gateway_params( 'cart' ) ),
				'cart'       => self::CART_SHEET + array( 'needsShipping' => true ),
				'apiVersion' => '2024-06-20',
			),
			$props
		);
		$this->assertSame( 1, $this->helper->sheets );
		self::assert_no_gateway_markup( $html );
		$this->assertSame( 20, has_action( 'woocommerce_proceed_to_checkout', array( $this->element, 'display_express_checkout_button_html' ) ) );

		// Without WooCommerce's shipping calculator: the totals as WooCommerce prints them, then the island.
		$this->reset_page();
		self::integration()->reset();
		update_option( 'woocommerce_enable_shipping_calc', 'no' );
		$html = $this->cart_collaterals();
		$this->assertSame( 1, preg_match( '#^' . preg_quote( $totals, '#' ) . '(?:<link [^>]*>)*<div data-island="express-checkout"#', $html ), $html );
	}

	public function test_cart_totals_printed_elsewhere_are_left_to_the_gateway(): void {
		// cart.js's get_cart_totals request (woocommerce_cart_totals() alone), a theme's own totals.
		$GLOBALS['shop_islands_test_wc_page'] = 'cart';
		$this->gateway( self::gateway_params( 'cart' ) );
		$this->assertSame( self::PROCEED . self::GATEWAY_ELEMENT, $this->capture_action( 'woocommerce_proceed_to_checkout' ) );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
	}

	public function test_on_the_checkout_it_takes_the_gateways_place_inside_the_checkout_island(): void {
		$page = $this->checkout_page();
		// The checkout island over the shortcode's output, as without the buttons.
		$this->assertSame( 1, preg_match( '#^<div class="woocommerce">(?:<link [^>]*>)*<div data-island="checkout"[^>]*><script type="application/json" data-island-props>.*?</script>(.*)</div></div>$#s', $page, $m ), $page );
		$content = $m[1];
		// In it, at the top of form.checkout, where the gateway prints its element: the express island.
		$expected_before = preg_quote( '<form name="checkout" method="post" class="checkout woocommerce-checkout" action="https://shop.example/checkout/" enctype="multipart/form-data" aria-label="Checkout">' . "\n\n\t\t", '#' );
		$this->assertSame( 1, preg_match( '#' . $expected_before . '(?:<link [^>]*>)*<div data-island="express-checkout"[^>]*><script type="application/json" data-island-props>.*?</script>' . preg_quote( self::FALLBACK . '</div><div class="col2-set" id="customer_details">', '#' ) . '#s', $content ), $content );
		[ , $props ] = self::container( $content );
		$this->assertSame(
			array(
				'params'     => self::localised( self::gateway_params( 'checkout' ) ),
				'apiVersion' => '2024-06-20',
			),
			$props,
			'no cart sheet: the gateway’s build_display_items() would make is_cart() true on the checkout'
		);
		$this->assertSame( 0, $this->helper->sheets );
		$this->assertSame( '1', $props['params']['is_checkout_page'] );
		self::assert_no_gateway_markup( $page );
		$this->assertStringNotContainsString( 'shop-islands:express-checkout', $page, 'the marker is gone' );
		$this->assertSame( 2, count( self::props_json( $page ) ) );
		$this->assertSame( 1, has_action( 'woocommerce_checkout_before_customer_details', array( $this->element, 'display_express_checkout_button_html' ) ) );
	}

	public function test_a_checkout_printed_without_its_shortcode_keeps_the_fallback_for_the_gateways_script(): void {
		// The island is not printed: the gateway's script stays, and fills the fallback (its element id).
		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$this->gateway( self::gateway_params( 'checkout' ) );
		$this->gateway_script();
		$this->assertSame( '<!--shop-islands:express-checkout-->' . self::FALLBACK, $this->capture_action( 'woocommerce_checkout_before_customer_details' ) );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
		$this->assertArrayNotHasKey( 'wc_stripe_express_checkout', self::replaced() );
		$this->assertStringContainsString( self::SCRIPT_URL, $this->footer() );
		// Once per page: a second run prints nothing.
		$this->assertSame( '', $this->capture_action( 'woocommerce_checkout_before_customer_details' ) );
	}

	public function test_the_gateways_script_is_left_out_where_the_island_is_placed(): void {
		$this->gateway_script();
		$this->assertStringContainsString( 'data-island="express-checkout"', $this->after_form() );
		$this->assertSame( array( 'express-checkout' ), self::replaced()['wc_stripe_express_checkout'] );
		$footer = $this->footer();
		$this->assertStringNotContainsString( self::SCRIPT_URL, $footer );
		$this->assertStringNotContainsString( 'wc_stripe_express_checkout_params', $footer, 'nor its settings' );
		$this->assertStringNotContainsString( 'js.stripe.com', $footer, 'Stripe.js comes with the island' );
		$this->assertStringNotContainsString( 'removeAttribute', $footer, 'no stepping aside' );
		$this->assertCount( 1, self::loader_tags( $footer ) );
		$this->assertFalse( get_option( Shop_Islands_Assets::CONFLICTS_OPTION ), 'no conflict recorded' );
	}

	public function test_switched_off_the_gateway_prints_its_element_and_keeps_its_script(): void {
		update_option( Shop_Islands_Integration::OPTION, array( 'express-checkout' => false ) );
		$this->gateway_script();
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form() );
		$this->assertArrayNotHasKey( 'wc_stripe_express_checkout', self::replaced() );
		$footer = $this->footer();
		$this->assertStringContainsString( self::SCRIPT_URL, $footer );
		$this->assertStringContainsString( 'js.stripe.com', $footer );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		// The filter has the last word.
		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'express-checkout' === $island ? true : $on, 10, 2 );
		$this->assertStringContainsString( 'data-island="express-checkout"', $this->after_form() );
	}

	public function test_not_placed_where_the_gateway_shows_no_buttons(): void {
		// Not connected, not available, the location off in its settings, an unsupported product or
		// cart, a free one…: should_show_express_checkout_button() says no, and nothing is printed.
		$this->helper->show = false;
		$this->assertSame( '', $this->after_form() );
		$this->assertSame( self::TOTALS_START . self::PROCEED . '</div></div>', $this->cart_collaterals() );
		$page = $this->checkout_page();
		$this->assertStringNotContainsString( 'data-island="express-checkout"', $page );
		$this->assertStringNotContainsString( 'wc-stripe-express-checkout-element', $page );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );

		// The gateway's element not on the hook (its init() bailed, or a theme removed it): nothing to replace.
		$this->helper->show = true;
		$GLOBALS['shop_islands_test_wc_page'] = 'product';
		remove_action( 'woocommerce_after_add_to_cart_form', array( $this->element, 'display_express_checkout_button_html' ), 1 );
		$this->assertSame( '', $this->after_form() );
		WC_Stripe_Express_Checkout_Element::forget();
		$this->assertSame( '', $this->after_form(), 'no gateway at all' );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
	}

	public function test_not_placed_on_the_order_pay_page(): void {
		$GLOBALS['shop_islands_test_wc_page'] = 'order-pay';
		$this->gateway( self::gateway_params( 'checkout' ) );
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION . self::GATEWAY_SEPARATOR, $this->capture_action( 'woocommerce_pay_order_before_payment' ) );
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION . self::GATEWAY_SEPARATOR, $this->capture_action( 'woocommerce_checkout_before_customer_details' ) );
		// The checkout page with ?pay_for_order (the gateway's is_pay_for_order_page()).
		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$_GET['pay_for_order']                = 'true';
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION . self::GATEWAY_SEPARATOR, $this->capture_action( 'woocommerce_checkout_before_customer_details' ) );
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
		$this->assertArrayNotHasKey( 'wc_stripe_express_checkout', self::replaced() );
	}

	public function test_not_placed_on_pages_with_the_cart_or_checkout_block(): void {
		foreach ( array( 'woocommerce/cart', 'woocommerce/checkout' ) as $block ) {
			$GLOBALS['post'] = new WP_Post(
				(object) array(
					'ID'           => 6,
					'post_type'    => 'page',
					'post_content' => "<!-- wp:$block --><div class=\"wp-block-$block\"></div><!-- /wp:$block -->",
					'filter'       => 'raw', // get_post() then takes it as it is.
				)
			);
			$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
			$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION . self::GATEWAY_SEPARATOR, $this->capture_action( 'woocommerce_checkout_before_customer_details' ), $block );
			$GLOBALS['shop_islands_test_wc_page'] = 'product';
			$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form(), $block );
		}
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );

		// A page of the classic shortcode.
		$GLOBALS['post']->post_content = '<!-- wp:shortcode -->[woocommerce_checkout]<!-- /wp:shortcode -->';
		$this->assertStringContainsString( 'data-island="express-checkout"', $this->after_form() );
	}

	public function test_not_placed_in_ajax_requests(): void {
		$this->add_hook( 'wp_doing_ajax', '__return_true' );
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form() );
	}

	public function test_the_gateways_params_follow_its_filter_and_are_escaped(): void {
		$this->add_hook(
			'wc_stripe_express_checkout_params',
			static function ( $params ) {
				$params['i18n']['no_prepaid_card'] = 'No</script><script>alert(1)</script> & <!--';
				$params['taxes_based_on_billing']  = 'Taxes &amp; more';
				return $params;
			}
		);
		$json = self::props_json( $this->after_form() );
		$this->assertCount( 1, $json );
		$this->assertStringNotContainsString( '<', $json[0] );
		$params = json_decode( $json[0], true, 512, JSON_THROW_ON_ERROR )['params'];
		$this->assertSame( 'No</script><script>alert(1)</script> & <!--', $params['i18n']['no_prepaid_card'] );
		$this->assertSame( 'Taxes & more', $params['taxes_based_on_billing'], 'entities decoded, as wp_localize_script() does' );
	}

	public function test_params_the_island_cannot_use_leave_the_gateway_as_it_is(): void {
		$cases = array(
			'no key'           => static fn( $params ) => array_replace_recursive( $params, array( 'stripe' => array( 'publishable_key' => '' ) ) ),
			'a secret key'     => static fn( $params ) => array_replace_recursive( $params, array( 'stripe' => array( 'publishable_key' => 'sk_live_secret' ) ) ),
			'no checkout data' => static fn( $params ) => array_diff_key( $params, array( 'checkout' => true ) ),
			'no shop endpoint' => static fn( $params ) => array_diff_key( $params, array( 'ajax_url' => true ) ),
			'not an array'     => static fn() => '',
		);
		foreach ( $cases as $case => $filter ) {
			$this->add_hook( 'wc_stripe_express_checkout_params', $filter );
			$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form(), $case );
			remove_filter( 'wc_stripe_express_checkout_params', $filter );
		}
		$this->assertFalse( Shop_Islands_Plugin::instance()->assets->printed( 'express-checkout' ) );
	}

	public function test_the_fallback_reserves_the_gateways_button_height_clamped(): void {
		foreach ( array( '56' => 55, '40' => 40, '48' => 48, 'tall' => 48, '30' => 40 ) as $height => $reserved ) {
			$this->reset_page();
			self::integration()->reset();
			$params                     = self::gateway_params( 'product' );
			$params['button']['height'] = (string) $height;
			$this->gateway( $params );
			[ , , $fallback ] = self::container( $this->after_form() );
			$this->assertSame( str_replace( '48px', $reserved . 'px', self::FALLBACK ), $fallback, "height $height" );
		}
	}

	public function test_a_themes_own_island_wins(): void {
		$this->gateway_script();
		$theme = shop_islands_render( 'express-checkout', array( 'params' => self::localised( self::gateway_params( 'product' ) ) ), self::FALLBACK );
		$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form(), 'the gateway’s element, as the theme left it' );
		$this->assertArrayNotHasKey( 'wc_stripe_express_checkout', self::replaced(), 'the theme leaves the gateway’s script out itself' );
		// It left it: its island steps aside for the gateway's script.
		$footer = $this->footer();
		$this->assertStringContainsString( self::SCRIPT_URL, $footer );
		$this->assertStringContainsString( self::STEP_ASIDE, $footer );
		$this->assertStringContainsString( 'data-island="express-checkout"', $theme );
	}

	public function test_a_script_that_needs_the_gateways_script_keeps_the_island_off_and_is_recorded(): void {
		$this->gateway_script();
		wp_register_script( 'ece-addon', 'https://plugins.example/ece-addon.js', array( 'wc_stripe_express_checkout' ), '1', true );
		wp_enqueue_script( 'ece-addon' );
		$_SERVER['REQUEST_URI'] = '/product/pro-match-football/';
		try {
			$this->assertSame( self::GATEWAY_ELEMENT . self::GATEWAY_ATTRIBUTION, $this->after_form() );
		} finally {
			$_SERVER['REQUEST_URI'] = '/';
		}
		$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		$this->assertSame( array( 'wc_stripe_express_checkout' => array( 'ece-addon' ) ), array_map( 'array_keys', $recorded['express-checkout'] ) );
		$this->assertSame( '/product/pro-match-football/', $recorded['express-checkout']['wc_stripe_express_checkout']['ece-addon']['page'] );
		$this->assertArrayNotHasKey( 'wc_stripe_express_checkout', self::replaced() );
		$this->assertStringContainsString( self::SCRIPT_URL, $this->footer(), 'the gateway’s script draws the buttons' );
	}

	public function test_a_script_that_needs_the_gateways_script_enqueued_later_makes_the_island_step_aside(): void {
		$this->gateway_script();
		$late = static function () {
			wp_register_script( 'ece-addon', 'https://plugins.example/ece-addon.js', array( 'wc_stripe_express_checkout' ), '1', true );
			wp_enqueue_script( 'ece-addon' );
		};
		$this->add_hook( 'wp_footer', $late, 15 );
		$this->assertStringContainsString( 'data-island="express-checkout"', $this->after_form(), 'placed: nothing needed the gateway’s script yet' );
		$footer = $this->footer();

		$this->assertStringContainsString( self::SCRIPT_URL, $footer, 'the gateway’s script, needed' );
		$this->assertStringContainsString( self::STEP_ASIDE, $footer, 'the island steps aside: the gateway’s script fills its fallback' );
		$this->assertGreaterThan( strpos( $footer, self::SCRIPT_URL ), strpos( $footer, self::STEP_ASIDE ), 'after the footer scripts' );
		$this->assertLessThan( strpos( $footer, self::STEP_ASIDE ), (int) strpos( $footer, self::loader_tags( $footer )[0] ?? '' ), 'the loader (a module, it runs after) is printed before' );
		$this->assertSame( array( 'wc_stripe_express_checkout' => array( 'ece-addon' ) ), array_map( 'array_keys', get_option( Shop_Islands_Assets::CONFLICTS_OPTION )['express-checkout'] ) );

		// Without that script the island stays.
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		$this->reset_page();
		self::integration()->reset();
		remove_action( 'wp_footer', $late, 15 );
		$this->gateway_script();
		$this->after_form();
		$footer = $this->footer();
		$this->assertStringNotContainsString( 'removeAttribute', $footer );
		$this->assertStringNotContainsString( self::SCRIPT_URL, $footer );
	}
}

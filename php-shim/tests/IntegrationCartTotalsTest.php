<?php
/**
 * Automatic integration on the classic cart page: the `shipping-calculator` island around the cart
 * totals WooCommerce prints on `woocommerce_cart_collaterals`.
 *
 * @package ShopIslands
 */

// WooCommerce's stand-ins (WC(), is_checkout()…, the store's countries) are the checkout test's.
require_once __DIR__ . '/IntegrationCheckoutTest.php';

if ( ! function_exists( 'is_cart' ) ) {
	/** As WooCommerce's: the cart page (`$GLOBALS['shop_islands_test_wc_page']` is 'cart'). */
	function is_cart(): bool {
		return 'cart' === ( $GLOBALS['shop_islands_test_wc_page'] ?? '' );
	}
}
if ( ! function_exists( 'woocommerce_cart_totals' ) ) {
	/** As WooCommerce's: prints cart/cart-totals.php (here, the test's markup). */
	function woocommerce_cart_totals(): void {
		echo $GLOBALS['shop_islands_test_cart_totals'] ?? ''; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
	}
}

/**
 * The calculator's totals as WooCommerce 9.9 prints them (cart/cart-totals.php with
 * cart/shipping-calculator.php), cut to what matters here.
 */
final class IntegrationCartTotalsTest extends Shop_Islands_Test_Case {

	const TOTALS = '<div class="cart_totals "><h2>Cart totals</h2><table cellspacing="0" class="shop_table shop_table_responsive"><tr class="woocommerce-shipping-totals shipping"><th>Shipping</th><td data-title="Shipping">'
		. '<form class="woocommerce-shipping-calculator" action="https://shop.example/cart/" method="post"><a href="#" class="shipping-calculator-button" aria-expanded="false" aria-controls="shipping-calculator-form" role="button">Calculate shipping</a>'
		. '<section class="shipping-calculator-form" id="shipping-calculator-form" style="display:none;"><p class="form-row form-row-wide" id="calc_shipping_country_field"><select name="calc_shipping_country" id="calc_shipping_country" class="country_to_state country_select"><option value="IE" selected=\'selected\'>Ireland</option></select></p>'
		. '<p><button type="submit" name="calc_shipping" value="1" class="button">Update</button></p><input type="hidden" id="woocommerce-shipping-calculator-nonce" name="woocommerce-shipping-calculator-nonce" value="1a2b3c4d5e" /></section></form>'
		. '</td></tr></table><div class="wc-proceed-to-checkout"><a href="https://shop.example/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a></div></div>';

	const CROSS_SELLS = '<div class="cross-sells"><h2>You may be interested in&hellip;</h2></div>';

	protected function setUp(): void {
		parent::setUp();
		$GLOBALS['shop_islands_test_wc_page']     = 'cart';
		$GLOBALS['shop_islands_test_cart_totals'] = self::TOTALS;
		update_option( 'woocommerce_enable_shipping_calc', 'yes' );
		// WooCommerce's template hooks (wc-template-hooks.php): the cross-sells, then the totals.
		$this->add_hook( 'woocommerce_cart_collaterals', array( self::class, 'cross_sells' ) );
		$this->add_hook( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' );
	}

	protected function tearDown(): void {
		unset( $GLOBALS['shop_islands_test_wc_page'], $GLOBALS['shop_islands_test_cart_totals'] );
		delete_option( 'woocommerce_enable_shipping_calc' );
		delete_option( Shop_Islands_Integration::OPTION );
		remove_action( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' );
		parent::tearDown();
	}

	/** WooCommerce's `woocommerce_cross_sell_display` (its output). */
	public static function cross_sells(): void {
		echo self::CROSS_SELLS; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
	}

	/** What cart.php prints in `div.cart-collaterals`. */
	private function collaterals(): string {
		return $this->capture_action( 'woocommerce_cart_collaterals' );
	}

	public function test_the_totals_become_the_island_after_the_cross_sells(): void {
		$html = $this->collaterals();
		$this->assertSame( 1, preg_match( '#^' . preg_quote( self::CROSS_SELLS, '#' ) . '(?:<link [^>]*>)*(<div data-island="shipping-calculator"[^>]*>)<script type="application/json" data-island-props>.*?</script>(.*)</div>$#s', $html, $m ), $html );
		$this->assertSame( '<div data-island="shipping-calculator" data-island-src="' . self::real_src( 'shipping-calculator' ) . '" data-hydrate="visible">', $m[1] );
		$this->assertSame( self::TOTALS, $m[2], 'WooCommerce’s totals, unchanged, are the fallback (the calculator posts without JavaScript)' );
		$props = json_decode( self::props_json( $html )[0], true, 512, JSON_THROW_ON_ERROR );
		$this->assertSame( array( 'address' ), array_keys( $props ) );
		$this->assertSame( Shop_Islands_Integration_Checkout::address_props(), $props['address'] );
		$this->assertSame( array( 'i18n', 'countrySelect' ), array_keys( $props['address'] ) );
		$this->assertTrue( Shop_Islands_Plugin::instance()->assets->printed( 'shipping-calculator' ) );
		// WooCommerce's callback is back, at its priority, and the next run of the hook decides again.
		$this->assertSame( 10, has_action( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' ) );
		$this->assertSame( 1, substr_count( $this->collaterals(), 'data-island="shipping-calculator"' ) );
	}

	public function test_left_to_woocommerce_off_the_cart_page_without_the_calculator_when_off_or_already_an_island(): void {
		$plain = self::CROSS_SELLS . self::TOTALS;

		$GLOBALS['shop_islands_test_wc_page'] = 'checkout';
		$this->assertSame( $plain, $this->collaterals(), 'not the cart page' );
		$GLOBALS['shop_islands_test_wc_page'] = 'cart';

		update_option( 'woocommerce_enable_shipping_calc', 'no' );
		$this->assertSame( $plain, $this->collaterals(), 'no shipping calculator in the store' );
		update_option( 'woocommerce_enable_shipping_calc', 'yes' );

		update_option( Shop_Islands_Integration::OPTION, array( 'shipping-calculator' => false ) );
		$this->assertSame( $plain, $this->collaterals(), 'switched off' );
		delete_option( Shop_Islands_Integration::OPTION );

		$theme = shop_islands_render( 'shipping-calculator', array(), self::TOTALS );
		$GLOBALS['shop_islands_test_cart_totals'] = $theme;
		$this->assertSame( self::CROSS_SELLS . $theme, $this->collaterals(), 'the theme’s own island' );
		$GLOBALS['shop_islands_test_cart_totals'] = self::TOTALS;

		// A theme that prints its own totals (WooCommerce's callback removed).
		remove_action( 'woocommerce_cart_collaterals', 'woocommerce_cart_totals' );
		$this->assertSame( self::CROSS_SELLS, $this->collaterals() );
	}
}

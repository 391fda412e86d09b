<?php
/**
 * Automatic integration on the classic cart page: the `shipping-calculator` island around the cart
 * totals WooCommerce prints (`div.cart_totals`, with its shipping calculator form).
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce prints the cart totals with `woocommerce_cart_totals()` on `woocommerce_cart_collaterals`
 * (cart.php's `div.cart-collaterals`, after the cross-sells). Where the island is placed, that callback
 * is swapped, in its place and at its priority, for one that prints the same totals inside the
 * island's container: WooCommerce's markup, unchanged, is the fallback (the calculator's form posts to
 * the cart page without JavaScript), and the island adds the behaviour (defineIsland's `adopt`).
 *
 * WooCommerce's cart.js stays on the page: it runs the rest of the cart (Update cart, coupons, the
 * shipping methods, removals), and country-select.js and address-i18n.js with it (cart.js needs
 * them). The island keeps the calculator's toggle and its submit to itself (their events do not
 * reach cart.js's handlers on the document), and adopts the totals cart.js puts in place of its own
 * (after Update cart), which land inside the container, since cart.js replaces `div.cart_totals`.
 *
 * Only on the cart page (`is_cart()`), with WooCommerce's shipping calculator on
 * (`woocommerce_enable_shipping_calc`), not on a page holding WooCommerce's cart block (its own
 * scripts run it), and not when `woocommerce_cart_totals()` is not on the hook (a theme printing
 * its own totals).
 */
final class Shop_Islands_Integration_Cart_Totals {

	/** WooCommerce's hook and callback that print the totals. */
	const HOOK     = 'woocommerce_cart_collaterals';
	const CALLBACK = 'woocommerce_cart_totals';

	/**
	 * The integration, for the per-island switch.
	 *
	 * @param Shop_Islands_Integration $integration The integration.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks. */
	public function register(): void {
		// Before WooCommerce's callbacks (10): the swap is decided when the hook runs.
		add_action( self::HOOK, array( $this, 'swap' ), 1 );
	}

	/**
	 * `woocommerce_cart_collaterals` (1): WooCommerce's `woocommerce_cart_totals` replaced, at its
	 * priority, by {@see print_totals()}, when the island is placed here.
	 */
	public function swap(): void {
		$priority = has_action( self::HOOK, self::CALLBACK );
		if ( false === $priority || ! self::cart_page() || ! $this->integration->placeable( 'shipping-calculator' )
			|| null === Shop_Islands_Integration_Checkout::address_props() ) {
			return;
		}
		remove_action( self::HOOK, self::CALLBACK, $priority );
		add_action( self::HOOK, array( $this, 'print_totals' ), $priority );
	}

	/** WooCommerce's cart totals, in the `shipping-calculator` island (or as they are). */
	public function print_totals(): void {
		// The swap is for this run of the hook: WooCommerce's callback is put back (it does not run
		// again in this run), and the next run (a template printed twice) decides again.
		$priority = (int) has_action( self::HOOK, array( $this, 'print_totals' ) );
		remove_action( self::HOOK, array( $this, 'print_totals' ), $priority );
		add_action( self::HOOK, self::CALLBACK, $priority );
		ob_start();
		call_user_func( self::CALLBACK );
		$html  = (string) ob_get_clean();
		$props = Shop_Islands_Integration_Checkout::address_props();
		if ( str_contains( $html, 'data-island=' ) || ! str_contains( $html, 'cart_totals' ) || null === $props ) {
			echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's template output, as it printed it.
			return;
		}
		echo shop_islands_render( 'shipping-calculator', array( 'address' => $props ), $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by the renderer; the fallback is WooCommerce's template output.
	}

	/** Whether this is the classic cart page with WooCommerce's shipping calculator. */
	private static function cart_page(): bool {
		if ( ! function_exists( 'is_cart' ) || ! is_cart() || ! function_exists( self::CALLBACK ) ) {
			return false;
		}
		if ( 'yes' !== get_option( 'woocommerce_enable_shipping_calc' ) ) {
			return false;
		}
		return ! ( function_exists( 'has_block' ) && has_block( 'woocommerce/cart' ) );
	}
}

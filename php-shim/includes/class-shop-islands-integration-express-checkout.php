<?php
/**
 * Automatic integration of the Stripe gateway's express checkout buttons: the `express-checkout`
 * island where the gateway prints `#wc-stripe-express-checkout-element` on the product page, the
 * cart and the classic checkout.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * The Stripe gateway (9.4.1, `WC_Stripe_Express_Checkout_Element`) prints its express checkout
 * element with one callback, `display_express_checkout_button_html()`, on
 * `woocommerce_after_add_to_cart_form` (1, after the product's add-to-cart form),
 * `woocommerce_proceed_to_checkout` (20, in the cart totals, under Proceed to checkout),
 * `woocommerce_checkout_before_customer_details` (1, at the top of `form.checkout`) and
 * `woocommerce_pay_order_before_payment` (1, the order-pay page): an empty, hidden
 * `div#wc-stripe-express-checkout-element` (its order attribution inputs, and on the checkout an
 * "— OR —" separator, after it) that its script `wc_stripe_express_checkout` fills, with the settings
 * it localises as `wc_stripe_express_checkout_params` (`javascript_params()` through the filter of
 * that name), where the page is one it supports and `should_show_express_checkout_button()` says so.
 *
 * Right before the gateway's callback runs (the same hook, first priority) the same questions are
 * asked of the gateway; where the island is placed, the gateway's callback is swapped, at its
 * priority and for that run of the hook only, for one that prints the island's container instead
 * (then the gateway's callback is put back, and the next run decides again). Removing the gateway's
 * callback is the clean way to leave its markup out: it is an action that echoes (no filter to take
 * its HTML from), and buffering it would keep its separator and attribution inputs, which the island
 * does not use (it draws its own separator). Where the island is placed, the gateway's script is one
 * of the island's (`shop_islands_replaced_scripts`), and so is Stripe.js with it (the island loads it
 * when it mounts); the gateway's stylesheet stays (it styles only the gateway's markup).
 *
 * Where the container goes, and why not always exactly where the gateway's element went:
 *
 * - product page: at the gateway's place, after the add-to-cart form (outside the form, and outside
 *   the add-to-cart and variation-form islands, which wrap the button or the form only);
 * - classic checkout: at the gateway's place, at the top of `form.checkout`. That is inside the
 *   `[woocommerce_checkout]` shortcode's output, which the checkout island takes whole as its fallback
 *   (Shop_Islands_Integration_Checkout, `do_shortcode_tag` 1000) and leaves to WooCommerce when it
 *   already holds an island container. So the gateway's place gets the container's fallback, after a
 *   marker, and the marker and fallback become the container on `do_shortcode_tag` after every other
 *   filter (PHP_INT_MAX): the express island then sits inside the checkout island's markup, which the
 *   checkout island keeps as it is (it adopts it; update_order_review's fragments are the review and
 *   payment regions, not this one). Never swapped (a checkout printed without the shortcode), the
 *   fallback stays as it is, with the gateway's element id, and the island is not printed: the
 *   gateway's script is then not left out, and it fills that element;
 * - cart: not in the cart totals, the gateway's place: WooCommerce's cart.js replaces `div.cart_totals`
 *   after each update (and the shipping-calculator island, around those totals, after each
 *   calculation, sanitised), which would take the island's container with it (islands added inside
 *   a mounted island are not mounted, and the sanitiser drops their props), and the shipping-calculator
 *   integration leaves totals holding an island container to WooCommerce. The decision is still taken
 *   at the gateway's place (`woocommerce_proceed_to_checkout`, in the totals `woocommerce_cart_totals()`
 *   prints on `woocommerce_cart_collaterals`), and the container is printed at the end of
 *   `woocommerce_cart_collaterals` (PHP_INT_MAX): right after the totals, in `div.cart-collaterals`,
 *   outside what gets replaced. The island stays there across updates and reads the cart again on
 *   `updated_cart_totals`. Totals printed outside `woocommerce_cart_collaterals` (cart.js's
 *   `get_cart_totals` request) are left to the gateway.
 *
 * Props: `params`, the gateway's params as `wp_localize_script()` hands them to the page (top-level
 * scalars as strings); on a product page `productId` (the gateway's `get_product()`); on the cart page
 * `cart`, the cart's sheet from the gateway's `build_display_items()` with `needsShipping` from its
 * params (`checkout.needs_shipping`), so the island makes no Store API request on load. Not on the
 * checkout: `build_display_items()` defines `WOOCOMMERCE_CART`, which would make `is_cart()` true for
 * the rest of that page (WooCommerce would then print a shipping calculator in the order review); the
 * island reads the cart there on load, as the gateway does. `apiVersion` is the gateway's
 * `WC_Stripe_API::STRIPE_API_VERSION`.
 *
 * Only when the switch for `express-checkout` is on, the gateway's callback is on the hook (its
 * `init()` adds it only with ECE, UPE and the gateway enabled), the page is one the gateway supports
 * and it would show its buttons there (`is_page_supported()`, `should_show_express_checkout_button()`),
 * the params have a publishable key, and `placeable()`; not on the order-pay page (the island has no
 * pay-for-order mode), not on a page holding the cart or checkout block, not in Ajax requests, and
 * once per page (the gateway's script draws one element). A theme's own express island wins: the
 * gateway is then left as it is. Where a script on the page needs the gateway's script, the island
 * stays off: not placed (`placeable()`), or, when that script comes later, stepping aside
 * (`step_aside()`): the container stops being one, and the gateway's script fills its fallback, which
 * carries the gateway's element id.
 */
final class Shop_Islands_Integration_Express_Checkout {

	/** The island. */
	const ISLAND = 'express-checkout';

	/** The gateway's express checkout script, which the island replaces. */
	const SCRIPT = 'wc_stripe_express_checkout';

	/** The gateway's class, and its callback that prints the element. */
	const ELEMENT  = 'WC_Stripe_Express_Checkout_Element';
	const CALLBACK = 'display_express_checkout_button_html';

	/**
	 * The gateway's hooks this integration places the island on (the order-pay page's is left out), with
	 * the page each is on.
	 *
	 * @var array<string, string>
	 */
	const PLACES = array(
		'woocommerce_after_add_to_cart_form'           => 'product',
		'woocommerce_proceed_to_checkout'              => 'cart',
		'woocommerce_checkout_before_customer_details' => 'checkout',
	);

	/** Where the cart's container is printed (at its end): around the cart totals. */
	const CART_COLLATERALS = 'woocommerce_cart_collaterals';

	/** Before the container's fallback on the checkout, until it becomes the container. */
	const MARKER = '<!--shop-islands:express-checkout-->';

	/** The gateway clamps its buttons' height to 40–55 px (the island too); 48 is its default. */
	const MIN_HEIGHT     = 40;
	const MAX_HEIGHT     = 55;
	const DEFAULT_HEIGHT = 48;

	/**
	 * What this run of each hook prints in the gateway's place: hook => the gateway's element (its
	 * callback goes back after the run) and the island's props and fallback, or null (nothing: the
	 * island is on the page already).
	 *
	 * @var array<string, array{element: object, place: string, props: array<string, mixed>|null, fallback: string}>
	 */
	private array $runs = array();

	/**
	 * The cart's container, waiting for the end of `woocommerce_cart_collaterals`.
	 *
	 * @var array{props: array<string, mixed>, fallback: string}|null
	 */
	private ?array $cart = null;

	/**
	 * The checkout's container, waiting for `do_shortcode_tag`.
	 *
	 * @var array{props: array<string, mixed>, fallback: string}|null
	 */
	private ?array $checkout = null;

	/** Whether this integration placed the island (on this page, when it is printed on it). */
	private bool $placed = false;

	/** Whether `placeable()` is deciding about the island (the gateway's script counts as its). */
	private bool $deciding = false;

	/**
	 * The integration, for the per-island switch and the script conflicts.
	 *
	 * @param Shop_Islands_Integration $integration The integration.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks. */
	public function register(): void {
		add_filter( 'shop_islands_replaced_scripts', array( $this, 'replaced_scripts' ) );
		// Before the gateway's callback (1, 20): the swap is decided when the hook runs.
		foreach ( array_keys( self::PLACES ) as $hook ) {
			add_action( $hook, array( $this, 'swap' ), PHP_INT_MIN, 0 );
		}
		// After the cart totals (woocommerce_cart_totals, 10), and after whatever else is printed there.
		add_action( self::CART_COLLATERALS, array( $this, 'print_cart' ), PHP_INT_MAX, 0 );
		// After every other filter, the checkout island's (1000) included.
		add_filter( 'do_shortcode_tag', array( $this, 'shortcode_output' ), PHP_INT_MAX, 1 );
		// Right after the footer scripts are printed (_wp_footer_scripts, 10), before the loader runs.
		add_action( 'wp_print_footer_scripts', array( $this, 'step_aside' ), 11 );
	}

	/** Forgets what this request placed (tests; a new request starts from scratch anyway). */
	public function reset(): void {
		$this->runs     = array();
		$this->cart     = null;
		$this->checkout = null;
		$this->placed   = false;
		$this->deciding = false;
	}

	/**
	 * The gateway's hooks (first priority): when the island is placed in this run, the gateway's
	 * callback is swapped for {@see print_place()} at its priority. Also when this integration's island
	 * is on the page already (or waiting to be printed): the gateway's element would be a second one,
	 * without its script.
	 */
	public function swap(): void {
		$hook  = current_filter();
		$place = self::PLACES[ $hook ] ?? null;
		if ( null === $place || isset( $this->runs[ $hook ] ) ) {
			return;
		}
		$element  = self::element();
		$priority = null === $element ? false : has_action( $hook, array( $element, self::CALLBACK ) );
		if ( null === $element || false === $priority ) {
			return; // The gateway does not print here: nothing to replace.
		}
		if ( $this->ours_on_page() || null !== $this->cart || null !== $this->checkout ) {
			$props = null; // Once per page: this integration's container is printed, or waiting to be.
		} else {
			$props = $this->props( $place, $element );
			if ( null === $props ) {
				return;
			}
		}
		$this->runs[ $hook ] = array(
			'element'  => $element,
			'place'    => $place,
			'props'    => $props,
			'fallback' => null === $props ? '' : self::fallback( $props['params'] ),
		);
		remove_action( $hook, array( $element, self::CALLBACK ), $priority );
		add_action( $hook, array( $this, 'print_place' ), $priority, 0 );
	}

	/**
	 * In the gateway's place, at its priority: the island's container (product page), its fallback
	 * after the marker (checkout), or nothing (cart: the container comes after the totals). The
	 * gateway's callback goes back, at its priority, for the next run of the hook (it does not run
	 * again in this one).
	 */
	public function print_place(): void {
		$hook     = current_filter();
		$run      = $this->runs[ $hook ] ?? null;
		$priority = has_action( $hook, array( $this, 'print_place' ) );
		unset( $this->runs[ $hook ] );
		if ( false !== $priority ) {
			remove_action( $hook, array( $this, 'print_place' ), $priority );
			if ( null !== $run ) {
				add_action( $hook, array( $run['element'], self::CALLBACK ), $priority );
			}
		}
		if ( null === $run || null === $run['props'] ) {
			return;
		}
		$waiting = array(
			'props'    => $run['props'],
			'fallback' => $run['fallback'],
		);
		if ( 'cart' === $run['place'] ) {
			$this->cart = $waiting;
		} elseif ( 'checkout' === $run['place'] ) {
			$this->checkout = $waiting;
			echo self::MARKER . $run['fallback']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built by fallback(), its one value an integer.
		} else {
			echo $this->render( $waiting ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by shop_islands_render().
		}
	}

	/** `woocommerce_cart_collaterals` (last): the cart's container, after the totals. */
	public function print_cart(): void {
		$waiting    = $this->cart;
		$this->cart = null;
		if ( null !== $waiting ) {
			echo $this->render( $waiting ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by shop_islands_render().
		}
	}

	/**
	 * `do_shortcode_tag` (last): the checkout's marker and fallback, printed in the gateway's place
	 * inside the shortcode's output, become the island's container.
	 *
	 * @param mixed $output The shortcode's output.
	 * @return mixed
	 */
	public function shortcode_output( $output ) {
		if ( null === $this->checkout || ! is_string( $output ) ) {
			return $output;
		}
		$printed = self::MARKER . $this->checkout['fallback'];
		$at      = strpos( $output, $printed );
		if ( false === $at ) {
			return $output;
		}
		$waiting        = $this->checkout;
		$this->checkout = null;
		// A theme's own express island printed meanwhile wins: the fallback stays the gateway's element.
		if ( Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND ) && ! $this->ours_on_page() ) {
			return substr_replace( $output, $waiting['fallback'], $at, strlen( $printed ) );
		}
		return substr_replace( $output, $this->render( $waiting ), $at, strlen( $printed ) );
	}

	/**
	 * `shop_islands_replaced_scripts`: on a page where this integration placed the island (it placed
	 * one, and one is printed on the page), and while it decides whether to, the gateway's express
	 * checkout script is the island's (and, with it, Stripe.js, when nothing else needs it). Not for an
	 * island the theme printed itself.
	 *
	 * @param mixed $replaced Handle => islands.
	 * @return mixed
	 */
	public function replaced_scripts( $replaced ) {
		if ( is_array( $replaced ) && ( $this->deciding || $this->ours_on_page() ) ) {
			$replaced[ self::SCRIPT ] = array( self::ISLAND );
		}
		return $replaced;
	}

	/**
	 * `wp_print_footer_scripts` (11): when the gateway's express checkout script was printed on a page
	 * holding an express checkout island after all (a script that needs it, enqueued too late for
	 * `placeable()`), the island steps aside: its container stops being one (an inline script, which
	 * runs before the deferred loader), and the gateway's script fills the fallback, which carries its
	 * element's id, as if the island were off. Both would draw buttons for the same cart and take the
	 * same payment. The conflict is recorded for the settings page when that script was enqueued before
	 * the footer's check (Shop_Islands_Assets::dequeue_replaced_scripts(), `wp_footer` 19). An island the
	 * theme printed steps aside too: the gateway's script is not left out for it.
	 */
	public function step_aside(): void {
		if ( is_admin() || ! Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND ) ) {
			return;
		}
		if ( ! in_array( self::SCRIPT, wp_scripts()->done, true ) ) {
			return;
		}
		wp_print_inline_script_tag( 'document.querySelectorAll(\'[data-island="' . self::ISLAND . '"]\').forEach(function(el){el.removeAttribute("data-island");});' );
	}

	/**
	 * The island's container.
	 *
	 * @param array{props: array<string, mixed>, fallback: string} $waiting Its props and fallback.
	 */
	private function render( array $waiting ): string {
		$html         = shop_islands_render( self::ISLAND, $waiting['props'], $waiting['fallback'] );
		$this->placed = true;
		return $html;
	}

	/** Whether this integration's island is on this page. */
	private function ours_on_page(): bool {
		return $this->placed && Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND );
	}

	/**
	 * The island's props for `$place`, when it is placed there now; else null (the gateway's callback
	 * then runs as it is).
	 *
	 * @param string $place   'product', 'cart' or 'checkout'.
	 * @param object $element The gateway's `WC_Stripe_Express_Checkout_Element`.
	 * @return array<string, mixed>|null
	 */
	private function props( string $place, object $element ): ?array {
		if ( is_admin() || is_feed() || wp_doing_ajax() || ! $this->integration->enabled( self::ISLAND )
			|| Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND ) ) {
			return null;
		}
		$helper = $element->express_checkout_helper ?? null;
		if ( ! is_object( $helper ) || ! self::on_page( $place, $helper ) || ! self::shows_buttons( $helper ) ) {
			return null;
		}
		$params = self::params( $element );
		if ( null === $params ) {
			return null;
		}
		$props = array( 'params' => $params );
		if ( 'product' === $place ) {
			$product = is_callable( array( $helper, 'get_product' ) ) ? $helper->get_product() : null;
			$id      = is_object( $product ) && is_callable( array( $product, 'get_id' ) ) ? (int) $product->get_id() : 0;
			if ( $id <= 0 ) {
				return null;
			}
			$props['productId'] = $id;
		} elseif ( function_exists( 'is_cart' ) && is_cart() ) {
			// On the cart page only: see the class's comment.
			$cart = self::cart_sheet( $helper, $params );
			if ( null !== $cart ) {
				$props['cart'] = $cart;
			}
		}
		$version = defined( 'WC_Stripe_API::STRIPE_API_VERSION' ) ? constant( 'WC_Stripe_API::STRIPE_API_VERSION' ) : null;
		if ( is_string( $version ) && preg_match( '/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/', $version ) ) {
			$props['apiVersion'] = $version;
		}
		// The gateway's script counts as the island's, so that a script needing it keeps the island off.
		$this->deciding = true;
		try {
			$placeable = $this->integration->placeable( self::ISLAND );
		} finally {
			$this->deciding = false;
		}
		return $placeable ? $props : null;
	}

	/** The gateway's `WC_Stripe_Express_Checkout_Element` (it keeps its instance), or null. */
	private static function element(): ?object {
		if ( ! class_exists( self::ELEMENT, false ) || ! is_callable( array( self::ELEMENT, 'instance' ) ) ) {
			return null;
		}
		$element = call_user_func( array( self::ELEMENT, 'instance' ) );
		return is_object( $element ) && is_callable( array( $element, 'javascript_params' ) ) ? $element : null;
	}

	/**
	 * Whether the page is the one of `$place`, one the island runs: the product page (the gateway's
	 * `is_product()`, the `[product_page]` shortcode's page included), the cart or the classic checkout;
	 * not the order-pay page, not a page holding WooCommerce's cart or checkout block.
	 *
	 * @param string $place  'product', 'cart' or 'checkout'.
	 * @param object $helper The gateway's `WC_Stripe_Express_Checkout_Helper`.
	 */
	private static function on_page( string $place, object $helper ): bool {
		if ( function_exists( 'has_block' ) && ( has_block( 'woocommerce/cart' ) || has_block( 'woocommerce/checkout' ) ) ) {
			return false;
		}
		if ( ( function_exists( 'is_checkout_pay_page' ) && is_checkout_pay_page() )
			|| ( is_callable( array( $helper, 'is_pay_for_order_page' ) ) && $helper->is_pay_for_order_page() ) ) {
			return false;
		}
		if ( 'product' === $place ) {
			return is_callable( array( $helper, 'is_product' ) ) && $helper->is_product();
		}
		if ( 'cart' === $place ) {
			// Only the totals printed in the cart's collaterals: the container comes after them.
			return function_exists( 'is_cart' ) && is_cart() && doing_action( self::CART_COLLATERALS );
		}
		return function_exists( 'is_checkout' ) && is_checkout()
			&& ! ( function_exists( 'is_order_received_page' ) && is_order_received_page() );
	}

	/**
	 * Whether the gateway would print its element here: what `display_express_checkout_button_html()`
	 * asks (the page supported, the buttons to be shown: the account connected, the gateway available,
	 * the cart's items or the product supported, the location on in its settings, not free).
	 *
	 * @param object $helper The gateway's `WC_Stripe_Express_Checkout_Helper`.
	 */
	private static function shows_buttons( object $helper ): bool {
		if ( ! is_callable( array( $helper, 'is_page_supported' ) ) || ! is_callable( array( $helper, 'should_show_express_checkout_button' ) ) ) {
			return false;
		}
		return $helper->is_page_supported() && $helper->should_show_express_checkout_button();
	}

	/**
	 * `wc_stripe_express_checkout_params` as the page would get it: `javascript_params()` through the
	 * gateway's filter, then as `wp_localize_script()` hands it to the page (top-level scalars as
	 * strings, entities decoded; nested values keep their types). Null without a publishable key, the
	 * shop endpoint or the checkout data the island needs.
	 *
	 * @param object $element The gateway's element.
	 * @return array<string, mixed>|null
	 */
	private static function params( object $element ): ?array {
		/** This filter is documented in woocommerce-gateway-stripe's WC_Stripe_Express_Checkout_Element::scripts(). */
		$params = apply_filters( 'wc_stripe_express_checkout_params', $element->javascript_params() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- the gateway's filter.
		if ( ! is_array( $params ) || ! is_string( $params['ajax_url'] ?? null ) || ! is_array( $params['checkout'] ?? null ) ) {
			return null;
		}
		$key = is_array( $params['stripe'] ?? null ) ? ( $params['stripe']['publishable_key'] ?? null ) : null;
		if ( ! is_string( $key ) || ! preg_match( '/^pk_(test|live)_[A-Za-z0-9]+$/', $key ) ) {
			return null;
		}
		foreach ( $params as $name => $value ) {
			if ( is_scalar( $value ) ) {
				$params[ $name ] = html_entity_decode( (string) $value, ENT_QUOTES, 'UTF-8' );
			}
		}
		return $params;
	}

	/**
	 * The cart's sheet, as the gateway's `wc_stripe_get_cart_details` gives it: `build_display_items()`
	 * (its lines, or a subtotal, then tax, shipping, discount and fees; the total), and whether the cart
	 * needs shipping (`checkout.needs_shipping` of the params, from `WC()->cart->needs_shipping()`). Null
	 * when the gateway cannot give it (the island then reads the cart on load).
	 *
	 * @param object               $helper The gateway's helper.
	 * @param array<string, mixed> $params The params, as localised.
	 * @return array{displayItems: array<int, mixed>, total: array<string, mixed>, needsShipping: bool}|null
	 */
	private static function cart_sheet( object $helper, array $params ): ?array {
		if ( ! is_callable( array( $helper, 'build_display_items' ) ) ) {
			return null;
		}
		try {
			$sheet = $helper->build_display_items();
		} catch ( Throwable $e ) {
			return null; // No cart to read (WooCommerce's session not loaded): read on load instead.
		}
		if ( ! is_array( $sheet ) || ! is_array( $sheet['displayItems'] ?? null ) || ! is_array( $sheet['total'] ?? null ) ) {
			return null;
		}
		return array(
			'displayItems'  => array_values( $sheet['displayItems'] ),
			'total'         => $sheet['total'],
			'needsShipping' => 'yes' === ( $params['checkout']['needs_shipping'] ?? 'no' ),
		);
	}

	/**
	 * The container's fallback: the place of the buttons, with the gateway's element id (the gateway's
	 * script fills it where the island steps aside), its height the gateway's button height, clamped as
	 * the island clamps it (the island's stylesheet reserves it before any script runs).
	 *
	 * @param array<string, mixed> $params The params.
	 */
	private static function fallback( array $params ): string {
		$height = is_array( $params['button'] ?? null ) ? ( $params['button']['height'] ?? null ) : null;
		$height = is_numeric( $height ) ? (int) round( (float) $height ) : self::DEFAULT_HEIGHT;
		$height = max( self::MIN_HEIGHT, min( self::MAX_HEIGHT, $height ) );
		return '<div class="shop-islands-express" id="wc-stripe-express-checkout-element" style="--shop-islands-express-height: ' . $height . 'px"></div>';
	}
}

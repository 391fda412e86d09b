<?php
/**
 * Automatic integration on My Account's add-payment-method page: the `add-payment-method` island
 * around WooCommerce's `form#add_payment_method`, in what the `[woocommerce_my_account]` shortcode prints.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce prints My Account through its shortcode (`WC_Shortcode_My_Account::output()`, in
 * `WC_Shortcodes::shortcode_wrapper()`'s `<div class="woocommerce">`): the account's navigation, then
 * `div.woocommerce-MyAccount-content` with the endpoint's content. On the add-payment-method endpoint
 * that content is myaccount/form-add-payment-method.php: `form#add_payment_method`, the available
 * gateways that can save a method (their radios and payment boxes), the nonce and the Add payment
 * method button. The shortcode's output is a string when WordPress's `do_shortcode_tag` filter gets it,
 * so that form, as printed, becomes the island's fallback, without buffering any output. The island
 * keeps it (it adopts it: the form stays the form that posts) and draws the Stripe gateway's card
 * element into the gateway's `.wc-stripe-upe-element`, running the card's setup intent itself: it
 * replaces the gateway's classic script (`wc-stripe-upe-classic`, which the gateway enqueues on
 * `wp_footer` wherever `is_add_payment_method_page()`), which is then left out of the page.
 *
 * Only for a logged-in customer on the add-payment-method endpoint (`is_add_payment_method_page()`,
 * which is also true on the payment-methods list: there is no form there), when the Stripe gateway is
 * available there with its UPE settings (`wc_stripe_upe_params`, with a publishable key) and the output
 * holds the form; not for guests (WooCommerce prints its login form there), not when the output holds
 * an island already (the theme's). Where a script on the page needs the gateway's classic script, the
 * island stays off: not placed (`placeable()`), or, when that script comes later, stepping aside
 * (`step_aside()`).
 */
final class Shop_Islands_Integration_Account_Payment {

	/** WooCommerce's add-payment-method.js (its boxes and its blockUI on submit), replaced too. */
	const WC_SCRIPT = 'wc-add-payment-method';

	/** The island. */
	const ISLAND = 'add-payment-method';

	/** WooCommerce's My Account shortcode (its tag, before `woocommerce_my_account_shortcode_tag`). */
	const SHORTCODE = 'woocommerce_my_account';

	/** WooCommerce's form on the add-payment-method endpoint (form-add-payment-method.php), by its id. */
	const FORM_ID = 'add_payment_method';

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
		// Late, so the markup is wrapped as other plugins left it.
		add_filter( 'do_shortcode_tag', array( $this, 'account_shortcode' ), 1000, 2 );
		// Right after the footer scripts are printed (_wp_footer_scripts, 10), before the loader runs.
		add_action( 'wp_print_footer_scripts', array( $this, 'step_aside' ), 11 );
	}

	/**
	 * `do_shortcode_tag`: My Account's output with its `form#add_payment_method` made an
	 * `add-payment-method` island (the form its fallback), or as it was.
	 *
	 * @param mixed $output The shortcode's output.
	 * @param mixed $tag    The shortcode's tag.
	 * @return mixed
	 */
	public function account_shortcode( $output, $tag = '' ) {
		if ( ! is_string( $output ) || ! is_string( $tag ) || self::tag() !== $tag || is_admin() || is_feed()
			|| ! $this->integration->enabled( self::ISLAND ) || ! self::add_payment_method_page()
			|| str_contains( $output, 'data-island=' ) ) {
			return $output;
		}
		$form = self::form( $output );
		if ( null === $form ) {
			return $output;
		}
		$stripe = Shop_Islands_Integration_Checkout::stripe_params();
		if ( null === $stripe || ! in_array( $stripe['isUPEEnabled'] ?? null, array( '1', 1, 'yes' ), true ) ) {
			return $output;
		}
		// The gateway's classic script counts as the island's, so that a script needing it keeps the
		// island off.
		$this->deciding = true;
		try {
			$placeable = $this->integration->placeable( self::ISLAND );
		} finally {
			$this->deciding = false;
		}
		if ( ! $placeable ) {
			return $output;
		}
		$island       = shop_islands_render( self::ISLAND, array( 'stripe' => $stripe ), $form[0], array( 'hydrate' => 'load' ) );
		$this->placed = true;
		return substr_replace( $output, $island, $form[1], strlen( $form[0] ) );
	}

	/**
	 * `shop_islands_replaced_scripts`: on a page where this integration placed the island (it placed
	 * one, and one is printed on the page), and while it decides whether to, the Stripe gateway's
	 * classic script is the island's (and, with it, its Stripe.js tag: the island loads Stripe.js
	 * itself). Not for an island the theme printed itself.
	 *
	 * @param mixed $replaced Handle => islands.
	 * @return mixed
	 */
	public function replaced_scripts( $replaced ) {
		// Before the content is printed, on the page where the island may go: WooCommerce's script is
		// moved to the footer (WooCommerce 9 prints it in <head>), where the footer decides with the
		// page's islands known.
		if ( is_array( $replaced ) && ! did_action( 'wp_footer' ) && ! $this->placed && ! $this->deciding
			&& $this->integration->enabled( self::ISLAND ) && self::add_payment_method_page() ) {
			$replaced[ self::WC_SCRIPT ] = array( self::ISLAND );
			return $replaced;
		}
		if ( is_array( $replaced ) && ( $this->deciding || ( $this->placed && Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND ) ) ) ) {
			$replaced[ Shop_Islands_Integration_Checkout::STRIPE_SCRIPT ] = array( self::ISLAND );
			// WooCommerce's add-payment-method.js blocks the form on every submit, one the island
			// cancelled too (the gateway's script unblocked it on errors): the island opens the
			// chosen method's box itself, and the form stays usable after a failed attempt.
			$replaced[ self::WC_SCRIPT ] = array( self::ISLAND );
		}
		return $replaced;
	}

	/**
	 * `wp_print_footer_scripts` (11): when the gateway's classic script was printed on a page holding
	 * an add-payment-method island after all (a script that needs it, enqueued too late for
	 * `placeable()`), the island steps aside: its container stops being one (an inline script, which
	 * runs before the deferred loader), and the gateway's script runs the form, as if the island were
	 * off. Both would handle the same form (two setup intents per submit). The conflict is recorded for
	 * the settings page when that script was enqueued before the footer's check
	 * (Shop_Islands_Assets::dequeue_replaced_scripts(), `wp_footer` 19). An island the theme printed
	 * steps aside too: the gateway's script is not left out for it.
	 */
	public function step_aside(): void {
		if ( is_admin() || ! Shop_Islands_Plugin::instance()->assets->printed( self::ISLAND ) ) {
			return;
		}
		if ( ! in_array( Shop_Islands_Integration_Checkout::STRIPE_SCRIPT, wp_scripts()->done, true ) ) {
			return;
		}
		wp_print_inline_script_tag( 'document.querySelectorAll(\'[data-island="' . self::ISLAND . '"]\').forEach(function(el){el.removeAttribute("data-island");});' );
	}

	/** The My Account shortcode's tag, as WooCommerce registered it. */
	private static function tag(): string {
		/** This filter is documented in woocommerce/includes/class-wc-shortcodes.php */
		$tag = apply_filters( 'woocommerce_my_account_shortcode_tag', self::SHORTCODE ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's filter.
		return is_string( $tag ) && '' !== $tag ? $tag : self::SHORTCODE;
	}

	/**
	 * Whether this is My Account's add-payment-method endpoint for a logged-in customer (guests get
	 * WooCommerce's login form there).
	 */
	private static function add_payment_method_page(): bool {
		return function_exists( 'is_add_payment_method_page' ) && is_add_payment_method_page() && is_user_logged_in();
	}

	/**
	 * WooCommerce's `form#add_payment_method` in the markup: its HTML, to its `</form>`, and its offset.
	 * Null when there is none, or more than one (a template printed twice: left as it is).
	 *
	 * @param string $html HTML.
	 * @return array{0: string, 1: int}|null
	 */
	private static function form( string $html ): ?array {
		preg_match_all( '#<form\b((?:[^>"\']|"[^"]*"|\'[^\']*\')*)>#i', $html, $forms, PREG_SET_ORDER | PREG_OFFSET_CAPTURE );
		$found = array();
		foreach ( $forms as $form ) {
			if ( self::FORM_ID === self::attribute( $form[1][0], 'id' ) ) {
				$found[] = $form[0];
			}
		}
		if ( 1 !== count( $found ) ) {
			return null;
		}
		[ $open, $start ] = $found[0];
		// Forms do not nest: the form ends at the first `</form>`, as the browser reads it.
		if ( ! preg_match( '#</form\s*>#i', $html, $close, PREG_OFFSET_CAPTURE, $start + strlen( $open ) ) ) {
			return null;
		}
		$end = $close[0][1] + strlen( $close[0][0] );
		return array( substr( $html, $start, $end - $start ), $start );
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
}

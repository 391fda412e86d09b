<?php
/**
 * Automatic integration of the site chrome islands (issue #16): WooCommerce's order attribution
 * tracker as the `order-attribution` island, Storefront's primary navigation as `site-menu`, the
 * `popups` of the `shop_islands_popups` filter, `anchor-scroll` once per page, and the
 * `[shop_islands_share]` (`share-buttons`) and `[shop_islands_callback]` (`callback-modal`) shortcodes.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where each island goes, and why there:
 *
 * | island              | what it replaces or wraps                                         | hook                                      |
 * | ------------------- | ----------------------------------------------------------------- | ----------------------------------------- |
 * | `order-attribution` | WooCommerce's `wc-order-attribution` and `sourcebuster-js` scripts | `wp_footer` (18), the checkout's stamp actions |
 * | `site-menu`         | Storefront's `nav#site-navigation` and its `storefront-navigation` script | `storefront_header` (Storefront's callback's priority) |
 * | `popups`            | the popups of the `shop_islands_popups` filter                     | `wp_footer` (18)                          |
 * | `anchor-scroll`     | nothing: in-page links scroll smoothly with the sticky offset     | `wp_footer` (18)                          |
 * | `share-buttons`     | `[shop_islands_share]`                                            | shortcode                                 |
 * | `callback-modal`    | `[shop_islands_callback]…form…[/shop_islands_callback]`           | shortcode                                 |
 *
 * - Order attribution (WooCommerce 8.5+; 7.8 has none, so nothing is replaced there). WooCommerce's
 *   OrderAttributionController enqueues `sourcebuster-js` and `wc-order-attribution` (which depends on it)
 *   on `wp_enqueue_scripts` and localizes `wc_order_attribution` (`params`: lifetime, session, base64,
 *   ajaxurl, prefix, allowTracking, after its filters `wc_order_attribution_cookie_lifetime_months`,
 *   `…_session_length_minutes`, `…_use_base64_cookies`, `…_allow_tracking`, `…_tracking_field_prefix`;
 *   `fields`: `wc_order_attribution_tracking_fields`). The island's props are that object exactly as it
 *   was localized, read back from the script's data (`var wc_order_attribution = {…};`, the last such line):
 *   calling the filters again would run third-party filters twice (a consent plugin's with its side
 *   effects) and could not see a value changed after localization; the field list and prefix live in
 *   WooCommerce's internal controller, which this plugin does not call. Data it cannot read: WooCommerce's
 *   scripts stay.
 *   On the classic checkout (and the My Account register form) WooCommerce prints an empty
 *   `<wc-order-attribution-inputs>` custom element, which only its script fills with the hidden
 *   `wc_order_attribution_{field}` inputs the server reads from `$_POST` (`woocommerce_checkout_order_created`,
 *   `user_register`). Where the island is placed, WooCommerce's stamp callbacks are wrapped, in their place
 *   and at their priority, and the element is printed holding those inputs (empty values), which the island
 *   fills. Should WooCommerce's script run after all, its element clears them and stamps its own
 *   (`connectedCallback`), so a field is never posted twice. Not on a page holding the checkout block
 *   (WooCommerce's script feeds its Store API extension data). A script that needs `wc-order-attribution` or
 *   `sourcebuster-js` (the WP Consent API integration's `wp-consent-api-integration`) keeps them, and the
 *   island off (Shop_Islands_Assets::REPLACED_SCRIPTS).
 * - Site menu: Storefront 3.6 prints `nav#site-navigation.main-navigation` with `storefront_primary_navigation()`
 *   on `storefront_header` (50) and runs it with `storefront-navigation` (navigation.js: the handheld menu
 *   toggle, the handheld sub-menu toggles, the `focus` class on the header's menu items and cart link, the
 *   touch devices' first-tap blocking). That callback is swapped, at its priority, for one printing the same
 *   markup inside the `site-menu` container (props: the toggle's text as printed, `storefront_menu_toggle_text`);
 *   navigation.js is then left out. Markup that is not one `nav#site-navigation` with a `button.menu-toggle`
 *   (a child theme's own function) is left as printed, with its script.
 * - Popups: `shop_islands_popups` returns popups (`id`, `title`, `timing`, `triggers`, `display`, `content`);
 *   they are normalised (unknown keys and invalid values dropped, a popup without a positive id or a title
 *   dropped, ids unique) and printed in one hidden container, each popup's content (`wp_kses_post()`) in a
 *   `<template data-popup-id>`. Elementor Pro's popup documents are not bridged.
 *
 * Each automatic island has its switch (Settings → Shop Islands); off, the page is exactly as without the
 * plugin. The shortcodes print whatever the switches say (a shortcode is the site's own choice).
 */
final class Shop_Islands_Integration_Chrome {

	/** WooCommerce's order attribution scripts and the object it localizes. */
	const ATTRIBUTION_SCRIPT = 'wc-order-attribution';
	const SOURCEBUSTER       = 'sourcebuster-js';
	const ATTRIBUTION_OBJECT = 'wc_order_attribution';

	/**
	 * A field's sourcebuster path the island reads (widgets/order-attribution/model.ts `checkProps()`):
	 * one of the six cookies, a dot, a key of two or three lowercase letters ('current.typ', 'udata.vst').
	 */
	const ACCESSOR = '/^(?:(?:current|first)(?:_add)?|session|udata)\.[a-z]{2,3}$/D';

	/** WooCommerce's empty inputs element, as its stamp callbacks print it. */
	const STAMP_ELEMENT = '<wc-order-attribution-inputs></wc-order-attribution-inputs>';

	/** OrderAttributionController's methods printing the element. */
	const STAMP_METHODS = array( 'stamp_checkout_html_element_once', 'stamp_html_element' );

	/** The actions WooCommerce 9 stamps the element on (`wc_order_attribution_stamp_checkout_html_actions`). */
	const STAMP_ACTIONS = array(
		'woocommerce_checkout_billing',
		'woocommerce_after_checkout_billing_form',
		'woocommerce_checkout_shipping',
		'woocommerce_after_order_notes',
		'woocommerce_checkout_after_customer_details',
	);

	/** Storefront's primary navigation: hook, callback, script. */
	const NAV_HOOK     = 'storefront_header';
	const NAV_CALLBACK = 'storefront_primary_navigation';
	const NAV_SCRIPT   = 'storefront-navigation';

	/** The shortcodes. */
	const SHARE_SHORTCODE    = 'shop_islands_share';
	const CALLBACK_SHORTCODE = 'shop_islands_callback';

	/** The anchor-scroll island's sticky offset (§9: 80 px). */
	const ANCHOR_OFFSET = 80;

	/** The share networks, in the contract's order. */
	const NETWORKS = array( 'facebook', 'x', 'linkedin', 'pinterest', 'whatsapp', 'telegram', 'reddit', 'email', 'print' );

	/** The popups island's longest string. */
	const MAX_STRING = 2000;

	/** The shortcode's networks when it names none. */
	const DEFAULT_NETWORKS = 'facebook,x,email,print';

	/**
	 * WooCommerce's stamp callbacks swapped on this page: action => priority => callback.
	 *
	 * @var array<string, array<int, callable>>
	 */
	private array $stamps = array();

	/** Whether WooCommerce's inputs element was printed empty on this page (its script must fill it). */
	private bool $stamp_left = false;

	/** Callback forms printed so far (unique ids). */
	private int $callbacks = 0;

	/** Whether the page's content links to an anchor on the page (`the_content`). */
	private bool $anchors = false;

	/**
	 * The integration, for the per-island switches and the script conflicts.
	 *
	 * @param Shop_Islands_Integration $integration The integration.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks. */
	public function register(): void {
		add_action( 'init', array( $this, 'register_shortcodes' ) );
		// After WooCommerce's OrderAttributionController::on_init (init, 10) hooked its stamps.
		add_action( 'init', array( $this, 'hook_stamps' ), PHP_INT_MAX );
		// Before Storefront's header callbacks (0…): the swap is decided when the hook runs.
		add_action( self::NAV_HOOK, array( $this, 'swap_navigation' ), PHP_INT_MIN );
		// With the cart drawer: before the settings block and the script decisions (19).
		add_action( 'wp_footer', array( $this, 'footer' ), 18 );
		// Last: the content as it is printed.
		add_filter( 'the_content', array( $this, 'content_anchors' ), PHP_INT_MAX );
	}

	/** Forgets what this request printed (tests; a new request starts from scratch anyway). */
	public function reset(): void {
		$this->stamps     = array();
		$this->stamp_left = false;
		$this->callbacks  = 0;
		$this->anchors    = false;
	}

	/** `init`: the shortcodes. */
	public function register_shortcodes(): void {
		add_shortcode( self::SHARE_SHORTCODE, array( $this, 'share_shortcode' ) );
		add_shortcode( self::CALLBACK_SHORTCODE, array( $this, 'callback_shortcode' ) );
	}

	/** `wp_footer` (18): the order-attribution, popups and anchor-scroll islands, once each. */
	public function footer(): void {
		if ( is_admin() || is_feed() ) {
			return;
		}
		$this->print_popups();
		$this->print_anchor_scroll();
		$this->print_order_attribution();
	}

	// -- order-attribution ------------------------------------------------------------------------

	/**
	 * `init` (last): each action WooCommerce stamps its inputs element on gets the swap, first.
	 * The list is WooCommerce's own filter's, as it applied it on `init`, plus the register form.
	 */
	public function hook_stamps(): void {
		/** This filter is documented in woocommerce/src/Internal/Orders/OrderAttributionController.php */
		$actions   = apply_filters( 'wc_order_attribution_stamp_checkout_html_actions', self::STAMP_ACTIONS );
		$actions   = is_array( $actions ) ? array_filter( $actions, 'is_string' ) : self::STAMP_ACTIONS;
		$actions[] = 'woocommerce_register_form';
		foreach ( array_unique( $actions ) as $action ) {
			add_action( $action, array( $this, 'swap_stamps' ), PHP_INT_MIN );
		}
	}

	/**
	 * A stamp action (first): WooCommerce's stamp callbacks on it are swapped, at their priority, for
	 * {@see print_stamp()} when the island will replace WooCommerce's script on this page.
	 */
	public function swap_stamps(): void {
		$action = current_action();
		$hook   = $GLOBALS['wp_filter'][ $action ] ?? null;
		if ( ! $hook instanceof WP_Hook ) {
			return;
		}
		$found = array();
		foreach ( $hook->callbacks as $priority => $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( self::is_stamp( $callback['function'] ?? null ) ) {
					$found[] = array( (int) $priority, $callback['function'] );
				}
			}
		}
		if ( ! $found ) {
			return;
		}
		if ( ! $this->attribution_wanted() ) {
			$this->stamp_left = true; // WooCommerce's script must fill what it prints.
			return;
		}
		foreach ( $found as [ $priority, $function ] ) {
			remove_action( $action, $function, $priority );
			add_action( $action, array( $this, 'print_stamp' ), $priority );
			$this->stamps[ $action ][ $priority ] = $function;
		}
	}

	/**
	 * WooCommerce's stamp callback, run here: its element printed with the hidden inputs inside. The
	 * swap is for this run of the action (WooCommerce's callback is put back).
	 */
	public function print_stamp(): void {
		$action   = current_action();
		$hook     = $GLOBALS['wp_filter'][ $action ] ?? null;
		$priority = $hook instanceof WP_Hook ? $hook->current_priority() : false;
		$function = false === $priority ? null : ( $this->stamps[ $action ][ $priority ] ?? null );
		if ( null === $function ) {
			return;
		}
		unset( $this->stamps[ $action ][ $priority ] );
		remove_action( $action, array( $this, 'print_stamp' ), $priority );
		add_action( $action, $function, $priority );
		ob_start();
		call_user_func( $function );
		$html  = (string) ob_get_clean();
		$props = self::attribution_props();
		$at    = strpos( $html, self::STAMP_ELEMENT );
		if ( null !== $props && false !== $at ) {
			$open = '<wc-order-attribution-inputs>';
			$html = substr_replace( $html, $open . self::hidden_inputs( $props ), $at, strlen( $open ) );
		} elseif ( false !== $at ) {
			$this->stamp_left = true;
		}
		echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's element, and escaped inputs.
	}

	/**
	 * The hidden inputs WooCommerce's script would stamp: `{prefix}{field}` for each field, empty.
	 *
	 * @param array $props The island's props.
	 */
	private static function hidden_inputs( array $props ): string {
		$html = '';
		foreach ( array_keys( $props['fields'] ) as $field ) {
			$html .= '<input type="hidden" name="' . esc_attr( $props['params']['prefix'] . $field ) . '" value="" />';
		}
		return $html;
	}

	/**
	 * Whether `$function` is one of WooCommerce's OrderAttributionController stamp callbacks.
	 *
	 * @param mixed $function A hook callback.
	 */
	private static function is_stamp( $function ): bool {
		return is_array( $function ) && isset( $function[0], $function[1] ) && is_object( $function[0] )
			&& in_array( $function[1], self::STAMP_METHODS, true )
			&& str_ends_with( get_class( $function[0] ), '\\OrderAttributionController' );
	}

	/**
	 * Whether the island replaces WooCommerce's tracker on this page: on, WooCommerce enqueued its
	 * script (and has not printed it), its object is readable, no checkout block, no script needing it.
	 */
	private function attribution_wanted(): bool {
		if ( is_admin() || is_feed() || ! $this->integration->enabled( 'order-attribution' ) || ! self::built( 'order-attribution' )
			|| ! wp_script_is( self::ATTRIBUTION_SCRIPT, 'enqueued' ) || wp_script_is( self::ATTRIBUTION_SCRIPT, 'done' )
			|| null === self::attribution_props() ) {
			return false;
		}
		if ( ( function_exists( 'has_block' ) && has_block( 'woocommerce/checkout' ) ) || wp_script_is( 'wc-checkout-block-frontend', 'enqueued' ) ) {
			return false;
		}
		return $this->integration->placeable( 'order-attribution' );
	}

	/** The order-attribution island, once, where WooCommerce enqueued its tracker. */
	private function print_order_attribution(): void {
		$assets = Shop_Islands_Plugin::instance()->assets;
		if ( $this->stamp_left || $assets->printed( 'order-attribution' ) || ! $this->attribution_wanted() ) {
			return;
		}
		shop_islands_print( 'order-attribution', (array) self::attribution_props(), '', array( 'attributes' => array( 'hidden' => true ) ) );
	}

	/**
	 * WooCommerce's `wc_order_attribution` object as it localized it (the script's data), checked
	 * against the island's props; null when it is not there or not as WooCommerce 8.5–9.9 shape it.
	 *
	 * @return array{params: array<string, mixed>, fields: array<string, string>}|null
	 */
	public static function attribution_props(): ?array {
		$data = wp_scripts()->get_data( self::ATTRIBUTION_SCRIPT, 'data' );
		if ( ! is_string( $data ) || ! preg_match_all( '/(?:^|\n)[ \t]*var[ \t]+' . self::ATTRIBUTION_OBJECT . '[ \t]*=[ \t]*(\{[^\n]*\})[ \t]*;/', $data, $m ) ) {
			return null;
		}
		$object = json_decode( (string) end( $m[1] ), true ); // The last call wins in the browser too.
		if ( ! is_array( $object ) || ! isset( $object['params'], $object['fields'] ) || ! is_array( $object['params'] ) || ! is_array( $object['fields'] ) || ! $object['fields'] ) {
			return null;
		}
		// What the island accepts (widgets/order-attribution/model.ts `checkProps()`): anything else, and
		// WooCommerce's tracker stays.
		$p      = $object['params'];
		$number = static fn( $value ): bool => ( is_int( $value ) || is_float( $value ) ) && $value > 0 && $value < 1e6;
		if ( ! isset( $p['lifetime'], $p['session'], $p['base64'], $p['ajaxurl'], $p['prefix'], $p['allowTracking'] )
			|| ! $number( $p['lifetime'] ) || ! $number( $p['session'] )
			|| ! is_bool( $p['base64'] ) || ! is_bool( $p['allowTracking'] ) || ! is_string( $p['ajaxurl'] ) || ! is_string( $p['prefix'] )
			|| ! preg_match( '/^\w+$/D', $p['prefix'] ) ) {
			return null;
		}
		$fields = array();
		foreach ( $object['fields'] as $field => $accessor ) {
			if ( ! is_string( $field ) || ! preg_match( '/^[\w-]+$/D', $field ) || ! is_string( $accessor )
				|| ! preg_match( self::ACCESSOR, $accessor ) ) {
				return null;
			}
			$fields[ $field ] = $accessor;
		}
		return array(
			'params' => array(
				'lifetime'      => $p['lifetime'],
				'session'       => $p['session'],
				'base64'        => $p['base64'],
				'ajaxurl'       => $p['ajaxurl'],
				'prefix'        => $p['prefix'],
				'allowTracking' => $p['allowTracking'],
			),
			'fields' => $fields,
		);
	}

	// -- site-menu ----------------------------------------------------------------------------------

	/**
	 * `storefront_header` (first): Storefront's `storefront_primary_navigation` swapped, at its priority,
	 * for {@see print_navigation()} when the island is on.
	 */
	public function swap_navigation(): void {
		$priority = has_action( self::NAV_HOOK, self::NAV_CALLBACK );
		if ( false === $priority || is_admin() || is_feed() || ! $this->integration->enabled( 'site-menu' ) || ! self::built( 'site-menu' ) ) {
			return;
		}
		remove_action( self::NAV_HOOK, self::NAV_CALLBACK, $priority );
		add_action( self::NAV_HOOK, array( $this, 'print_navigation' ), $priority );
	}

	/** Storefront's primary navigation, in the `site-menu` island (or as printed). */
	public function print_navigation(): void {
		$priority = (int) has_action( self::NAV_HOOK, array( $this, 'print_navigation' ) );
		remove_action( self::NAV_HOOK, array( $this, 'print_navigation' ), $priority );
		add_action( self::NAV_HOOK, self::NAV_CALLBACK, $priority );
		ob_start();
		call_user_func( self::NAV_CALLBACK );
		$html  = (string) ob_get_clean();
		$props = str_contains( $html, 'data-island=' ) ? null : self::menu_props( $html );
		if ( null === $props || ! $this->integration->placeable( 'site-menu' ) ) {
			echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Storefront's output, as it printed it.
			return;
		}
		echo shop_islands_render( 'site-menu', $props, $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by the renderer; the fallback is Storefront's output.
	}

	/**
	 * The site-menu island's props from Storefront's navigation as printed: `toggleLabel`, the toggle's
	 * text. Null unless the markup is one `nav#site-navigation.main-navigation` holding a `button.menu-toggle`
	 * and nothing else around it.
	 *
	 * @param string $html The callback's output.
	 * @return array<string, string>|null
	 */
	private static function menu_props( string $html ): ?array {
		if ( 1 !== preg_match_all( '#<nav\b#i', $html ) || ! preg_match( '#^\s*<nav\b[^>]*>.*</nav>\s*(?:<!--[^>]*-->\s*)?$#is', $html ) ) {
			return null;
		}
		$xpath = self::xpath( $html );
		$navs  = $xpath ? $xpath->query( '//nav[@id="site-navigation"][' . self::has_class( 'main-navigation' ) . ']' ) : null;
		if ( null === $navs || 1 !== $navs->length ) {
			return null;
		}
		$toggles = $xpath->query( './/button[' . self::has_class( 'menu-toggle' ) . ']', $navs->item( 0 ) );
		if ( 1 !== $toggles->length ) {
			return null;
		}
		$label = self::text( $toggles->item( 0 )->textContent );
		return '' === $label ? array() : array( 'toggleLabel' => $label );
	}

	// -- popups ---------------------------------------------------------------------------------------

	/** The popups of `shop_islands_popups`, in one container. */
	private function print_popups(): void {
		if ( Shop_Islands_Plugin::instance()->assets->printed( 'popups' ) || ! $this->integration->enabled( 'popups' ) || ! self::built( 'popups' ) ) {
			return;
		}
		/**
		 * Filters the popups of the page: each `id` (positive integer, unique), `title` (the dialog's
		 * name), `timing`, `triggers`, `display` (the popups island's contract) and `content` (HTML,
		 * filtered with wp_kses_post()). Unknown keys and invalid values are dropped.
		 *
		 * @since 0.3.0
		 *
		 * @param array $popups The popups (none by default).
		 */
		$popups = self::normalise_popups( apply_filters( 'shop_islands_popups', array() ) );
		if ( ! $popups || ! $this->integration->placeable( 'popups' ) ) {
			return;
		}
		$templates = '';
		foreach ( $popups as $id => $popup ) {
			$templates .= '<template data-popup-id="' . (int) $id . '">' . $popup['content'] . '</template>';
		}
		$user  = wp_get_current_user();
		$props = array(
			'popups' => array_values(
				array_map(
					static function ( array $popup ): array {
						unset( $popup['content'] );
						return $popup;
					},
					$popups
				)
			),
			'user'   => array(
				'logged_in' => is_user_logged_in(),
				'roles'     => array_values( array_filter( (array) $user->roles, 'is_string' ) ),
			),
		);
		shop_islands_print( 'popups', $props, $templates, array( 'attributes' => array( 'hidden' => true ) ) );
	}

	/**
	 * The popups as the island takes them, by id: known keys only, each value checked; a popup without
	 * a positive integer id or a title, or with an id seen before, is left out.
	 *
	 * @param mixed $popups The filter's value.
	 * @return array<int, array<string, mixed>>
	 */
	public static function normalise_popups( $popups ): array {
		$out = array();
		foreach ( is_array( $popups ) ? $popups : array() as $popup ) {
			if ( ! is_array( $popup ) ) {
				continue;
			}
			$id     = self::positive_int( $popup['id'] ?? null );
			$title  = isset( $popup['title'] ) && is_string( $popup['title'] ) ? self::plain( $popup['title'] ) : '';
			$timing = self::timing( $popup['timing'] ?? null );
			// The island refuses strings over 2,000 characters (UTF-8 bytes are at least as many).
			if ( null === $id || isset( $out[ $id ] ) || '' === $title || strlen( $title ) > self::MAX_STRING || null === $timing ) {
				continue;
			}
			$content    = isset( $popup['content'] ) && is_string( $popup['content'] ) ? $popup['content'] : '';
			$out[ $id ] = array(
				'id'       => $id,
				'title'    => $title,
				'timing'   => (object) $timing,
				'triggers' => (object) self::triggers( $popup['triggers'] ?? null ),
				'display'  => (object) self::display( $popup['display'] ?? null ),
				'content'  => wp_kses_post( $content ),
			);
		}
		return $out;
	}

	/**
	 * A popup's timing conditions, checked; null when its referrer condition cannot be used as given
	 * (over 2,000 characters, or an invalid regular expression): the popup is left out rather than
	 * shown to shoppers the condition was meant to leave out.
	 *
	 * @param mixed $timing The given conditions.
	 * @return array<string, mixed>|null
	 */
	private static function timing( $timing ): ?array {
		$t   = is_array( $timing ) ? $timing : array();
		$out = array();
		foreach ( array( 'page_views', 'sessions' ) as $key ) {
			$n = self::positive_int( $t[ $key ] ?? null );
			if ( null !== $n ) {
				$out[ $key ] = $n;
			}
		}
		$url = $t['url'] ?? null;
		if ( is_array( $url ) && isset( $url['url'] ) && is_string( $url['url'] ) && '' !== trim( $url['url'] ) ) {
			$regex = true === ( $url['regex'] ?? false );
			// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a pattern given by a filter: only whether it compiles.
			if ( strlen( trim( $url['url'] ) ) > self::MAX_STRING || ( $regex && false === @preg_match( "\x01" . trim( $url['url'] ) . "\x01u", '' ) ) ) {
				return null;
			}
			$out['url'] = array(
				'url'    => trim( $url['url'] ),
				'action' => 'hide' === ( $url['action'] ?? '' ) ? 'hide' : 'show',
				'regex'  => $regex,
			);
		}
		foreach ( array(
			'sources'  => array( 'internal', 'external', 'search' ),
			'devices'  => array( 'desktop', 'tablet', 'mobile' ),
			'browsers' => array( 'chrome', 'firefox', 'safari', 'edge', 'ie', 'opera' ),
		) as $key => $allowed ) {
			$list = self::one_of_list( $t[ $key ] ?? null, $allowed );
			if ( $list ) {
				$out[ $key ] = $list;
			}
		}
		$logged = $t['logged_in'] ?? null;
		if ( is_array( $logged ) && in_array( $logged['users'] ?? null, array( 'all', 'custom' ), true ) ) {
			$roles = array();
			foreach ( is_array( $logged['roles'] ?? null ) ? $logged['roles'] : array() as $role ) {
				if ( is_string( $role ) && preg_match( '/^[\w-]+$/D', $role ) && ! in_array( $role, $roles, true ) ) {
					$roles[] = $role;
				}
			}
			$out['logged_in'] = array(
				'users' => $logged['users'],
				'roles' => $roles,
			);
		}
		$times = $t['times'] ?? null;
		if ( is_array( $times ) && null !== self::positive_int( $times['count'] ?? null ) && in_array( $times['period'] ?? null, array( 'day', 'week', 'month', 'session' ), true ) ) {
			$out['times'] = array(
				'count'  => self::positive_int( $times['count'] ),
				'period' => $times['period'],
			);
		}
		$schedule = $t['schedule'] ?? null;
		if ( is_array( $schedule ) ) {
			$start = self::date_time( $schedule['start'] ?? null );
			$end   = self::date_time( $schedule['end'] ?? null );
			if ( null !== $start || null !== $end ) {
				$now             = new DateTimeImmutable( 'now', wp_timezone() );
				$out['schedule'] = array(
					'timezone'                => 'visitor' === ( $schedule['timezone'] ?? '' ) ? 'visitor' : 'site',
					'start'                   => $start,
					'end'                     => $end,
					// The server's clock, in the site's time zone, and that zone's offset (the server's word, not the filter's).
					'server_datetime'         => $now->format( 'Y-m-d H:i:s' ),
					'site_utc_offset_minutes' => intdiv( $now->getOffset(), 60 ),
				);
			}
		}
		return $out;
	}

	/**
	 * A popup's triggers, checked.
	 *
	 * @param mixed $triggers The given triggers.
	 * @return array<string, mixed>
	 */
	private static function triggers( $triggers ): array {
		$t   = is_array( $triggers ) ? $triggers : array();
		$out = array();
		foreach ( array(
			'page_load'         => 'delay',
			'adblock_detection' => 'delay',
		) as $key => $field ) {
			$seconds = is_array( $t[ $key ] ?? null ) ? self::seconds( $t[ $key ][ $field ] ?? null ) : null;
			if ( null !== $seconds ) {
				$out[ $key ] = array( $field => $seconds );
			}
		}
		$scrolling = $t['scrolling'] ?? null;
		if ( is_array( $scrolling ) && in_array( $scrolling['direction'] ?? null, array( 'down', 'up' ), true ) ) {
			$offset = self::seconds( $scrolling['offset'] ?? 0 );
			$out['scrolling'] = array(
				'direction' => $scrolling['direction'],
				'offset'    => null === $offset ? 0 : min( 100, $offset ),
			);
		}
		foreach ( array( 'scrolling_to', 'open_on_click' ) as $key ) {
			$selector = is_array( $t[ $key ] ?? null ) ? self::selector( $t[ $key ]['selector'] ?? null ) : null;
			if ( null !== $selector ) {
				$out[ $key ] = array( 'selector' => $selector );
			}
		}
		$clicks = is_array( $t['click'] ?? null ) ? self::positive_int( $t['click']['times'] ?? null ) : null;
		if ( null !== $clicks ) {
			$out['click'] = array( 'times' => $clicks );
		}
		$idle = is_array( $t['inactivity'] ?? null ) ? self::seconds( $t['inactivity']['time'] ?? null ) : null;
		if ( null !== $idle && $idle > 0 ) {
			$out['inactivity'] = array( 'time' => $idle );
		}
		if ( true === ( $t['exit_intent'] ?? null ) ) {
			$out['exit_intent'] = true;
		}
		return $out;
	}

	/**
	 * A popup's display settings, checked.
	 *
	 * @param mixed $display The given settings.
	 * @return array<string, mixed>
	 */
	private static function display( $display ): array {
		$d   = is_array( $display ) ? $display : array();
		$out = array();
		foreach ( array( 'avoid_multiple_popups', 'prevent_close_on_background_click', 'prevent_close_on_esc_key', 'do_not_show_again' ) as $key ) {
			if ( isset( $d[ $key ] ) && is_bool( $d[ $key ] ) ) {
				$out[ $key ] = $d[ $key ];
			}
		}
		$delay = self::seconds( $d['close_button_delay'] ?? null );
		if ( null !== $delay ) {
			$out['close_button_delay'] = $delay;
		}
		$close = self::seconds( $d['close_automatically'] ?? null );
		if ( null !== $close && $close > 0 ) {
			$out['close_automatically'] = $close;
		}
		return $out;
	}

	/**
	 * A positive integer (an int, or a string of digits), else null.
	 *
	 * @param mixed $value Value.
	 */
	private static function positive_int( $value ): ?int {
		if ( is_string( $value ) && preg_match( '/^\d{1,9}$/D', $value ) ) {
			$value = (int) $value;
		}
		return is_int( $value ) && $value > 0 && $value <= 2147483647 ? $value : null;
	}

	/**
	 * A non-negative finite number of seconds (or percent), else null.
	 *
	 * @param mixed $value Value.
	 * @return int|float|null
	 */
	private static function seconds( $value ) {
		if ( is_string( $value ) && preg_match( '/^\d{1,9}(\.\d{1,6})?$/D', $value ) ) {
			$value = str_contains( $value, '.' ) ? (float) $value : (int) $value;
		}
		return ( is_int( $value ) || is_float( $value ) ) && is_finite( (float) $value ) && $value >= 0 ? $value : null;
	}

	/**
	 * A CSS selector given for a trigger (non-empty, one line, at most 500 characters), else null.
	 *
	 * @param mixed $value Value.
	 */
	private static function selector( $value ): ?string {
		$value = is_string( $value ) ? trim( $value ) : '';
		return '' !== $value && strlen( $value ) <= 500 && ! preg_match( '/[\x00-\x1f]/', $value ) ? $value : null;
	}

	/**
	 * The values of `$list` that are in `$allowed`, once each, in the given order.
	 *
	 * @param mixed    $list    Value.
	 * @param string[] $allowed Allowed values.
	 * @return string[]
	 */
	private static function one_of_list( $list, array $allowed ): array {
		$out = array();
		foreach ( is_array( $list ) ? $list : array() as $value ) {
			if ( in_array( $value, $allowed, true ) && ! in_array( $value, $out, true ) ) {
				$out[] = $value;
			}
		}
		return $out;
	}

	/**
	 * A schedule's date and time (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DD HH:MM:SS`), else null.
	 *
	 * @param mixed $value Value.
	 */
	private static function date_time( $value ): ?string {
		return is_string( $value ) && preg_match( '/^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/D', trim( $value ) ) ? trim( $value ) : null;
	}

	// -- anchor-scroll ------------------------------------------------------------------------------

	/** In-page links: `href="#id"` with a valid id (§5: a letter or `_`, then word characters or `-`). */
	const ANCHOR_LINK = '#<a\\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*\\shref\\s*=\\s*(["\']?)\\#[A-Za-z_][\\w-]*\\1[\\s/>]#i';

	/**
	 * `the_content` (last): notes whether the content links to an anchor on the page.
	 *
	 * @param mixed $content The post's content.
	 * @return mixed
	 */
	public function content_anchors( $content ) {
		if ( is_string( $content ) && ! $this->anchors && preg_match( self::ANCHOR_LINK, $content ) ) {
			$this->anchors = true;
		}
		return $content;
	}

	/**
	 * The anchor-scroll island, once per page whose content links to an anchor on the page (the
	 * `shop_islands_anchor_scroll` filter decides otherwise): a page without such links gets neither the
	 * island nor, for it, the loader.
	 */
	private function print_anchor_scroll(): void {
		if ( Shop_Islands_Plugin::instance()->assets->printed( 'anchor-scroll' ) || ! self::built( 'anchor-scroll' ) ) {
			return;
		}
		/**
		 * Filters whether the page gets the anchor-scroll island (smooth scrolling to in-page anchors, with
		 * the sticky header's offset). Default: when the page's content (`the_content`) links to an anchor.
		 *
		 * @since 0.3.0
		 *
		 * @param bool $on Whether to print it.
		 */
		if ( ! apply_filters( 'shop_islands_anchor_scroll', $this->anchors ) || ! $this->integration->placeable( 'anchor-scroll' ) ) {
			return;
		}
		shop_islands_print( 'anchor-scroll', array( 'offset' => self::ANCHOR_OFFSET ), '', array( 'attributes' => array( 'hidden' => true ) ) );
	}

	// -- share-buttons --------------------------------------------------------------------------------

	/**
	 * `[shop_islands_share networks="facebook,x,email,print" url="" title="" native_label=""]`: share
	 * links for the current post (its permalink and title; `url`, http(s), and `title` override them),
	 * each a working share URL without JavaScript, in the `share-buttons` island.
	 *
	 * @param mixed $atts Attributes.
	 */
	public function share_shortcode( $atts = array() ): string {
		$atts     = shortcode_atts(
			array(
				'networks'     => self::DEFAULT_NETWORKS,
				'url'          => '',
				'title'        => '',
				'native_label' => '',
			),
			is_array( $atts ) ? $atts : array(),
			self::SHARE_SHORTCODE
		);
		$networks = self::one_of_list( array_map( 'trim', explode( ',', strtolower( (string) $atts['networks'] ) ) ), self::NETWORKS );
		$post     = get_post();
		$url      = trim( (string) $atts['url'] );
		if ( '' === $url || ! self::http_url( $url ) ) {
			$url = $post instanceof WP_Post ? (string) get_permalink( $post ) : home_url( '/' );
		}
		$title = '' !== trim( (string) $atts['title'] ) ? (string) $atts['title'] : ( $post instanceof WP_Post ? get_the_title( $post ) : get_bloginfo( 'name' ) );
		$title = self::plain( $title );
		if ( ! $networks || ! self::http_url( $url ) ) {
			return '';
		}
		// The markup widgets/share-buttons reads (demo/chrome/contact.ts `shareButtonsMarkup()`): each
		// control marked `data-network`, its name its text; each share link works by itself without
		// JavaScript, in the same window. Print needs JavaScript: a button in an item printed hidden,
		// which the island shows (left out when the island is not built).
		$island = self::built( 'share-buttons' );
		$items  = '';
		foreach ( $networks as $network ) {
			$label = self::network_labels( $network )[0];
			if ( 'print' === $network ) {
				if ( $island ) {
					$items .= '<li class="share-buttons__item share-buttons__item--print" hidden><button type="button" class="share-buttons__link" data-network="print">' . esc_html( $label ) . '</button></li>';
				}
				continue;
			}
			$items .= '<li class="share-buttons__item share-buttons__item--' . esc_attr( $network ) . '"><a class="share-buttons__link" data-network="' . esc_attr( $network ) . '"'
				. ' href="' . esc_attr( self::share_url( $network, $url, $title ) ) . '">' . esc_html( $label ) . '</a></li>';
		}
		$props = array(
			'url'      => $url,
			'title'    => $title,
			'networks' => $networks,
		);
		if ( '' !== trim( (string) $atts['native_label'] ) ) {
			$props['nativeLabel'] = self::plain( (string) $atts['native_label'] );
		}
		$list = '<ul class="share-buttons" aria-label="' . esc_attr__( 'Share this page', 'shop-islands' ) . '">' . $items . '</ul>';
		return $island ? shop_islands_render( 'share-buttons', $props, $list ) : $list;
	}

	/**
	 * A network's share URL for `$url` and `$title`, as widgets/share-buttons/model.ts `shareUrl()`
	 * builds it (print: `#print`, the island prints the page).
	 *
	 * @param string $network A network of NETWORKS.
	 * @param string $url     The page's URL.
	 * @param string $title   Its title (text).
	 */
	public static function share_url( string $network, string $url, string $title ): string {
		$u = self::uri_component( $url );
		$t = self::uri_component( $title );
		switch ( $network ) {
			case 'facebook':
				return 'https://www.facebook.com/sharer/sharer.php?u=' . $u;
			case 'x':
				return 'https://x.com/intent/tweet?url=' . $u . '&text=' . $t;
			case 'linkedin':
				return 'https://www.linkedin.com/sharing/share-offsite/?url=' . $u;
			case 'pinterest':
				return 'https://www.pinterest.com/pin/create/button/?url=' . $u . '&description=' . $t;
			case 'whatsapp':
				return 'https://wa.me/?text=' . self::uri_component( '' === $title ? $url : $title . ' ' . $url );
			case 'telegram':
				return 'https://t.me/share/url?url=' . $u . '&text=' . $t;
			case 'reddit':
				return 'https://www.reddit.com/submit?url=' . $u . '&title=' . $t;
			case 'email':
				return 'mailto:?subject=' . $t . '&body=' . $u;
			default:
				return '#print';
		}
	}

	/**
	 * A network's accessible name and visible text.
	 *
	 * @param string $network A network of NETWORKS.
	 * @return array{0: string, 1: string}
	 */
	private static function network_labels( string $network ): array {
		$names = array(
			'facebook'  => 'Facebook',
			'x'         => 'X',
			'linkedin'  => 'LinkedIn',
			'pinterest' => 'Pinterest',
			'whatsapp'  => 'WhatsApp',
			'telegram'  => 'Telegram',
			'reddit'    => 'Reddit',
		);
		if ( 'email' === $network ) {
			return array( __( 'Share by email', 'shop-islands' ), __( 'Email', 'shop-islands' ) );
		}
		if ( 'print' === $network ) {
			return array( __( 'Print this page', 'shop-islands' ), __( 'Print', 'shop-islands' ) );
		}
		/* translators: %s: a social network's name. */
		return array( sprintf( __( 'Share on %s', 'shop-islands' ), $names[ $network ] ), $names[ $network ] );
	}

	/**
	 * JavaScript's `encodeURIComponent()`: `rawurlencode()` but `!*'()` kept.
	 *
	 * @param string $text Text.
	 */
	private static function uri_component( string $text ): string {
		return strtr(
			rawurlencode( $text ),
			array(
				'%21' => '!',
				'%2A' => '*',
				'%27' => "'",
				'%28' => '(',
				'%29' => ')',
			)
		);
	}

	// -- callback-modal -------------------------------------------------------------------------------

	/**
	 * `[shop_islands_callback title="…" label="…" success=""]<form …>…</form>[/shop_islands_callback]`: the
	 * enclosed form (shortcodes in it run first; then filtered: wp_kses_post's tags and the form's
	 * elements) behind a trigger link, in the `callback-modal` island. Without JavaScript the link jumps
	 * to the form. Content holding no single form is printed filtered, without the island.
	 *
	 * @param mixed $atts    Attributes.
	 * @param mixed $content The enclosed content.
	 */
	public function callback_shortcode( $atts = array(), $content = null ): string {
		$atts = shortcode_atts(
			array(
				'title'   => __( 'Request a callback', 'shop-islands' ),
				'label'   => __( 'Request a callback', 'shop-islands' ),
				'success' => '',
			),
			is_array( $atts ) ? $atts : array(),
			self::CALLBACK_SHORTCODE
		);
		$form = wp_kses( do_shortcode( is_string( $content ) ? $content : '' ), self::form_tags() );
		if ( 1 !== preg_match_all( '#<form\b#i', $form ) ) {
			return $form;
		}
		$title = self::plain( (string) $atts['title'] );
		$label = self::plain( (string) $atts['label'] );
		$title = '' !== $title ? $title : __( 'Request a callback', 'shop-islands' );
		$label = '' !== $label ? $label : $title;
		$id    = 'callback-request' . ( $this->callbacks ? '-' . ( $this->callbacks + 1 ) : '' );
		++$this->callbacks;
		$props = array(
			'title'        => $title,
			'triggerLabel' => $label,
		);
		$success = self::plain( (string) $atts['success'] );
		if ( '' !== $success ) {
			$props['successMessage'] = $success;
		}
		$fallback = '<a class="callback-trigger" href="#' . esc_attr( $id ) . '">' . esc_html( $label ) . '</a>'
			. '<div id="' . esc_attr( $id ) . '" class="callback-request">' . $form . '</div>';
		return self::built( 'callback-modal' ) ? shop_islands_render( 'callback-modal', $props, $fallback ) : $fallback;
	}

	/**
	 * The tags a callback form may hold: wp_kses_post's, and the form's own elements.
	 *
	 * @return array<string, array<string, bool>>
	 */
	private static function form_tags(): array {
		$common = array(
			'id'               => true,
			'class'            => true,
			'name'             => true,
			'style'            => true,
			'title'            => true,
			'aria-label'       => true,
			'aria-describedby' => true,
			'aria-invalid'     => true,
			'aria-required'    => true,
			'disabled'         => true,
			'required'         => true,
			'form'             => true,
			'tabindex'         => true,
		);
		$tags   = wp_kses_allowed_html( 'post' );
		$form   = array(
			'form'     => array(
				'action'         => true,
				'method'         => true,
				'enctype'        => true,
				'novalidate'     => true,
				'autocomplete'   => true,
				'accept-charset' => true,
				'target'         => true,
			),
			'input'    => array(
				'type'         => true,
				'value'        => true,
				'placeholder'  => true,
				'checked'      => true,
				'readonly'     => true,
				'autocomplete' => true,
				'inputmode'    => true,
				'min'          => true,
				'max'          => true,
				'step'         => true,
				'minlength'    => true,
				'maxlength'    => true,
				'pattern'      => true,
				'size'         => true,
				'accept'       => true,
				'multiple'     => true,
			),
			'select'   => array(
				'multiple' => true,
				'size'     => true,
			),
			'option'   => array(
				'value'    => true,
				'selected' => true,
				'label'    => true,
			),
			'optgroup' => array( 'label' => true ),
			'textarea' => array(
				'rows'         => true,
				'cols'         => true,
				'placeholder'  => true,
				'readonly'     => true,
				'minlength'    => true,
				'maxlength'    => true,
				'autocomplete' => true,
			),
			'label'    => array( 'for' => true ),
			'button'   => array(
				'type'  => true,
				'value' => true,
			),
			'fieldset' => array(),
			'legend'   => array(),
		);
		foreach ( $form as $tag => $attributes ) {
			$tags[ $tag ] = array_merge( $tags[ $tag ] ?? array(), $common, $attributes );
		}
		return $tags;
	}

	// -- helpers --------------------------------------------------------------------------------------

	/**
	 * Whether the plugin's build has `$island`: an island it lacks is not placed (WooCommerce's and
	 * Storefront's scripts stay, the shortcodes print their fallback alone, no console error).
	 *
	 * @param string $island Island name.
	 */
	private static function built( string $island ): bool {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		return ! is_wp_error( $manifest ) && null !== $manifest->island_file( $island );
	}

	/**
	 * An XPath over an HTML fragment (entities decoded as the browser decodes them), or null.
	 *
	 * @param string $html HTML fragment (UTF-8).
	 */
	private static function xpath( string $html ): ?DOMXPath {
		if ( ! class_exists( 'DOMDocument' ) ) {
			return null;
		}
		$doc      = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$loaded   = $doc->loadHTML( '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>' . $html . '</body></html>', LIBXML_NONET );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return $loaded ? new DOMXPath( $doc ) : null;
	}

	/**
	 * An XPath predicate: the element has the class.
	 *
	 * @param string $class A class name.
	 */
	private static function has_class( string $class ): string {
		return 'contains(concat(" ", normalize-space(@class), " "), " ' . $class . ' ")';
	}

	/**
	 * Text as the browser shows it: entities decoded, white space (non-breaking included) collapsed.
	 *
	 * @param string $text Text (may hold entities).
	 */
	private static function text( string $text ): string {
		return trim( (string) preg_replace( '/[\s\x{00A0}]+/u', ' ', html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) );
	}

	/**
	 * Plain text from a title given as HTML or as text with entities: tags out, entities decoded (and
	 * tags the decoding made out too), white space collapsed.
	 *
	 * @param string $html Title.
	 */
	private static function plain( string $html ): string {
		return self::text( wp_strip_all_tags( self::text( wp_strip_all_tags( $html ) ) ) );
	}

	/**
	 * Whether `$url` is an absolute http(s) URL.
	 *
	 * @param string $url URL.
	 */
	private static function http_url( string $url ): bool {
		$scheme = wp_parse_url( trim( $url ), PHP_URL_SCHEME );
		$host   = wp_parse_url( trim( $url ), PHP_URL_HOST );
		return is_string( $scheme ) && in_array( strtolower( $scheme ), array( 'http', 'https' ), true ) && is_string( $host ) && '' !== $host;
	}
}

<?php
/**
 * Automatic integration of the site chrome islands (issue #16): `order-attribution` in place of
 * WooCommerce's tracker, `site-menu` over Storefront's navigation, `popups`, `anchor-scroll`, and the
 * `[shop_islands_share]` and `[shop_islands_callback]` shortcodes.
 *
 * @package ShopIslands
 */

// phpcs:disable Generic.Files.OneObjectStructurePerFile.MultipleFound, Universal.Namespaces.DisallowCurlyBraceSyntax.Forbidden

namespace Shop_Islands_Test\Orders {

	/**
	 * WooCommerce 9.9.5's OrderAttributionController as far as the page sees it (read from its source,
	 * not copied): its two scripts enqueued in the footer, `wc_order_attribution` localized, and the
	 * empty `<wc-order-attribution-inputs>` element printed once on the checkout's stamp actions and on
	 * the register form.
	 */
	final class OrderAttributionController {

		/** WooCommerce 9.9.5's default fields and their sourcebuster accessors. */
		const FIELDS = array(
			'source_type'          => 'current.typ',
			'referrer'             => 'current_add.rf',
			'utm_campaign'         => 'current.cmp',
			'utm_source'           => 'current.src',
			'utm_medium'           => 'current.mdm',
			'utm_content'          => 'current.cnt',
			'utm_id'               => 'current.id',
			'utm_term'             => 'current.trm',
			'utm_source_platform'  => 'current.plt',
			'utm_creative_format'  => 'current.fmt',
			'utm_marketing_tactic' => 'current.tct',
			'session_entry'        => 'current_add.ep',
			'session_start_time'   => 'current_add.fd',
			'session_pages'        => 'session.pgs',
			'session_count'        => 'udata.vst',
			'user_agent'           => 'udata.uag',
		);

		/** The checkout's stamp actions (`wc_order_attribution_stamp_checkout_html_actions`). */
		const ACTIONS = array(
			'woocommerce_checkout_billing',
			'woocommerce_after_checkout_billing_form',
			'woocommerce_checkout_shipping',
			'woocommerce_after_order_notes',
			'woocommerce_checkout_after_customer_details',
		);

		/** Whether the checkout's element was printed. */
		private static bool $stamped = false;

		/**
		 * Enqueues and localizes as WooCommerce does on `wp_enqueue_scripts`.
		 *
		 * @param array $params Params that differ from WooCommerce's defaults (its filters' results).
		 * @param array $fields The fields (`wc_order_attribution_tracking_fields`).
		 */
		public function enqueue( array $params = array(), array $fields = self::FIELDS ): void {
			self::$stamped = false;
			wp_enqueue_script( 'sourcebuster-js', 'https://example.test/woocommerce/assets/js/sourcebuster/sourcebuster.min.js', array(), '9.9.5', true );
			wp_enqueue_script( 'wc-order-attribution', 'https://example.test/woocommerce/assets/js/frontend/order-attribution.min.js', array( 'sourcebuster-js' ), '9.9.5', true );
			wp_localize_script(
				'wc-order-attribution',
				'wc_order_attribution',
				array(
					'params' => $params + array(
						'lifetime'      => 1.0E-5,
						'session'       => 30,
						'base64'        => false,
						'ajaxurl'       => admin_url( 'admin-ajax.php' ),
						'prefix'        => 'wc_order_attribution_',
						'allowTracking' => true,
					),
					'fields' => $fields,
				)
			);
		}

		/** Hooks the stamps as WooCommerce's `on_init` does. */
		public function hook(): void {
			foreach ( self::ACTIONS as $action ) {
				add_action( $action, array( $this, 'stamp_checkout_html_element_once' ) );
			}
			add_action( 'woocommerce_register_form', array( $this, 'stamp_html_element' ) );
		}

		/** Removes the stamps. */
		public function unhook(): void {
			foreach ( self::ACTIONS as $action ) {
				remove_action( $action, array( $this, 'stamp_checkout_html_element_once' ) );
			}
			remove_action( 'woocommerce_register_form', array( $this, 'stamp_html_element' ) );
		}

		/** Prints the element the first time. */
		public function stamp_checkout_html_element_once(): void {
			if ( self::$stamped ) {
				return;
			}
			$this->stamp_html_element();
			self::$stamped = true;
		}

		/** Prints the element. */
		public function stamp_html_element(): void {
			echo '<wc-order-attribution-inputs></wc-order-attribution-inputs>';
		}
	}
}

namespace {

	use Shop_Islands_Test\Orders\OrderAttributionController;

	if ( ! function_exists( 'storefront_primary_navigation' ) ) {
		/**
		 * As Storefront 3.6.0's (read, not copied): its primary navigation, or
		 * `$GLOBALS['shop_islands_test_nav']` when a test sets another markup (a child theme's).
		 */
		function storefront_primary_navigation() {
			if ( isset( $GLOBALS['shop_islands_test_nav'] ) ) {
				echo $GLOBALS['shop_islands_test_nav']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
				return;
			}
			echo "\t\t" . '<nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Primary Navigation">' . "\n"
				. "\t\t" . '<button class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>' . esc_html( apply_filters( 'storefront_menu_toggle_text', 'Menu' ) ) . '</span></button>'
				. '<div class="primary-navigation"><ul id="menu-primary" class="menu"><li class="menu-item menu-item-has-children"><a href="https://shop.example/shop/">Shop</a><ul class="sub-menu"><li class="menu-item"><a href="https://shop.example/football/">Football</a></li></ul></li></ul></div>'
				. '<div class="handheld-navigation"><ul id="menu-handheld" class="menu"><li class="menu-item"><a href="https://shop.example/shop/">Shop</a></li></ul></div>'
				. "\t\t" . '</nav><!-- #site-navigation -->' . "\n";
		}
	}

	/**
	 * Debian has no WooCommerce or Storefront package: their parts are stand-ins that print what 9.9.5
	 * and Storefront 3.6.0 print, through the same hooks.
	 */
	final class IntegrationChromeTest extends Shop_Islands_Test_Case {

		/** The islands and their default strategies (chrome-contracts.md). */
		const STRATEGIES = array(
			'order-attribution' => 'idle',
			'site-menu'         => 'idle',
			'popups'            => 'load',
			'anchor-scroll'     => 'idle',
			'share-buttons'     => 'idle',
			'callback-modal'    => 'interaction',
		);

		/** The automatic ones (with a switch). */
		const AUTOMATIC = array( 'order-attribution', 'site-menu', 'popups', 'anchor-scroll' );

		/** What a title can hold. */
		const HOSTILE = '</script><script>alert("x")</script> & \'Co\' <!--';

		/** WooCommerce's tracker double. */
		private OrderAttributionController $woocommerce;

		/**
		 * Islands switched off by the filter in this test.
		 *
		 * @var string[]
		 */
		private array $switched_off = array();

		/**
		 * Posts created by the test.
		 *
		 * @var int[]
		 */
		private array $posts = array();

		protected function setUp(): void {
			parent::setUp();
			self::chrome()->reset();
			$this->use_temp_build( array_keys( self::STRATEGIES ), (string) wp_json_encode( array_map( static fn( $hydrate ) => array( 'hydrate' => $hydrate ), self::STRATEGIES ) ) );
			$this->woocommerce  = new OrderAttributionController();
			$this->switched_off = array();
			unset( $GLOBALS['shop_islands_test_nav'] );
			$this->add_hook( 'shop_islands_automatic', fn( $on, $island ) => in_array( $island, $this->switched_off, true ) ? false : $on, 10, 2 );
		}

		protected function tearDown(): void {
			$this->woocommerce->unhook();
			remove_action( 'storefront_header', 'storefront_primary_navigation', 50 );
			foreach ( $this->posts as $id ) {
				wp_delete_post( $id, true );
			}
			$this->posts = array();
			unset( $GLOBALS['shop_islands_test_nav'], $GLOBALS['post'] );
			delete_option( Shop_Islands_Integration::OPTION );
			delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
			self::chrome()->reset();
			parent::tearDown();
		}

		/** The integration's instance (registered by the plugin). */
		private static function chrome(): Shop_Islands_Integration_Chrome {
			foreach ( $GLOBALS['wp_filter']['wp_footer']->callbacks as $callbacks ) {
				foreach ( $callbacks as $callback ) {
					if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof Shop_Islands_Integration_Chrome ) {
						return $callback['function'][0];
					}
				}
			}
			self::fail( 'The chrome integration is not registered.' );
		}

		/**
		 * Switches an automatic island off with the filter, for this test.
		 *
		 * @param string $island Island name.
		 */
		private function off( string $island ): void {
			$this->switched_off[] = $island;
		}

		/**
		 * The opening tag of an island's container, as printed from the temporary build.
		 *
		 * @param string $island Island name.
		 * @param bool   $hidden With the `hidden` attribute.
		 */
		private static function open( string $island, bool $hidden = false ): string {
			return '<div data-island="' . $island . '" data-island-src="' . esc_url( plugins_url( 'dist/', SHOP_ISLANDS_FILE ) . "assets/$island-t1.js" ) . '" data-hydrate="' . self::STRATEGIES[ $island ] . '"' . ( $hidden ? ' hidden' : '' ) . '>';
		}

		/**
		 * The props of every container in `$html`, decoded, in order.
		 *
		 * @param string $html HTML.
		 * @return array<int, array<string, mixed>>
		 */
		private static function props( string $html ): array {
			return array_map( static fn( string $json ) => json_decode( $json, true, 512, JSON_THROW_ON_ERROR ), self::props_json( $html ) );
		}

		/**
		 * `$html` without the links printed before an island's first container.
		 *
		 * @param string $html HTML.
		 */
		private static function without_links( string $html ): string {
			return (string) preg_replace( '#<link rel="(?:stylesheet|modulepreload)" href="[^"]*">#', '', $html );
		}

		/**
		 * The island names of the containers in `$html`, in order.
		 *
		 * @param string $html HTML.
		 * @return string[]
		 */
		private static function islands( string $html ): array {
			preg_match_all( '#<div data-island="([a-z-]+)"#', $html, $m );
			return $m[1];
		}

		/**
		 * The checkout's stamp actions run as WooCommerce's form-checkout.php runs them.
		 */
		private function checkout_form(): string {
			$html = '';
			foreach ( OrderAttributionController::ACTIONS as $action ) {
				$html .= $this->capture_action( $action );
			}
			return $html;
		}

		// -- order-attribution -----------------------------------------------------------------------

		public function test_the_island_replaces_woocommerces_tracker_with_its_own_object_as_props(): void {
			$this->woocommerce->enqueue();
			$this->woocommerce->hook();
			$form = $this->checkout_form();

			// The element, printed once, holds the 16 inputs WooCommerce's server reads from $_POST.
			$this->assertSame( 1, substr_count( $form, '<wc-order-attribution-inputs>' ) );
			$inputs = '';
			foreach ( array_keys( OrderAttributionController::FIELDS ) as $field ) {
				$inputs .= '<input type="hidden" name="wc_order_attribution_' . $field . '" value="" />';
			}
			$this->assertSame( '<wc-order-attribution-inputs>' . $inputs . '</wc-order-attribution-inputs>', $form );
			$this->assertSame( 16, substr_count( $form, '<input ' ) );

			$footer = $this->footer();
			$this->assertSame( array( 'order-attribution' ), self::islands( $footer ) );
			$this->assertStringContainsString( self::open( 'order-attribution', true ) . '<script type="application/json" data-island-props>', $footer );
			$this->assertStringContainsString( '</script></div>', self::without_links( $footer ), 'no fallback' );
			// Exactly WooCommerce's object, as it localized it.
			$localized = wp_scripts()->get_data( 'wc-order-attribution', 'data' );
			$this->assertSame( 1, preg_match( '/var wc_order_attribution = (\{.*\});/', $localized, $m ) );
			$this->assertSame( json_decode( $m[1], true ), self::props( $footer )[0] );
			$this->assertSame( array( 'lifetime', 'session', 'base64', 'ajaxurl', 'prefix', 'allowTracking' ), array_keys( self::props( $footer )[0]['params'] ) );
			$this->assertStringContainsString( '"lifetime":1.0e-5,"session":30,"base64":false', self::props_json( $footer )[0] );
			// Neither of WooCommerce's scripts is printed, nor its localized object.
			$this->assertStringNotContainsString( 'order-attribution.min.js', $footer );
			$this->assertStringNotContainsString( 'sourcebuster.min.js', $footer );
			$this->assertStringNotContainsString( 'var wc_order_attribution', $footer );
		}

		public function test_the_props_are_what_woocommerces_filters_made_and_the_register_form_gets_the_inputs_too(): void {
			$this->woocommerce->enqueue(
				array(
					'lifetime'      => 6,
					'session'       => 60,
					'base64'        => true,
					'prefix'        => 'shop_attr_',
					'allowTracking' => false,
				),
				array(
					'source_type' => 'current.typ',
					'utm_source'  => 'current.src',
				)
			);
			$this->woocommerce->hook();
			$register = $this->capture_action( 'woocommerce_register_form' );
			$this->assertSame( '<wc-order-attribution-inputs><input type="hidden" name="shop_attr_source_type" value="" /><input type="hidden" name="shop_attr_utm_source" value="" /></wc-order-attribution-inputs>', $register );
			$props = self::props( $this->footer() )[0];
			$this->assertSame(
				array(
					'lifetime'      => 6,
					'session'       => 60,
					'base64'        => true,
					'ajaxurl'       => admin_url( 'admin-ajax.php' ),
					'prefix'        => 'shop_attr_',
					'allowTracking' => false,
				),
				$props['params']
			);
			$this->assertSame(
				array(
					'source_type' => 'current.typ',
					'utm_source'  => 'current.src',
				),
				$props['fields']
			);
		}

		public function test_switched_off_the_checkout_and_the_footer_are_woocommerces_own(): void {
			$this->off( 'order-attribution' );
			$this->woocommerce->enqueue();
			$this->woocommerce->hook();
			$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->checkout_form(), 'as WooCommerce prints it' );
			$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->capture_action( 'woocommerce_register_form' ) );
			$footer = $this->footer();
			$this->assertSame( array(), self::islands( $footer ) );
			$this->assertStringContainsString( 'sourcebuster.min.js', $footer );
			$this->assertStringContainsString( 'order-attribution.min.js', $footer );
			$this->assertStringContainsString( 'var wc_order_attribution = ', $footer );
			$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ), 'no loader for nothing' );
		}

		public function test_a_script_that_needs_woocommerces_tracker_keeps_it_and_the_island_off(): void {
			$this->woocommerce->enqueue();
			$this->woocommerce->hook();
			// The WP Consent API integration's script (WooCommerce's WPConsentAPI).
			wp_enqueue_script( 'wp-consent-api-integration', 'https://example.test/wp-consent-api-integration.js', array( 'wc-order-attribution' ), '9.9.5', true );
			$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->checkout_form() );
			$footer = $this->footer();
			$this->assertSame( array(), self::islands( $footer ) );
			$this->assertStringContainsString( 'order-attribution.min.js', $footer );
			$this->assertStringContainsString( 'sourcebuster.min.js', $footer );
			$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
			$this->assertSame( array( 'wp-consent-api-integration' ), array_keys( $recorded['order-attribution']['wc-order-attribution'] ) );
		}

		public function test_a_script_enqueued_after_the_checkout_form_keeps_woocommerces_which_clears_the_inputs(): void {
			$this->woocommerce->enqueue();
			$this->woocommerce->hook();
			$this->assertSame( 16, substr_count( $this->checkout_form(), '<input ' ) );
			// Enqueued late: WooCommerce's script stays, and its element's connectedCallback replaces the inputs.
			wp_enqueue_script( 'late-attribution-user', 'https://example.test/late.js', array( 'sourcebuster-js' ), '1', true );
			$footer = $this->footer();
			$this->assertSame( array(), self::islands( $footer ) );
			$this->assertStringContainsString( 'order-attribution.min.js', $footer );
			$this->assertStringContainsString( 'sourcebuster.min.js', $footer );
		}

		public function test_no_island_without_woocommerces_tracker_or_its_object_or_on_a_checkout_block_page(): void {
			// WooCommerce 7.8 has no order attribution: nothing to replace.
			$this->assertSame( array(), self::islands( $this->footer() ) );

			Shop_Islands_Plugin::instance()->reset();
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			wp_enqueue_script( 'wc-order-attribution', 'https://example.test/order-attribution.min.js', array(), '9.9.5', true );
			wp_add_inline_script( 'wc-order-attribution', 'var wc_order_attribution = {"params":{}};', 'before' );
			$this->assertSame( array(), self::islands( $this->footer() ), 'no object it can read' );

			// Values the island would refuse (widgets/order-attribution/model.ts): WooCommerce's tracker stays.
			foreach ( array( array( 'prefix' => 'my-prefix' ), array( 'lifetime' => 0 ), array( 'session' => '30' ) ) as $params ) {
				Shop_Islands_Plugin::instance()->reset();
				$GLOBALS['wp_scripts'] = new WP_Scripts();
				$this->woocommerce->enqueue( $params );
				$footer = $this->footer();
				$this->assertSame( array(), self::islands( $footer ), (string) wp_json_encode( $params ) );
				$this->assertStringContainsString( 'order-attribution.min.js', $footer );
			}

			Shop_Islands_Plugin::instance()->reset();
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			$this->woocommerce->enqueue();
			wp_enqueue_script( 'wc-checkout-block-frontend', 'https://example.test/checkout-frontend.js', array(), '9.9.5', true );
			$this->woocommerce->hook();
			$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->checkout_form() );
			$footer = $this->footer();
			$this->assertSame( array(), self::islands( $footer ) );
			$this->assertStringContainsString( 'order-attribution.min.js', $footer, 'the checkout block needs it' );
		}

		public function test_a_field_path_the_island_would_refuse_leaves_woocommerces_tracker(): void {
			// widgets/order-attribution/model.ts `checkProps()`: one of the six cookies, a dot, 2 or 3 lowercase letters.
			$refused = array( 'current.type', 'current.t', 'current.TYP', 'current.__proto__', 'udata.constructor', 'current.ty1', 'current.typ.x', 'current_first.typ', 'sbjs_current.typ', "current.typ\n", 'current.' );
			foreach ( $refused as $path ) {
				Shop_Islands_Plugin::instance()->reset();
				self::chrome()->reset();
				$GLOBALS['wp_scripts'] = new WP_Scripts();
				$this->woocommerce->enqueue( array(), array( 'custom' => $path ) + OrderAttributionController::FIELDS );
				$this->woocommerce->hook();
				$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->checkout_form(), $path );
				$footer = $this->footer();
				$this->assertSame( array(), self::islands( $footer ), $path );
				$this->assertStringContainsString( 'order-attribution.min.js', $footer, $path );
				$this->assertStringContainsString( 'sourcebuster.min.js', $footer, $path );
				$this->woocommerce->unhook();
			}

			// Every cookie with keys of two and three letters is accepted.
			Shop_Islands_Plugin::instance()->reset();
			self::chrome()->reset();
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			$accepted              = array(
				'a' => 'current.id',
				'b' => 'current_add.rf',
				'c' => 'first.typ',
				'd' => 'first_add.ep',
				'e' => 'session.pgs',
				'f' => 'udata.vst',
			);
			$this->woocommerce->enqueue( array(), $accepted );
			$footer = $this->footer();
			$this->assertSame( array( 'order-attribution' ), self::islands( $footer ) );
			$this->assertSame( $accepted, self::props( $footer )[0]['fields'] );
		}

		// -- site-menu --------------------------------------------------------------------------------

		/** Storefront's header: its navigation at 50, and its navigation.js enqueued. */
		private function storefront(): void {
			add_action( 'storefront_header', 'storefront_primary_navigation', 50 );
			wp_enqueue_script( 'storefront-navigation', 'https://example.test/storefront/assets/js/navigation.min.js', array(), '3.6.0', true );
			wp_localize_script(
				'storefront-navigation',
				'storefrontScreenReaderText',
				array(
					'expand'   => 'Expand child menu',
					'collapse' => 'Collapse child menu',
				)
			);
		}

		/** Storefront's navigation as it prints it. */
		private static function navigation(): string {
			ob_start();
			storefront_primary_navigation();
			return (string) ob_get_clean();
		}

		public function test_storefronts_navigation_becomes_the_site_menu_and_navigation_js_is_left_out(): void {
			$this->storefront();
			$header = $this->capture_action( 'storefront_header' );
			$this->assertSame( self::open( 'site-menu' ) . '<script type="application/json" data-island-props>{"toggleLabel":"Menu"}</script>' . self::navigation() . '</div>', self::without_links( $header ) );
			$this->assertSame( 50, has_action( 'storefront_header', 'storefront_primary_navigation' ), 'Storefront’s callback is back at its priority' );
			$footer = $this->footer();
			$this->assertStringNotContainsString( 'navigation.min.js', $footer );
			$this->assertStringNotContainsString( 'storefrontScreenReaderText', $footer );

			// A second header (the hook run again) is wrapped again.
			Shop_Islands_Plugin::instance()->reset();
			$this->assertSame( array( 'site-menu' ), self::islands( $this->capture_action( 'storefront_header' ) ) );
		}

		public function test_the_toggles_text_is_the_props_escaped(): void {
			$this->storefront();
			$this->add_hook( 'storefront_menu_toggle_text', static fn() => IntegrationChromeTest::HOSTILE );
			$header = $this->capture_action( 'storefront_header' );
			$this->assertSame( array( 'toggleLabel' => self::HOSTILE ), self::props( $header )[0] );
			$this->assertStringNotContainsString( '<script>alert', $header );
			$this->assertStringContainsString( self::navigation(), $header, 'Storefront’s markup, as it printed it' );
		}

		public function test_switched_off_or_unreadable_or_needed_storefronts_navigation_stays_as_it_is(): void {
			$this->storefront();
			$this->off( 'site-menu' );
			$this->assertSame( self::navigation(), $this->capture_action( 'storefront_header' ), 'off: untouched' );
			$this->assertStringContainsString( 'navigation.min.js', $this->footer() );

			// A child theme's own navigation (no menu toggle).
			$this->switched_off = array();
			Shop_Islands_Plugin::instance()->reset();
			$GLOBALS['wp_scripts']            = new WP_Scripts();
			$GLOBALS['shop_islands_test_nav'] = '<nav id="site-navigation" class="main-navigation"><ul class="menu"><li><a href="/">Home</a></li></ul></nav>';
			$this->storefront();
			$this->assertSame( $GLOBALS['shop_islands_test_nav'], $this->capture_action( 'storefront_header' ) );
			$this->assertStringContainsString( 'navigation.min.js', $this->footer() );

			// A script that needs navigation.js keeps it, and the island off.
			unset( $GLOBALS['shop_islands_test_nav'] );
			Shop_Islands_Plugin::instance()->reset();
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			$this->storefront();
			wp_enqueue_script( 'mega-menu', 'https://example.test/mega-menu.js', array( 'storefront-navigation' ), '1', true );
			$this->assertSame( self::navigation(), $this->capture_action( 'storefront_header' ) );
			$this->assertStringContainsString( 'navigation.min.js', $this->footer() );
			$this->assertArrayHasKey( 'site-menu', get_option( Shop_Islands_Assets::CONFLICTS_OPTION ) );
		}

		// -- popups -----------------------------------------------------------------------------------

		/** A popup as a site's filter returns it. */
		private static function popup( array $changes = array() ): array {
			return array_merge(
				array(
					'id'       => 12,
					'title'    => 'Spring sale',
					'timing'   => array(
						'page_views' => 2,
						'devices'    => array( 'desktop', 'mobile' ),
						'times'      => array(
							'count'  => 1,
							'period' => 'day',
						),
						'logged_in'  => array(
							'users' => 'custom',
							'roles' => array( 'administrator' ),
						),
					),
					'triggers' => array(
						'page_load'     => array( 'delay' => 3 ),
						'open_on_click' => array( 'selector' => '.open-sale' ),
						'exit_intent'   => true,
					),
					'display'  => array(
						'close_button_delay' => 2,
						'do_not_show_again'  => true,
					),
					'content'  => '<h2>Spring sale</h2><p>20% off <a href="/shop/">boots</a></p>',
				),
				$changes
			);
		}

		public function test_the_filters_popups_are_one_container_with_a_template_each(): void {
			$this->add_hook( 'shop_islands_popups', static fn() => array( self::popup(), self::popup( array( 'id' => '13', 'title' => 'Newsletter', 'content' => '<p>Join</p>', 'timing' => array(), 'triggers' => array( 'scrolling' => array( 'direction' => 'down', 'offset' => 50 ) ), 'display' => array() ) ) ) );
			$footer = self::without_links( $this->footer() );
			$this->assertSame( array( 'popups' ), self::islands( $footer ) );
			$this->assertStringContainsString( self::open( 'popups', true ), $footer );
			$this->assertStringContainsString(
				'</script><template data-popup-id="12"><h2>Spring sale</h2><p>20% off <a href="/shop/">boots</a></p></template><template data-popup-id="13"><p>Join</p></template></div>',
				$footer
			);
			$props = self::props( $footer )[0];
			$this->assertSame(
				array(
					'id'       => 12,
					'title'    => 'Spring sale',
					'timing'   => array(
						'page_views' => 2,
						'devices'    => array( 'desktop', 'mobile' ),
						'logged_in'  => array(
							'users' => 'custom',
							'roles' => array( 'administrator' ),
						),
						'times'      => array(
							'count'  => 1,
							'period' => 'day',
						),
					),
					'triggers' => array(
						'page_load'     => array( 'delay' => 3 ),
						'open_on_click' => array( 'selector' => '.open-sale' ),
						'exit_intent'   => true,
					),
					'display'  => array(
						'do_not_show_again'  => true,
						'close_button_delay' => 2,
					),
				),
				$props['popups'][0]
			);
			$this->assertSame( 13, $props['popups'][1]['id'] );
			$this->assertSame( array( 'direction' => 'down', 'offset' => 50 ), $props['popups'][1]['triggers']['scrolling'] );
			$this->assertStringContainsString( '"timing":{},"triggers":{"scrolling"', self::props_json( $footer )[0], 'empty conditions are objects' );
			$this->assertSame( array( 'logged_in' => false, 'roles' => array() ), $props['user'] );
		}

		public function test_popups_are_normalised_and_escaped(): void {
			$this->add_hook(
				'shop_islands_popups',
				static fn() => array(
					self::popup(
						array(
							'title'   => self::HOSTILE,
							'content' => '<p onclick="alert(1)">Hi</p><script>alert(1)</script></template><img src=x onerror=alert(1)>',
							'elementor' => array( 'secret' => 1 ),
							'timing'  => array(
								'page_views' => -1,
								'sessions'   => '3',
								'sources'    => array( 'search', 'moon', 'search' ),
								'browsers'   => 'chrome',
								'url'        => array( 'url' => 'google.', 'action' => 'nope', 'regex' => 'yes' ),
								'schedule'   => array( 'timezone' => 'visitor', 'start' => '2026-03-01 09:00', 'end' => 'tomorrow' ),
								'unknown'    => true,
							),
							'triggers' => array(
								'page_load'  => array( 'delay' => 'soon' ),
								'click'      => array( 'times' => 0 ),
								'inactivity' => array( 'time' => 30 ),
								'exit_intent' => 'yes',
								'scrolling_to' => array( 'selector' => '' ),
							),
							'display'  => array( 'avoid_multiple_popups' => 'true', 'close_automatically' => 10, 'prevent_close_on_esc_key' => false ),
						)
					),
					self::popup( array( 'id' => 12 ) ), // The same id again.
					self::popup( array( 'id' => 0 ) ),
					self::popup( array( 'id' => 'x' ) ),
					self::popup( array( 'id' => 14, 'title' => '  ' ) ),
					self::popup( array( 'id' => 15, 'title' => str_repeat( 'x', 2001 ) ) ),
					self::popup( array( 'id' => 16, 'timing' => array( 'url' => array( 'url' => '(google', 'action' => 'hide', 'regex' => true ) ) ) ),
					'not a popup',
				)
			);
			$footer = $this->footer();
			$props  = self::props( $footer )[0];
			$this->assertCount( 1, $props['popups'] );
			$popup = $props['popups'][0];
			$this->assertSame( array( 'id', 'title', 'timing', 'triggers', 'display' ), array_keys( $popup ) );
			$this->assertStringNotContainsString( '<', $popup['title'] );
			$this->assertStringContainsString( "& 'Co'", $popup['title'] );
			$this->assertSame( array( 'sessions', 'url', 'sources', 'schedule' ), array_keys( $popup['timing'] ) );
			$this->assertSame( 3, $popup['timing']['sessions'] );
			$this->assertSame( array( 'search' ), $popup['timing']['sources'] );
			$this->assertSame( array( 'url' => 'google.', 'action' => 'show', 'regex' => false ), $popup['timing']['url'] );
			$this->assertSame( 'visitor', $popup['timing']['schedule']['timezone'] );
			$this->assertSame( '2026-03-01 09:00', $popup['timing']['schedule']['start'] );
			$this->assertNull( $popup['timing']['schedule']['end'] );
			$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $popup['timing']['schedule']['server_datetime'] );
			$this->assertIsInt( $popup['timing']['schedule']['site_utc_offset_minutes'] );
			$this->assertSame( array( 'inactivity' => array( 'time' => 30 ) ), $popup['triggers'] );
			$this->assertSame( array( 'prevent_close_on_esc_key' => false, 'close_automatically' => 10 ), $popup['display'] );
			// The title only in the JSON, escaped; the content through wp_kses_post().
			$this->assertStringNotContainsString( '<script>', $footer );
			$this->assertStringNotContainsString( 'onclick', $footer );
			$this->assertStringNotContainsString( 'onerror', $footer );
			$this->assertSame( 1, substr_count( $footer, '</template>' ) );
		}

		public function test_no_popups_container_without_popups_or_switched_off(): void {
			$this->assertSame( array(), self::islands( $this->footer() ), 'none by default' );

			Shop_Islands_Plugin::instance()->reset();
			$this->add_hook( 'shop_islands_popups', static fn() => array( self::popup( array( 'id' => -3 ) ) ) );
			$this->assertSame( array(), self::islands( $this->footer() ), 'none valid' );

			Shop_Islands_Plugin::instance()->reset();
			$this->add_hook( 'shop_islands_popups', static fn() => array( self::popup() ), 20 );
			$this->off( 'popups' );
			$this->assertSame( array(), self::islands( $this->footer() ), 'off' );
			$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		}

		public function test_the_shopper_is_in_the_props(): void {
			$user = wp_insert_user(
				array(
					'user_login' => 'chrome-editor-' . wp_generate_password( 6, false ),
					'user_pass'  => wp_generate_password(),
					'role'       => 'editor',
				)
			);
			$this->assertIsInt( $user );
			try {
				wp_set_current_user( $user );
				$this->add_hook( 'shop_islands_popups', static fn() => array( self::popup() ) );
				$this->assertSame( array( 'logged_in' => true, 'roles' => array( 'editor' ) ), self::props( $this->footer() )[0]['user'] );
			} finally {
				wp_set_current_user( 0 );
				require_once ABSPATH . 'wp-admin/includes/user.php';
				wp_delete_user( $user );
			}
		}

		// -- anchor-scroll ----------------------------------------------------------------------------

		public function test_a_page_whose_content_links_to_an_anchor_gets_anchor_scroll_once(): void {
			$this->assertSame( array(), self::islands( $this->footer() ), 'no in-page link: nothing' );

			Shop_Islands_Plugin::instance()->reset();
			apply_filters( 'the_content', '<p><a href="#size-chart">Size chart</a></p><h2 id="size-chart">Sizes</h2>' );
			$footer = self::without_links( $this->footer() );
			$this->assertSame( array( 'anchor-scroll' ), self::islands( $footer ) );
			$this->assertStringContainsString( self::open( 'anchor-scroll', true ) . '<script type="application/json" data-island-props>{"offset":80}</script></div>', $footer );
			$this->assertSame( array(), self::islands( $this->footer() ), 'once per page' );
		}

		public function test_invalid_anchors_off_or_the_filter(): void {
			apply_filters( 'the_content', '<a href="#1st">x</a><a href="/page/#top">y</a><a href="#">z</a>' );
			$this->assertSame( array(), self::islands( $this->footer() ), 'no valid same-page anchor (§5)' );

			self::chrome()->reset();
			Shop_Islands_Plugin::instance()->reset();
			apply_filters( 'the_content', '<a href="#top">Top</a>' );
			$this->off( 'anchor-scroll' );
			$this->assertSame( array(), self::islands( $this->footer() ), 'off' );

			$this->switched_off = array();
			self::chrome()->reset();
			Shop_Islands_Plugin::instance()->reset();
			$this->add_hook( 'shop_islands_anchor_scroll', '__return_true' );
			$this->assertSame( array( 'anchor-scroll' ), self::islands( $this->footer() ), 'the filter' );
		}

		// -- share-buttons ----------------------------------------------------------------------------

		public function test_the_share_shortcode_prints_working_links_for_the_current_post(): void {
			$id            = wp_insert_post(
				array(
					'post_title'  => 'Boots & "balls"',
					'post_status' => 'publish',
					'post_type'   => 'post',
				)
			);
			$this->posts[] = $id;
			$GLOBALS['post'] = get_post( $id );
			$url           = get_permalink( $id );
			$html          = do_shortcode( '[shop_islands_share networks="facebook, x,linkedin,pinterest,whatsapp,telegram,reddit,email,print,myspace,x"]' );
			$u             = rawurlencode( $url );
			$t             = rawurlencode( 'Boots & “balls”' );
			$this->assertSame( array( 'share-buttons' ), self::islands( $html ) );
			$this->assertSame(
				array(
					'url'      => $url,
					'title'    => 'Boots & “balls”',
					'networks' => array( 'facebook', 'x', 'linkedin', 'pinterest', 'whatsapp', 'telegram', 'reddit', 'email', 'print' ),
				),
				self::props( $html )[0]
			);
			preg_match_all( '#<a class="share-buttons__link" data-network="([a-z]+)" href="([^"]*)"#', $html, $m );
			$this->assertSame(
				array(
					'facebook'  => "https://www.facebook.com/sharer/sharer.php?u=$u",
					'x'         => "https://x.com/intent/tweet?url=$u&amp;text=$t",
					'linkedin'  => "https://www.linkedin.com/sharing/share-offsite/?url=$u",
					'pinterest' => "https://www.pinterest.com/pin/create/button/?url=$u&amp;description=$t",
					'whatsapp'  => 'https://wa.me/?text=' . rawurlencode( 'Boots & “balls” ' . $url ),
					'telegram'  => "https://t.me/share/url?url=$u&amp;text=$t",
					'reddit'    => "https://www.reddit.com/submit?url=$u&amp;title=$t",
					'email'     => "mailto:?subject=$t&amp;body=$u",
				),
				array_combine( $m[1], $m[2] )
			);
			// The markup of demo/chrome/contact.ts `shareButtonsMarkup()`, which the island reads.
			$this->assertStringContainsString( '<ul class="share-buttons" aria-label="Share this page"><li class="share-buttons__item share-buttons__item--facebook">', $html );
			$this->assertStringContainsString( '>Share on Facebook</a></li>', $html );
			$this->assertStringContainsString( '<li class="share-buttons__item share-buttons__item--print" hidden><button type="button" class="share-buttons__link" data-network="print">Print this page</button></li>', $html );
		}

		public function test_the_share_shortcodes_hostile_title_and_url(): void {
			$html = do_shortcode( '[shop_islands_share networks="x,email" title="' . esc_attr( '<script>alert(1)</script>Tom\'s (sale)!' ) . '" url="javascript:alert(1)"]' );
			$this->assertStringNotContainsString( '<script>', $html );
			$this->assertStringNotContainsString( 'javascript:', $html );
			$props = self::props( $html )[0];
			$this->assertSame( 'Tom\'s (sale)!', $props['title'], 'tags (and a script element’s text) out' );
			$this->assertSame( home_url( '/' ), $props['url'], 'no post, no valid url: the home page' );
			$this->assertStringContainsString( 'text=Tom\'s%20(sale)!"', html_entity_decode( $html ), 'encoded as encodeURIComponent does' );
			$this->assertSame( '', do_shortcode( '[shop_islands_share networks="myspace"]' ), 'no known network: nothing' );
		}

		// -- callback-modal ---------------------------------------------------------------------------

		public function test_the_callback_shortcode_wraps_the_form_behind_its_trigger(): void {
			$form = '<form action="' . admin_url( 'admin-ajax.php' ) . '" method="post" class="callback-form"><input type="hidden" name="action" value="request_callback" /><label for="cb-name">Name</label><input type="text" id="cb-name" name="name" required /><select name="time"><option value="am">Morning</option></select><textarea name="note" rows="3"></textarea><button type="submit">Send</button></form>';
			$html = do_shortcode( '[shop_islands_callback title="Call me back" label="Request a callback" success="Thanks!"]' . $form . '[/shop_islands_callback]' );
			$this->assertSame(
				self::open( 'callback-modal' ) . '<script type="application/json" data-island-props>{"title":"Call me back","triggerLabel":"Request a callback","successMessage":"Thanks!"}</script>'
				. '<a class="callback-trigger" href="#callback-request">Request a callback</a><div id="callback-request" class="callback-request">' . $form . '</div></div>',
				self::without_links( $html )
			);
			// A second one on the page gets its own id.
			$this->assertStringContainsString( 'href="#callback-request-2"', do_shortcode( '[shop_islands_callback]' . $form . '[/shop_islands_callback]' ) );
		}

		public function test_the_callback_form_is_filtered_and_titles_escaped(): void {
			$html = do_shortcode( '[shop_islands_callback title="' . esc_attr( '<img src=x onerror=alert(1)>Call' ) . '"]<form method="post"><input name="phone" onfocus="alert(1)"><script>alert(1)</script><iframe src="https://evil.example"></iframe><button>Send</button></form>[/shop_islands_callback]' );
			$this->assertStringNotContainsString( '<script>', $html );
			$this->assertStringNotContainsString( 'onfocus', $html );
			$this->assertStringNotContainsString( 'onerror', $html );
			$this->assertStringNotContainsString( '<iframe', $html );
			$this->assertStringContainsString( '<input name="phone">', $html );
			$this->assertSame( 'Call', self::props( $html )[0]['title'] );
			$this->assertSame( 'Request a callback', self::props( $html )[0]['triggerLabel'] );
			$this->assertSame( '<p>No form</p>', do_shortcode( '[shop_islands_callback]<p>No form</p>[/shop_islands_callback]' ), 'no form: no island' );
		}

		// -- a build without them ---------------------------------------------------------------------

		public function test_a_build_without_the_islands_places_none_and_leaves_the_scripts(): void {
			$this->use_temp_build( array( 'store-notice' ), null );
			$this->woocommerce->enqueue();
			$this->woocommerce->hook();
			$this->storefront();
			$this->add_hook( 'shop_islands_popups', static fn() => array( self::popup() ) );
			apply_filters( 'the_content', '<a href="#top">Top</a>' );
			$this->assertSame( '<wc-order-attribution-inputs></wc-order-attribution-inputs>', $this->checkout_form() );
			$this->assertSame( self::navigation(), $this->capture_action( 'storefront_header' ) );
			$footer = $this->footer();
			$this->assertSame( array(), self::islands( $footer ) );
			foreach ( array( 'order-attribution.min.js', 'sourcebuster.min.js', 'navigation.min.js' ) as $script ) {
				$this->assertStringContainsString( $script, $footer );
			}
			$share = do_shortcode( '[shop_islands_share networks="facebook" url="https://shop.example/a/" title="A"]' );
			$this->assertStringStartsWith( '<ul class="share-buttons" aria-label="Share this page">', $share, 'the links alone' );
			$this->assertStringStartsWith( '<a class="callback-trigger"', do_shortcode( '[shop_islands_callback]<form><input name="n"></form>[/shop_islands_callback]' ) );
		}

		// -- settings ---------------------------------------------------------------------------------

		public function test_each_automatic_island_has_its_switch_and_the_scripts_are_declared(): void {
			foreach ( self::AUTOMATIC as $island ) {
				$this->assertArrayHasKey( $island, Shop_Islands_Integration::ISLANDS );
				$this->assertTrue( Shop_Islands_Plugin::instance()->integration->enabled( $island ) );
			}
			update_option( Shop_Islands_Integration::OPTION, array_fill_keys( self::AUTOMATIC, false ) );
			foreach ( self::AUTOMATIC as $island ) {
				$this->assertFalse( Shop_Islands_Plugin::instance()->integration->enabled( $island ) );
			}
			$this->assertSame( array( 'order-attribution' ), Shop_Islands_Assets::REPLACED_SCRIPTS['wc-order-attribution'] );
			$this->assertSame( array( 'order-attribution' ), Shop_Islands_Assets::REPLACED_SCRIPTS['sourcebuster-js'] );
			$this->assertSame( array( 'site-menu' ), Shop_Islands_Assets::REPLACED_SCRIPTS['storefront-navigation'] );
		}

		public function test_the_build_has_the_chrome_islands_with_their_strategies(): void {
			$this->add_hook( 'shop_islands_dist_dir', static fn() => plugin_dir_path( SHOP_ISLANDS_FILE ) . 'dist/', 20 );
			$manifest = self::real_manifest();
			$missing  = array_filter( array_keys( self::STRATEGIES ), static fn( $island ) => ! isset( $manifest[ "widgets/$island/island.tsx" ] ) );
			if ( $missing ) {
				$this->markTestSkipped( 'The build has no ' . implode( ', ', $missing ) . ' yet.' );
			}
			foreach ( self::STRATEGIES as $island => $hydrate ) {
				$this->assertSame( $hydrate, Shop_Islands_Plugin::instance()->manifest()->default_strategy( $island ), $island );
			}
		}
	}
}

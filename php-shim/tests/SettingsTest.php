<?php
/**
 * The settings block.
 *
 * @package ShopIslands
 */

/**
 * `<script type="application/json" id="shop-islands-settings">`: its fields (src/contract/settings.ts),
 * the `shop_islands_settings` filter, escaping, the nonce.
 */
class SettingsTest extends Shop_Islands_Test_Case {

	/** Users created for the test class. */
	private static int $admin_id = 0;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$admin_id = (int) wp_insert_user(
			array(
				'user_login' => 'si-settings-admin-' . bin2hex( random_bytes( 4 ) ),
				'user_pass'  => wp_generate_password(),
				'user_email' => 'si-settings-' . bin2hex( random_bytes( 4 ) ) . '@example.test',
				'role'       => 'administrator',
			)
		);
	}

	public static function tearDownAfterClass(): void {
		require_once ABSPATH . 'wp-admin/includes/user.php';
		wp_delete_user( self::$admin_id );
		parent::tearDownAfterClass();
	}

	/** The settings printed on a page with one island, decoded. */
	private function page_settings(): array {
		shop_islands_render( 'store-notice', array(), '' );
		$json = self::settings_json( $this->footer() );
		$this->assertNotNull( $json );
		$data = json_decode( $json, true );
		$this->assertIsArray( $data );
		return $data;
	}

	public function test_the_fields_of_the_settings_schema(): void {
		$data = $this->page_settings();

		$this->assertSame(
			array( 'ajax_url', 'wc_ajax_url', 'rest_url', 'rest_nonce', 'cart_url', 'is_cart', 'cart_redirect_after_add', 'cart_hash_key', 'fragment_name', 'request_timeout', 'currency', 'i18n', 'is_editor', 'hide_mini_cart_if_empty', 'review_rating_required', 'lightbox', 'is_guest' ),
			array_keys( $data )
		);
		$this->assertSame( admin_url( 'admin-ajax.php', 'relative' ), $data['ajax_url'] );
		$this->assertStringStartsWith( '/', $data['ajax_url'] );
		$this->assertStringContainsString( '%%endpoint%%', $data['wc_ajax_url'] );
		$this->assertStringContainsString( 'wc-ajax=', $data['wc_ajax_url'] );
		$this->assertSame( rest_url(), $data['rest_url'] );
		$this->assertIsString( $data['rest_nonce'] );
		$this->assertSame( 5000, $data['request_timeout'] );
		$this->assertSame( false, $data['is_editor'] );
		$this->assertSame( false, $data['hide_mini_cart_if_empty'] );
		$this->assertContains( $data['is_cart'], array( '', '1' ) );
		$this->assertContains( $data['cart_redirect_after_add'], array( 'yes', 'no' ) );
		$this->assertSame( 'View cart', $data['i18n']['view_cart'] );

		$hash = md5( get_current_blog_id() . '_' . get_site_url( get_current_blog_id(), '/' ) . get_template() );
		$this->assertSame( 'wc_cart_hash_' . $hash, $data['cart_hash_key'] );
		$this->assertSame( 'wc_fragments_' . $hash, $data['fragment_name'] );

		$this->assertSame( array( 'code', 'symbol', 'decimals', 'decimal_separator', 'thousand_separator', 'position' ), array_keys( $data['currency'] ) );
		$this->assertIsInt( $data['currency']['decimals'] );
		$this->assertContains( $data['currency']['position'], array( 'left', 'right', 'left_space', 'right_space' ) );

		if ( ! class_exists( 'WooCommerce' ) ) {
			$this->assertSame( home_url( '/?wc-ajax=%%endpoint%%', 'relative' ), $data['wc_ajax_url'] );
			$this->assertSame( home_url( '/cart/' ), $data['cart_url'] );
			$this->assertSame( '', $data['is_cart'] );
			$this->assertSame(
				array(
					'code'               => 'EUR',
					'symbol'             => '€',
					'decimals'           => 2,
					'decimal_separator'  => '.',
					'thousand_separator' => ',',
					'position'           => 'left',
				),
				$data['currency'],
				'the demo store\'s defaults (demo/settings.ts)'
			);
		}
	}

	public function test_product_page_settings(): void {
		$data = $this->page_settings();
		$this->assertSame( 'yes', $data['review_rating_required'], 'WooCommerce\'s default' );
		$this->assertSame(
			array(
				'enabled'    => true,
				'counter'    => true,
				'fullscreen' => true,
				'zoom'       => true,
				'share'      => true,
			),
			$data['lightbox']
		);
		$this->assertTrue( $data['is_guest'] );
	}

	public function test_review_rating_option(): void {
		$this->add_hook( 'pre_option_woocommerce_review_rating_required', static fn() => 'no' );
		$this->assertSame( 'no', $this->page_settings()['review_rating_required'] );
	}

	public function test_a_logged_in_shopper_is_not_a_guest(): void {
		wp_set_current_user( self::$admin_id );
		try {
			$this->assertFalse( $this->page_settings()['is_guest'] );
		} finally {
			wp_set_current_user( 0 );
		}
	}

	public function test_cart_redirect_option(): void {
		$this->add_hook( 'pre_option_woocommerce_cart_redirect_after_add', static fn() => 'yes' );
		$this->assertSame( 'yes', $this->page_settings()['cart_redirect_after_add'] );
	}

	public function test_the_rest_nonce_verifies_for_the_visitor_and_for_a_logged_in_user(): void {
		$nonce = $this->page_settings()['rest_nonce'];
		$this->assertSame( 1, wp_verify_nonce( $nonce, 'wp_rest' ) );

		wp_set_current_user( self::$admin_id );
		Shop_Islands_Plugin::instance()->reset();
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		$nonce = $this->page_settings()['rest_nonce'];
		$this->assertSame( 1, wp_verify_nonce( $nonce, 'wp_rest' ) );
		$this->assertFalse( wp_verify_nonce( $nonce, 'other_action' ) );
		wp_set_current_user( 0 );
		$this->assertFalse( wp_verify_nonce( $nonce, 'wp_rest' ), 'bound to the user' );
	}

	public function test_the_filter_changes_the_block(): void {
		$this->add_hook(
			'shop_islands_settings',
			static function ( array $data ): array {
				$data['hide_mini_cart_if_empty'] = true;
				$data['i18n']['view_cart']        = 'Warenkorb anzeigen';
				$data['currency']['code']         = 'CHF';
				unset( $data['is_editor'] );
				return $data;
			}
		);
		$data = $this->page_settings();
		$this->assertTrue( $data['hide_mini_cart_if_empty'] );
		$this->assertSame( 'Warenkorb anzeigen', $data['i18n']['view_cart'] );
		$this->assertSame( 'CHF', $data['currency']['code'] );
		$this->assertArrayNotHasKey( 'is_editor', $data );
	}

	public function test_a_filter_returning_garbage_is_ignored(): void {
		$this->add_hook( 'shop_islands_settings', '__return_null' );
		$this->assertSame( admin_url( 'admin-ajax.php', 'relative' ), $this->page_settings()['ajax_url'] );
	}

	public function test_hostile_settings_cannot_leave_the_script_element(): void {
		$hostile = "</script><script>alert(1)</script><!-- \" ' & é 😀 \u{2028}\u{2029}";
		$this->add_hook(
			'shop_islands_settings',
			static function ( array $data ) use ( $hostile ): array {
				$data['i18n']['view_cart'] = $hostile;
				$data['cart_url']          = 'https://shop.test/cart/?a=1&b=</script>';
				$data[ $hostile ]          = array( $hostile );
				return $data;
			}
		);
		shop_islands_render( 'store-notice', array(), '' );
		$footer = $this->footer();
		$json   = self::settings_json( $footer );

		$this->assertStringNotContainsStringIgnoringCase( '</script', $json );
		$this->assertStringNotContainsString( '<!--', $json );
		$this->assertStringNotContainsString( "\u{2028}", $json );
		$data = json_decode( $json, true );
		$this->assertSame( $hostile, $data['i18n']['view_cart'] );
		$this->assertSame( 'https://shop.test/cart/?a=1&b=</script>', $data['cart_url'] );
		$this->assertSame( array( $hostile ), $data[ $hostile ] );
		$this->assertSame( 1, substr_count( $footer, 'id="shop-islands-settings"' ) );
	}

	public function test_settings_that_cannot_be_encoded_are_not_printed(): void {
		$this->add_hook(
			'shop_islands_settings',
			static function ( array $data ): array {
				$data['request_timeout'] = INF;
				return $data;
			}
		);
		shop_islands_render( 'store-notice', array(), '' );
		$footer = $this->footer();
		$this->assertStringNotContainsString( 'shop-islands-settings', $footer );
		$this->assertContains( 'shop_islands_settings', $this->doing_it_wrong_functions() );
	}

	public function test_the_block_is_printed_in_wp_footer_before_the_footer_scripts(): void {
		$this->assertSame( 19, has_action( 'wp_footer', array( Shop_Islands_Plugin::instance()->settings, 'print_footer' ) ) );
		$this->assertSame( 20, has_action( 'wp_footer', 'wp_print_footer_scripts' ) );
	}
}

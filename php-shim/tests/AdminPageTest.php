<?php
/**
 * Settings → Shop Islands: the switches of the automatic islands, saved with a nonce and the
 * capability checked, and why an island is off.
 *
 * @package ShopIslands
 */

/**
 * The page is rendered and saved by calling its handlers as WordPress would (admin-post.php,
 * options-general.php); `wp_die()` throws here instead of ending the test.
 */
class AdminPageTest extends Shop_Islands_Test_Case {

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->add_hook(
			'wp_die_handler',
			static fn() => static function ( $message ) {
				throw new RuntimeException( 'wp_die: ' . ( is_string( $message ) ? $message : 'died' ) );
			}
		);
	}

	protected function tearDown(): void {
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		$_POST    = array();
		$_REQUEST = array();
		parent::tearDown();
	}

	/** The first administrator (scripts/wordpress.sh installs one). */
	private static function admin_id(): int {
		$ids = get_users(
			array(
				'role'   => 'administrator',
				'fields' => 'ID',
				'number' => 1,
			)
		);
		self::assertNotEmpty( $ids, 'the test WordPress has an administrator' );
		return (int) $ids[0];
	}

	private static function page(): string {
		ob_start();
		try {
			Shop_Islands_Plugin::instance()->admin->render();
		} finally {
			$page = (string) ob_get_clean();
		}
		return $page;
	}

	/**
	 * Posts the form.
	 *
	 * @param array<string, string> $switches Island => '1' for the checked ones.
	 * @param string|null           $nonce    The nonce (null: a valid one).
	 * @param array<string, string> $more     More fields.
	 */
	private static function post( array $switches, ?string $nonce = null, array $more = array() ): void {
		$_POST    = array_merge(
			array(
				'action'                         => Shop_Islands_Admin::ACTION,
				'_wpnonce'                       => $nonce ?? wp_create_nonce( Shop_Islands_Admin::ACTION ),
				Shop_Islands_Integration::OPTION => $switches,
			),
			$more
		);
		$_REQUEST = $_POST;
		Shop_Islands_Plugin::instance()->admin->save();
	}

	public function test_the_page_has_one_checked_switch_per_automatic_island_and_a_nonce(): void {
		wp_set_current_user( self::admin_id() );
		update_option( Shop_Islands_Integration::OPTION, array( 'store-notice' => false ) );
		$page = self::page();
		foreach ( array_keys( Shop_Islands_Integration::ISLANDS ) as $island ) {
			$checked = 'store-notice' === $island ? '' : ' checked=\'checked\'';
			$this->assertStringContainsString( 'name="shop_islands_automatic[' . $island . ']" value="1"' . $checked . '>', $page, $island );
		}
		$this->assertStringContainsString( 'name="_wpnonce" value="' . wp_create_nonce( Shop_Islands_Admin::ACTION ) . '"', $page );
		$this->assertStringContainsString( '<input type="hidden" name="action" value="shop_islands_save">', $page );
		$this->assertStringContainsString( 'Hook: woocommerce_cart_item_quantity.', $page );
	}

	public function test_the_page_needs_the_capability(): void {
		$this->expectException( RuntimeException::class );
		self::page();
	}

	public function test_saving_stores_only_what_differs_from_the_themes_default(): void {
		wp_set_current_user( self::admin_id() );
		update_option( Shop_Islands_Integration::OPTION, array( 'a-later-island' => false ) );
		self::post(
			array(
				'add-to-cart'   => '1',
				'mini-cart'     => '1',
				'cart-drawer'   => '1',
				'cart-quantity' => 'yes', // Not '1': off.
			)
		);
		// Every island not switched on ('1') differs from the classic theme's default (on).
		$expected = array( 'a-later-island' => false );
		foreach ( array_keys( Shop_Islands_Integration::ISLANDS ) as $island ) {
			if ( ! in_array( $island, array( 'add-to-cart', 'mini-cart', 'cart-drawer' ), true ) ) {
				$expected[ $island ] = false;
			}
		}
		$this->assertSame( $expected, get_option( Shop_Islands_Integration::OPTION ) );
		$this->assertFalse( Shop_Islands_Plugin::instance()->integration->enabled( 'store-notice' ) );
		$this->assertTrue( Shop_Islands_Plugin::instance()->integration->enabled( 'mini-cart' ) );

		delete_option( Shop_Islands_Integration::OPTION );
		self::post( array_fill_keys( array_keys( Shop_Islands_Integration::ISLANDS ), '1' ) );
		$this->assertFalse( get_option( Shop_Islands_Integration::OPTION ), 'all at their default: nothing stored' );
	}

	public function test_saving_needs_a_valid_nonce(): void {
		wp_set_current_user( self::admin_id() );
		try {
			self::post( array(), 'not-a-nonce' );
			$this->fail( 'saved without a valid nonce' );
		} catch ( RuntimeException $e ) {
			$this->assertFalse( get_option( Shop_Islands_Integration::OPTION ) );
		}
	}

	public function test_saving_needs_the_capability(): void {
		$nonce = wp_create_nonce( Shop_Islands_Admin::ACTION );
		try {
			self::post( array(), $nonce );
			$this->fail( 'saved without the capability' );
		} catch ( RuntimeException $e ) {
			$this->assertFalse( get_option( Shop_Islands_Integration::OPTION ) );
		}
	}

	public function test_an_island_a_plugin_script_keeps_off_says_which_script_escaped(): void {
		wp_set_current_user( self::admin_id() );
		update_option(
			Shop_Islands_Assets::CONFLICTS_OPTION,
			array(
				'mini-cart' => array(
					'wc-cart-fragments' => array(
						'side-cart' => array(
							'src'  => 'https://plugins.example/side-cart.js?"><script>alert(1)</script>',
							'page' => '/shop/',
							'time' => 1767225600,
						),
					),
				),
			),
			false
		);
		$reasons = Shop_Islands_Plugin::instance()->admin->reasons( 'mini-cart' );
		$this->assertCount( 1, array_filter( $reasons, static fn( $r ) => str_contains( $r, 'the script side-cart (https://plugins.example/side-cart.js?"><script>alert(1)</script>) is loaded: it needs WooCommerce’s wc-cart-fragments' ) ) );
		$page = self::page();
		$this->assertStringContainsString( 'side-cart (https://plugins.example/side-cart.js?&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;)', $page );
		$this->assertStringNotContainsString( '<script>alert', $page );
		$this->assertStringContainsString( 'Last seen on /shop/', $page );
		$this->assertStringContainsString( 'name="shop_islands_forget_conflicts"', $page );

		self::post( array_fill_keys( array_keys( Shop_Islands_Integration::ISLANDS ), '1' ), null, array( 'shop_islands_forget_conflicts' => '1' ) );
		$this->assertFalse( get_option( Shop_Islands_Assets::CONFLICTS_OPTION ) );
	}

	public function test_the_page_says_when_a_filter_or_a_block_theme_decides(): void {
		wp_set_current_user( self::admin_id() );
		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'cart-drawer' === $island ? false : $on, 10, 2 );
		$this->assertContains( 'Off although switched on here: a theme or plugin turns it off with the shop_islands_automatic filter.', Shop_Islands_Plugin::instance()->admin->reasons( 'cart-drawer' ) );

		$root  = get_theme_root();
		$theme = 'shop-islands-block-admin-test';
		wp_mkdir_p( "$root/$theme/templates" );
		file_put_contents( "$root/$theme/style.css", "/*\nTheme Name: Block test\n*/\n" );
		file_put_contents( "$root/$theme/templates/index.html", '<!-- wp:paragraph --><p>Block</p><!-- /wp:paragraph -->' );
		$use = static fn() => $theme;
		$this->add_hook( 'stylesheet', $use );
		$this->add_hook( 'template', $use );
		try {
			$reasons = Shop_Islands_Plugin::instance()->admin->reasons( 'mini-cart' );
			$this->assertStringStartsWith( 'Off by default: the active theme is a block theme', $reasons[0] );
			$this->assertStringNotContainsString( 'name="shop_islands_automatic[mini-cart]" value="1" checked', self::page() );
			// Turned on there: stored, since it differs from the block theme's default.
			self::post( array( 'mini-cart' => '1' ) );
			$this->assertSame( array( 'mini-cart' => true ), get_option( Shop_Islands_Integration::OPTION ) );
		} finally {
			self::remove_dir( "$root/$theme" );
		}
	}

	public function test_settings_link_on_the_plugins_screen(): void {
		wp_set_current_user( self::admin_id() );
		$links = apply_filters( 'plugin_action_links_' . plugin_basename( SHOP_ISLANDS_FILE ), array( 'deactivate' => '<a>Deactivate</a>' ) );
		$this->assertStringContainsString( 'options-general.php?page=shop-islands', $links[0] );
	}
}

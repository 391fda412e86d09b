<?php
/**
 * A missing or broken build.
 *
 * @package ShopIslands
 */

/**
 * Without a usable dist folder: no fatal error, islands print their fallback only, nothing is
 * enqueued, and administrators see a notice.
 */
class MissingDistTest extends Shop_Islands_Test_Case {

	/** Users created for the test class. */
	private static int $admin_id      = 0;
	private static int $subscriber_id = 0;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		foreach ( array( 'administrator', 'subscriber' ) as $role ) {
			$id = (int) wp_insert_user(
				array(
					'user_login' => "si-$role-" . bin2hex( random_bytes( 4 ) ),
					'user_pass'  => wp_generate_password(),
					'user_email' => "si-$role-" . bin2hex( random_bytes( 4 ) ) . '@example.test',
					'role'       => $role,
				)
			);
			if ( 'administrator' === $role ) {
				self::$admin_id = $id;
			} else {
				self::$subscriber_id = $id;
			}
		}
	}

	public static function tearDownAfterClass(): void {
		require_once ABSPATH . 'wp-admin/includes/user.php';
		wp_delete_user( self::$admin_id );
		wp_delete_user( self::$subscriber_id );
		parent::tearDownAfterClass();
	}

	/** Broken builds: a function that prepares a dist directory. */
	public function broken_builds(): array {
		return array(
			'empty directory'  => array( static function ( string $dir ): void {} ),
			'no directory'     => array(
				static function ( string $dir ): void {
					rmdir( $dir );
				},
			),
			'invalid JSON'     => array(
				static function ( string $dir ): void {
					mkdir( $dir . '/.vite' );
					file_put_contents( $dir . '/.vite/manifest.json', '{"src/islands/loader.ts": ' );
				},
			),
			'manifest is a directory' => array(
				static function ( string $dir ): void {
					mkdir( $dir . '/.vite/manifest.json', 0777, true );
				},
			),
			'no loader entry'  => array(
				static function ( string $dir ): void {
					mkdir( $dir . '/.vite' );
					file_put_contents( $dir . '/.vite/manifest.json', '{"widgets/store-notice/island.tsx": {"file": "assets/store-notice.js"}}' );
				},
			),
			'loader file gone' => array(
				static function ( string $dir ): void {
					mkdir( $dir . '/.vite' );
					file_put_contents( $dir . '/.vite/manifest.json', '{"src/islands/loader.ts": {"file": "assets/loader-gone.js", "isEntry": true}}' );
				},
			),
		);
	}

	/**
	 * @dataProvider broken_builds
	 *
	 * @param callable $prepare Prepares the dist directory.
	 */
	public function test_islands_print_only_their_fallback( callable $prepare ): void {
		$dir = $this->temp_dir() . '/dist';
		mkdir( $dir );
		$prepare( $dir );
		$this->use_dist_dir( $dir );

		$fallback = '<p class="woocommerce-store-notice demo_store">Free delivery</p>';
		$this->assertSame( $fallback, shop_islands_render( 'store-notice', array( 'message' => 'Free delivery' ), $fallback, array( 'hydrate' => 'idle' ) ) );
		$this->assertSame( 'F', do_shortcode( '[shop_island name="store-notice" prop-message="x"]F[/shop_island]' ) );
		$this->assertFalse( shop_islands_enqueue() );

		$footer = $this->footer();
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'registered' ) );
		$this->assertStringNotContainsString( 'shop-islands-settings', $footer );
		$this->assertSame( array(), self::loader_tags( $footer ) );
		$this->assertSame( array(), $this->doing_it_wrong, 'a missing build is reported to administrators, not as a coding mistake' );
	}

	public function test_an_administrator_sees_a_notice(): void {
		$this->use_dist_dir( $this->temp_dir() );
		wp_set_current_user( self::$admin_id );

		$notice = $this->capture_action( 'admin_notices' );
		$this->assertStringContainsString( 'class="notice notice-error"', $notice );
		$this->assertStringContainsString( 'Shop Islands', $notice );
		$this->assertStringContainsString( 'manifest.json', $notice, 'says which file is missing' );
	}

	public function test_a_subscriber_sees_no_notice(): void {
		$this->use_dist_dir( $this->temp_dir() );
		wp_set_current_user( self::$subscriber_id );
		$this->assertStringNotContainsString( 'Shop Islands', $this->capture_action( 'admin_notices' ) );

		wp_set_current_user( 0 );
		$this->assertStringNotContainsString( 'Shop Islands', $this->capture_action( 'admin_notices' ) );
	}

	public function test_no_notice_when_the_build_is_fine(): void {
		wp_set_current_user( self::$admin_id );
		$this->assertStringNotContainsString( 'Shop Islands', $this->capture_action( 'admin_notices' ) );
	}

	public function test_the_notice_is_escaped(): void {
		$dir = $this->temp_dir() . '/<img src=x onerror=alert(1)>';
		mkdir( $dir );
		$this->use_dist_dir( $dir );
		wp_set_current_user( self::$admin_id );

		$notice = $this->capture_action( 'admin_notices' );
		$this->assertStringNotContainsString( '<img', $notice );
		$this->assertStringContainsString( '&lt;img src=x onerror=alert(1)&gt;', $notice );
	}
}

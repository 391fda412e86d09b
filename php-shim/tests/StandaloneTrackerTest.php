<?php
/**
 * The order attribution tracker's standalone entry in the loader's place, on a page whose only
 * island is the tracker (issue #16).
 *
 * @package ShopIslands
 */

/**
 * Simulated page renders on a temporary build with (or without) the standalone entry
 * (`widgets/order-attribution/standalone.ts`): body output, then `wp_footer`.
 */
class StandaloneTrackerTest extends Shop_Islands_Test_Case {

	/** The standalone entry's file in the temporary build. */
	const STANDALONE_FILE = 'assets/order-attribution-standalone-t1.js';

	/** WooCommerce's `wc_order_attribution` object (9.9.5's defaults, two of its fields). */
	const OBJECT = array(
		'params' => array(
			'lifetime'      => 1.0E-5,
			'session'       => 30,
			'base64'        => false,
			'ajaxurl'       => 'https://shop.example/wp-admin/admin-ajax.php',
			'prefix'        => 'wc_order_attribution_',
			'allowTracking' => true,
		),
		'fields' => array(
			'source_type' => 'current.typ',
			'utm_source'  => 'current.src',
		),
	);

	/** The dist folder of the temporary build. */
	private string $dist = '';

	protected function setUp(): void {
		parent::setUp();
		$this->dist = $this->build( self::STANDALONE_FILE );
	}

	protected function tearDown(): void {
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		parent::tearDown();
	}

	/**
	 * A temporary build with the loader, the tracker and the store notice, and the tracker's
	 * standalone entry naming `$file` (written to disk) unless null (no entry at all).
	 *
	 * @param string|null $file   The entry's file in the manifest.
	 * @param bool        $exists Whether the file is written.
	 * @return string The dist folder.
	 */
	private function build( ?string $file, bool $exists = true ): string {
		$dir      = $this->use_temp_build( array( 'order-attribution', 'store-notice' ), '{"order-attribution":{"hydrate":"idle"},"store-notice":{"hydrate":"idle"}}' );
		$manifest = json_decode( (string) file_get_contents( $dir . '.vite/manifest.json' ), true );
		if ( null !== $file ) {
			$manifest[ Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE ] = array(
				'file'           => $file,
				'name'           => 'order-attribution-standalone',
				'src'            => Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE,
				'isEntry'        => true,
				'dynamicImports' => array( 'widgets/order-attribution/island.tsx' ),
			);
			if ( $exists && Shop_Islands_Manifest::is_safe_file( $file ) ) {
				file_put_contents( $dir . $file, 'export {};' );
			}
		}
		file_put_contents( $dir . '.vite/manifest.json', (string) wp_json_encode( $manifest ) );
		Shop_Islands_Plugin::instance()->reset();
		return $dir;
	}

	/** The tracker's container, as the chrome integration prints it. */
	private static function tracker(): string {
		return shop_islands_render( 'order-attribution', self::OBJECT, '', array( 'attributes' => array( 'hidden' => true ) ) );
	}

	/** A store notice. */
	private static function notice(): string {
		return shop_islands_render(
			'store-notice',
			array(
				'noticeId' => md5( 'Free delivery' ),
				'message'  => 'Free delivery',
			),
			'<p class="woocommerce-store-notice demo_store">Free delivery</p>'
		);
	}

	/**
	 * The standalone entry's `<script src>` tags.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	private static function standalone_tags( string $html ): array {
		preg_match_all( '#<script\b[^>]*\bid=(["\'])shop-islands-order-attribution-js\1[^>]*>#', $html, $m );
		return $m[0];
	}

	/** The URL of a file of the temporary build. */
	private static function url( string $file ): string {
		return plugins_url( 'dist/', SHOP_ISLANDS_FILE ) . $file;
	}

	public function test_a_page_whose_only_island_is_the_tracker_gets_the_standalone_entry_alone(): void {
		$body   = self::tracker();
		$footer = $this->footer();
		$page   = $body . $footer;

		$tags = self::standalone_tags( $page );
		$this->assertCount( 1, $tags );
		$this->assertStringStartsWith( '<script type="module" ', $tags[0] );
		$this->assertSame( 1, substr_count( $tags[0], 'type=' ) );
		$this->assertStringContainsString( "src='" . esc_url( self::url( self::STANDALONE_FILE ) ) . "'", $tags[0], 'no ?ver=: the file name is hashed' );
		$this->assertSame( array(), self::standalone_tags( $body ), 'in the footer, not at the island' );

		$this->assertSame( array(), self::loader_tags( $page ), 'no loader' );
		$this->assertStringNotContainsString( 'loader-t1.js', $page );
		$this->assertNull( self::settings_json( $page ), 'no settings block: the tracker reads none' );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::STANDALONE_HANDLE, 'done' ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'done' ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		// The tracker's chunk is preloaded before its container, as on any page.
		$this->assertContains( self::url( 'assets/order-attribution-t1.js' ), self::links( $body, 'modulepreload' ) );
		$this->assertStringContainsString( '<div data-island="order-attribution" data-island-src="' . esc_url( self::url( 'assets/order-attribution-t1.js' ) ) . '" data-hydrate="idle" hidden>', $body );

		// A second wp_footer prints nothing again.
		$again = $this->footer();
		$this->assertSame( array(), self::standalone_tags( $again ) );
		$this->assertSame( array(), self::loader_tags( $again ) );
	}

	public function test_woocommerces_tracker_replaced_on_a_page_with_nothing_else(): void {
		wp_enqueue_script( 'sourcebuster-js', 'https://example.test/woocommerce/assets/js/sourcebuster/sourcebuster.min.js', array(), '9.9.5', true );
		wp_enqueue_script( 'wc-order-attribution', 'https://example.test/woocommerce/assets/js/frontend/order-attribution.min.js', array( 'sourcebuster-js' ), '9.9.5', true );
		wp_localize_script( 'wc-order-attribution', 'wc_order_attribution', self::OBJECT );

		$footer = $this->footer();

		$this->assertStringContainsString( '<div data-island="order-attribution"', $footer, 'the chrome integration printed the tracker' );
		$this->assertCount( 1, self::standalone_tags( $footer ) );
		$this->assertSame( array(), self::loader_tags( $footer ) );
		$this->assertNull( self::settings_json( $footer ) );
		$this->assertStringNotContainsString( 'order-attribution.min.js', $footer );
		$this->assertStringNotContainsString( 'sourcebuster.min.js', $footer );
		$this->assertLessThan( strpos( $footer, self::standalone_tags( $footer )[0] ), strpos( $footer, '<div data-island="order-attribution"' ) );
	}

	public function test_the_tracker_with_another_island_gets_the_loader_only(): void {
		$page  = self::notice();
		$page .= self::tracker();
		$page .= $this->footer();

		$this->assertCount( 1, self::loader_tags( $page ) );
		$this->assertSame( array(), self::standalone_tags( $page ) );
		$this->assertStringNotContainsString( self::STANDALONE_FILE, $page );
		$this->assertSame( 1, substr_count( $page, 'id="shop-islands-settings"' ) );
		$this->assertLessThan( strpos( $page, self::loader_tags( $page )[0] ), strpos( $page, 'id="shop-islands-settings"' ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::STANDALONE_HANDLE, 'registered' ) );
	}

	public function test_an_island_printed_after_the_settings_block_but_before_the_footer_scripts_gets_the_loader(): void {
		$body = self::tracker();
		// A plugin printing its island on wp_footer after the settings block (19) was left out.
		$late = '';
		$this->add_hook(
			'wp_footer',
			static function () use ( &$late ) {
				$late = self::notice();
				echo $late; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the plugin's HTML.
			},
			19
		);
		$footer = $this->footer();
		$page   = $body . $footer;

		$this->assertStringContainsString( '<div data-island="store-notice"', $late );
		$this->assertSame( array(), self::standalone_tags( $page ) );
		$this->assertCount( 1, self::loader_tags( $page ) );
		$this->assertSame( 1, substr_count( $page, 'id="shop-islands-settings"' ), 'the settings block, printed with the loader' );
		$this->assertLessThan( strpos( $page, self::loader_tags( $page )[0] ), strpos( $page, 'id="shop-islands-settings"' ) );
		$this->assertLessThan( strpos( $page, 'id="shop-islands-settings"' ), strpos( $page, '<div data-island="store-notice"' ) );
	}

	public function test_an_island_printed_after_the_footer_scripts_brings_the_loader_and_settings(): void {
		$body   = self::tracker();
		$footer = $this->footer();
		$this->assertCount( 1, self::standalone_tags( $footer ) );
		$this->assertSame( array(), self::loader_tags( $footer ) );

		// A popup plugin printing at wp_footer priority 100: the loader mounts it (and skips the
		// tracker's container, which the standalone entry claimed).
		$late = self::notice();
		$this->assertCount( 1, self::loader_tags( $late ) );
		$this->assertStringStartsWith( '<script type="module" ', self::loader_tags( $late )[0] );
		$this->assertSame( 1, substr_count( $late, 'id="shop-islands-settings"' ) );
		$this->assertSame( array(), self::standalone_tags( $late ) );
		$this->assertSame( 1, substr_count( $body . $footer . $late, 'id="shop-islands-settings"' ) );

		$later = self::notice() . self::tracker();
		$this->assertSame( array(), self::loader_tags( $later ), 'only once' );
		$this->assertSame( array(), self::standalone_tags( $later ) );
	}

	public function test_a_tracker_container_printed_after_the_footer_scripts_gets_the_loader(): void {
		$footer = $this->footer();
		$this->assertSame( array(), self::loader_tags( $footer ) );

		// The standalone entry mounts what it finds when it runs: a container printed after the
		// footer scripts is the loader's (the page printed nothing else).
		$late = self::tracker();
		$this->assertCount( 1, self::loader_tags( $late ) );
		$this->assertSame( array(), self::standalone_tags( $late ) );
	}

	public function test_a_build_without_the_standalone_entry_gets_the_loader(): void {
		$cases = array(
			'no entry'       => array( null, true ),
			'file missing'   => array( self::STANDALONE_FILE, false ),
			'outside dist'   => array( '../standalone.js', true ),
			'not JavaScript' => array( 'assets/order-attribution-standalone-t1.css', true ),
			'absolute URL'   => array( 'https://evil.example/x.js', true ),
		);
		foreach ( $cases as $case => [ $file, $exists ] ) {
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			$this->build( $file, $exists );

			$page = self::tracker() . $this->footer();

			$this->assertCount( 1, self::loader_tags( $page ), $case );
			$this->assertSame( array(), self::standalone_tags( $page ), $case );
			$this->assertSame( 1, substr_count( $page, 'id="shop-islands-settings"' ), $case );
			$this->assertStringNotContainsString( 'evil.example', $page, $case );
		}
	}

	public function test_shop_islands_enqueue_keeps_the_loader(): void {
		// The site inserts islands later (another script): only the loader mounts them.
		$this->assertTrue( shop_islands_enqueue() );
		$page = self::tracker() . $this->footer();

		$this->assertCount( 1, self::loader_tags( $page ) );
		$this->assertSame( array(), self::standalone_tags( $page ) );
		$this->assertSame( 1, substr_count( $page, 'id="shop-islands-settings"' ) );
	}

	public function test_the_standalone_entry_brings_no_translations_or_wp_i18n(): void {
		$this->add_hook( 'pre_determine_locale', static fn() => 'de_DE' );
		$jed = (string) wp_json_encode(
			array(
				'domain'      => 'messages',
				'locale_data' => array(
					'messages' => array(
						''        => array(
							'domain' => 'messages',
							'lang'   => 'de_DE',
						),
						'Loading' => array( 'Lädt' ),
					),
				),
			)
		);
		$this->add_hook(
			'pre_load_script_translations',
			static function ( $translations, $file, $handle, $domain ) use ( $jed ) {
				return 'shop-islands' === $domain && str_ends_with( (string) $file, md5( 'dist/assets/loader-t1.js' ) . '.json' ) ? $jed : $translations;
			},
			10,
			4
		);

		$page = self::tracker() . $this->footer();

		$this->assertSame( array( 'wp-i18n' ), wp_scripts()->registered[ Shop_Islands_Assets::HANDLE ]->deps, 'the loader would have them' );
		$this->assertCount( 1, self::standalone_tags( $page ) );
		$this->assertSame( array(), self::loader_tags( $page ) );
		$this->assertStringNotContainsString( 'setLocaleData', $page );
		$this->assertFalse( wp_script_is( 'wp-i18n', 'done' ), 'wp-i18n left out' );
		$this->assertFalse( wp_script_is( 'wp-hooks', 'done' ), 'and what it needs' );

		// The same locale with another island: the loader, its translations and wp-i18n.
		Shop_Islands_Plugin::instance()->reset();
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		$page                  = self::tracker() . self::notice() . $this->footer();
		$this->assertCount( 1, self::loader_tags( $page ) );
		$this->assertStringContainsString( 'setLocaleData', $page );
		$this->assertTrue( wp_script_is( 'wp-i18n', 'done' ) );
	}

	public function test_wp_i18n_stays_when_something_else_needs_it(): void {
		$this->add_hook( 'pre_determine_locale', static fn() => 'de_DE' );
		$this->add_hook(
			'pre_load_script_translations',
			static fn( $translations, $file, $handle, $domain ) => 'shop-islands' === $domain && str_ends_with( (string) $file, md5( 'dist/assets/loader-t1.js' ) . '.json' )
				? '{"locale_data":{"messages":{"":{"lang":"de_DE"},"Loading":["Lädt"]}}}'
				: $translations,
			10,
			4
		);
		wp_enqueue_script( 'theme-script', 'https://example.test/theme.js', array( 'wp-i18n' ), '1', true );

		$page = self::tracker() . $this->footer();

		$this->assertCount( 1, self::standalone_tags( $page ) );
		$this->assertTrue( wp_script_is( 'wp-i18n', 'done' ), 'the theme needs it' );
		$this->assertTrue( wp_script_is( 'theme-script', 'done' ) );
		$this->assertStringNotContainsString( 'shop-islands-loader-js-before', $page, 'the loader\'s translations are not printed' );
		$this->assertStringNotContainsString( 'Lädt', $page );
	}
}

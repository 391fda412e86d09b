<?php
/**
 * The loader, the settings block and the links, only where islands are used.
 *
 * @package ShopIslands
 */

/**
 * Simulated page renders: body output, then `wp_footer`.
 */
class EnqueueTest extends Shop_Islands_Test_Case {

	/** A store notice as a theme prints it. */
	private static function notice( array $args = array( 'hydrate' => 'idle' ) ): string {
		return shop_islands_render(
			'store-notice',
			array(
				'noticeId' => md5( 'Free delivery' ),
				'message'  => 'Free delivery',
			),
			'<p class="woocommerce-store-notice demo_store">Free delivery</p>',
			$args
		);
	}

	public function test_a_page_without_islands_loads_nothing(): void {
		$footer = $this->footer();

		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'registered' ), 'not even registered' );
		$this->assertStringNotContainsString( 'shop-islands-settings', $footer );
		$this->assertSame( array(), self::loader_tags( $footer ) );
		$this->assertStringNotContainsString( '/dist/assets/', $footer );
	}

	public function test_one_island_enqueues_the_loader_as_a_module_with_one_settings_block(): void {
		$body   = self::notice();
		$footer = $this->footer();

		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'done' ) );
		$this->assertSame( 1, substr_count( $footer, 'id="shop-islands-settings"' ) );

		$tags = self::loader_tags( $footer );
		$this->assertCount( 1, $tags );
		$this->assertStringStartsWith( '<script type="module" ', $tags[0] );
		$this->assertSame( 1, substr_count( $tags[0], 'type=' ), 'no second type attribute (text/javascript)' );

		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$src      = plugins_url( 'dist/', SHOP_ISLANDS_FILE ) . $manifest->loader_file();
		$this->assertStringContainsString( "src='" . esc_url( $src ) . "'", $tags[0], 'no ?ver=: the file name is hashed' );
		$this->assertSame( array(), wp_scripts()->registered[ Shop_Islands_Assets::HANDLE ]->deps, 'English: no wp-i18n' );

		$this->assertLessThan(
			strpos( $footer, $tags[0] ),
			strpos( $footer, 'id="shop-islands-settings"' ),
			'the settings block comes before the footer scripts'
		);

		$this->assertSame( array(), self::loader_tags( $body ), 'the loader is printed in the footer, not at the island' );

		// A second wp_footer (a theme calling it twice) prints neither again.
		$again = $this->footer();
		$this->assertStringNotContainsString( 'shop-islands-settings', $again );
		$this->assertSame( array(), self::loader_tags( $again ) );
	}

	public function test_several_islands_share_one_loader_one_settings_block_and_each_file_once(): void {
		$body  = self::notice();
		$body .= shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '', array( 'hydrate' => 'idle' ) );
		$body .= shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '' );
		$body .= self::notice();
		$footer = $this->footer();
		$page   = $body . $footer;

		$this->assertCount( 1, self::loader_tags( $page ) );
		$this->assertSame( 1, substr_count( $page, 'id="shop-islands-settings"' ) );
		$this->assertCount( 4, self::props_json( $body ) );

		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$base     = plugins_url( 'dist/', SHOP_ISLANDS_FILE );

		$preloads = self::links( $page, 'modulepreload' );
		$this->assertSame( array_values( array_unique( $preloads ) ), $preloads, 'each module preloaded once' );
		$expected = array_values( array_unique( array_merge( $manifest->island_js( 'store-notice' ), $manifest->island_js( 'loading-indicator' ) ) ) );
		$this->assertEqualsCanonicalizing( array_map( static fn( $f ) => $base . $f, $expected ), $preloads );

		$css = self::links( $page, 'stylesheet' );
		$this->assertSame( array_map( static fn( $f ) => $base . $f, $manifest->island_css( 'loading-indicator' ) ), $css, 'the stylesheet once, for the island type that has one' );
	}

	public function test_stylesheet_and_preloads_come_right_before_the_first_container_of_their_island(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$css      = $manifest->island_css( 'loading-indicator' );
		$this->assertNotEmpty( $css, 'the build has a stylesheet for loading-indicator' );

		$first  = shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '' );
		$second = shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '' );

		$container_at = strpos( $first, '<div data-island="loading-indicator"' );
		$this->assertNotFalse( $container_at );
		$links = substr( $first, 0, $container_at );
		$this->assertMatchesRegularExpression( '#^(<link rel="(stylesheet|modulepreload)" href="[^"]+">)+$#', $links, 'only links before the container' );
		$this->assertStringStartsWith( '<link rel="stylesheet" href="' . esc_url( plugins_url( 'dist/' . $css[0], SHOP_ISLANDS_FILE ) ) . '">', $first );
		$this->assertStringStartsWith( '<div data-island="loading-indicator" data-island-src="' . self::real_src( 'loading-indicator' ) . '" data-hydrate="idle">', $second, 'the second container has no links' );
	}

	public function test_islands_that_mount_late_are_not_preloaded_but_get_their_stylesheet(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();

		$visible     = shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '', array( 'hydrate' => 'visible' ) );
		$interaction = self::notice( array( 'hydrate' => 'interaction' ) );

		$this->assertSame( array(), self::links( $visible . $interaction, 'modulepreload' ) );
		$this->assertCount( count( $manifest->island_css( 'loading-indicator' ) ), self::links( $visible, 'stylesheet' ) );

		// The same island type rendered later with an early strategy is preloaded then.
		$load = self::notice( array( 'hydrate' => 'load' ) );
		$this->assertCount( count( $manifest->island_js( 'store-notice' ) ), self::links( $load, 'modulepreload' ) );
		$this->assertStringContainsString( 'data-hydrate="load"', $load );
	}

	public function test_shop_islands_print_echoes_the_same_html(): void {
		$returned = self::notice();
		Shop_Islands_Plugin::instance()->reset();
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		ob_start();
		shop_islands_print(
			'store-notice',
			array(
				'noticeId' => md5( 'Free delivery' ),
				'message'  => 'Free delivery',
			),
			'<p class="woocommerce-store-notice demo_store">Free delivery</p>',
			array( 'hydrate' => 'idle' )
		);
		$this->assertSame( $returned, ob_get_clean() );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_shop_islands_enqueue_loads_the_loader_and_settings_without_a_container(): void {
		$this->assertTrue( shop_islands_enqueue() );
		$this->assertTrue( shop_islands_enqueue(), 'idempotent' );
		$footer = $this->footer();
		$this->assertCount( 1, self::loader_tags( $footer ) );
		$this->assertSame( 1, substr_count( $footer, 'id="shop-islands-settings"' ) );
	}

	public function test_an_island_rendered_after_the_footer_scripts_brings_the_loader_and_settings(): void {
		$footer = $this->footer();
		$this->assertSame( array(), self::loader_tags( $footer ) );

		// A popup plugin printing at wp_footer priority 100.
		$late = self::notice();
		$this->assertCount( 1, self::loader_tags( $late ) );
		$this->assertStringStartsWith( '<script type="module" ', self::loader_tags( $late )[0] );
		$this->assertSame( 1, substr_count( $late, 'id="shop-islands-settings"' ) );
		$this->assertLessThan( strpos( $late, '<div data-island=' ), strpos( $late, 'shop-islands-loader-js' ) );

		$later = self::notice();
		$this->assertSame( array(), self::loader_tags( $later ), 'only once' );
		$this->assertStringNotContainsString( 'shop-islands-settings', $later );
	}

	public function test_a_late_island_on_a_page_that_already_has_the_loader_adds_nothing_twice(): void {
		$body   = self::notice();
		$footer = $this->footer();
		$late   = shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '' );

		$this->assertCount( 1, self::loader_tags( $body . $footer . $late ) );
		$this->assertSame( 1, substr_count( $body . $footer . $late, 'shop-islands-settings' ) );
		$this->assertNotEmpty( self::links( $late, 'stylesheet' ) );
	}

	public function test_the_module_filter_leaves_other_scripts_alone(): void {
		$tag = "<script type='text/javascript' src='x.js' id='other-js'></script>\n";
		$this->assertSame( $tag, apply_filters( 'script_loader_tag', $tag, 'other', 'x.js' ) );

		// Themes without html5 `script` support get type='text/javascript' from WordPress 6.1: replaced, not doubled.
		$loader = "<script type='text/javascript' id='shop-islands-loader-js-before'>\nvar a;\n</script>\n"
			. "<script type='text/javascript' src='https://x.test/loader.js' id='shop-islands-loader-js'></script>\n";
		$this->assertSame(
			"<script type='text/javascript' id='shop-islands-loader-js-before'>\nvar a;\n</script>\n"
			. "<script type=\"module\" src='https://x.test/loader.js' id='shop-islands-loader-js'></script>\n",
			apply_filters( 'script_loader_tag', $loader, Shop_Islands_Assets::HANDLE, 'https://x.test/loader.js' )
		);

		// WordPress 6.3+ prints double quotes.
		$this->assertSame(
			'<script type="module" src="https://x.test/loader.js" id="shop-islands-loader-js"></script>',
			apply_filters( 'script_loader_tag', '<script src="https://x.test/loader.js" id="shop-islands-loader-js"></script>', Shop_Islands_Assets::HANDLE, 'https://x.test/loader.js' )
		);
	}
}

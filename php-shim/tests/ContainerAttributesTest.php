<?php
/**
 * `data-island-src` and `data-hydrate` on every container: the chunk from the manifest, the strategy
 * asked for or the widget's default from `islands.json`.
 *
 * @package ShopIslands
 */

/**
 * The loader holds no list of widgets: it imports what the container names (only under its own
 * folder), when the container's strategy says.
 */
class ContainerAttributesTest extends Shop_Islands_Test_Case {

	/** The build's `islands.json`, decoded. */
	private static function real_defaults(): array {
		$data = json_decode( (string) file_get_contents( Shop_Islands_Plugin::instance()->dist_dir() . 'islands.json' ), true );
		self::assertIsArray( $data, 'The plugin has no dist/islands.json: build and install it first.' );
		return $data;
	}

	public function test_every_island_of_the_build_gets_its_chunk_url_under_the_dist_url(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$base     = plugins_url( 'dist/', SHOP_ISLANDS_FILE );
		$islands  = $manifest->islands();
		$this->assertContains( 'store-notice', $islands );

		foreach ( $islands as $island ) {
			$html = shop_islands_render( $island, array(), '<p>F</p>' );
			$tags = self::container_tags( $html );
			$this->assertCount( 1, $tags, $island );
			$this->assertSame( 1, preg_match( '# data-island-src="([^"]*)"#', $tags[0], $m ), "$island: one data-island-src" );
			$this->assertSame( self::real_src( $island ), $m[1], $island );
			$this->assertStringStartsWith( $base . 'assets/', $m[1], "$island: under the plugin's dist/assets/" );
			$this->assertFileExists( Shop_Islands_Plugin::instance()->dist_dir() . substr( $m[1], strlen( $base ) ) );
			$this->assertMatchesRegularExpression( '#^<(div|span) data-island="' . $island . '" data-island-src="[^"]+" data-hydrate="[a-z]+">$#', $tags[0], "$island: attribute order as demo/html.ts" );
		}
		$this->assertSame( array(), $this->doing_it_wrong );
	}

	public function test_each_widget_mounts_by_its_default_from_islands_json_unless_the_page_asks(): void {
		$defaults = self::real_defaults();
		$this->assertSame( 'visible', $defaults['product-gallery']['hydrate'] ?? null, 'the build has a widget that mounts when visible' );
		$this->assertSame( 'interaction', $defaults['wishlist-button']['hydrate'] ?? null, 'and one that mounts on interaction' );

		foreach ( $defaults as $island => $entry ) {
			$tags = self::container_tags( shop_islands_render( $island, array(), '' ) );
			$this->assertStringContainsString( ' data-hydrate="' . $entry['hydrate'] . '"', $tags[0], "$island: its default" );
		}

		// The strategy asked for wins, the default's own or another.
		foreach ( Shop_Islands_Renderer::STRATEGIES as $strategy ) {
			$tags = self::container_tags( shop_islands_render( 'wishlist-button', array(), '', array( 'hydrate' => $strategy ) ) );
			$this->assertSame( '<div data-island="wishlist-button" data-island-src="' . self::real_src( 'wishlist-button' ) . '" data-hydrate="' . $strategy . '">', $tags[0] );
		}
		$this->assertSame( array(), $this->doing_it_wrong );
	}

	public function test_defaults_from_a_build_s_islands_json(): void {
		$dir  = $this->use_temp_build(
			array( 'store-notice', 'wishlist-button', 'loading-indicator', 'coming-soon-banner', 'size-guide' ),
			(string) wp_json_encode(
				array(
					'store-notice'       => array( 'hydrate' => 'load' ),
					'wishlist-button'    => array( 'hydrate' => 'interaction' ),
					'coming-soon-banner' => array( 'hydrate' => 'visible' ),
					'loading-indicator'  => array( 'hydrate' => 'idle' ),
					// size-guide: not listed.
				)
			)
		);
		$base = plugins_url( 'dist/', SHOP_ISLANDS_FILE );
		$page = '';
		foreach ( array( 'store-notice', 'wishlist-button', 'coming-soon-banner', 'loading-indicator', 'size-guide' ) as $island ) {
			$page .= shop_islands_render( $island, array(), '' );
		}
		$this->assertSame(
			array(
				'<div data-island="store-notice" data-island-src="' . $base . 'assets/store-notice-t1.js" data-hydrate="load">',
				'<div data-island="wishlist-button" data-island-src="' . $base . 'assets/wishlist-button-t1.js" data-hydrate="interaction">',
				'<div data-island="coming-soon-banner" data-island-src="' . $base . 'assets/coming-soon-banner-t1.js" data-hydrate="visible">',
				'<div data-island="loading-indicator" data-island-src="' . $base . 'assets/loading-indicator-t1.js" data-hydrate="idle">',
				'<div data-island="size-guide" data-island-src="' . $base . 'assets/size-guide-t1.js" data-hydrate="idle">',
			),
			self::container_tags( $page )
		);

		// Only the islands that mount early are preloaded (each file once); all get their stylesheet.
		$this->assertSame(
			array( $base . 'assets/store-notice-t1.js', $base . 'assets/react-t1.js', $base . 'assets/loading-indicator-t1.js', $base . 'assets/size-guide-t1.js' ),
			self::links( $page, 'modulepreload' )
		);
		$this->assertCount( 5, self::links( $page, 'stylesheet' ) );
		$this->assertSame( trailingslashit( $dir ), Shop_Islands_Plugin::instance()->dist_dir() );
	}

	/**
	 * A broken, missing or hostile islands.json: each a function that writes it into the dist folder.
	 *
	 * @return array<string, array{0: callable}>
	 */
	public function unusable_islands_json(): array {
		$write = static fn( string $text ): callable => static function ( string $dir ) use ( $text ): void {
			file_put_contents( $dir . 'islands.json', $text );
		};
		return array(
			'missing'                  => array( static function ( string $dir ): void {} ),
			'empty file'               => array( $write( '' ) ),
			'invalid JSON'             => array( $write( '{"store-notice": {"hydrate": "visible"' ) ),
			'not UTF-8'                => array( $write( "{\"store-notice\": {\"hydrate\": \"visible\xff\"}}" ) ),
			'a list'                   => array( $write( '[{"hydrate": "visible"}]' ) ),
			'a string'                 => array( $write( '"visible"' ) ),
			'null'                     => array( $write( 'null' ) ),
			'strategy not an object'   => array( $write( '{"store-notice": "visible"}' ) ),
			'strategy a list'          => array( $write( '{"store-notice": {"hydrate": ["visible"]}}' ) ),
			'unknown strategy'         => array( $write( '{"store-notice": {"hydrate": "eager"}}' ) ),
			'wrong case'               => array( $write( '{"store-notice": {"hydrate": "VISIBLE"}}' ) ),
			'padded'                   => array( $write( '{"store-notice": {"hydrate": " visible"}}' ) ),
			'attribute injection'      => array( $write( '{"store-notice": {"hydrate": "\" onload=\"x"}}' ) ),
			'markup injection'         => array( $write( '{"store-notice": {"hydrate": "idle\"><script>alert(1)</script>"}}' ) ),
			'islands.json a directory' => array(
				static function ( string $dir ): void {
					mkdir( $dir . 'islands.json' );
				},
			),
		);
	}

	/**
	 * @dataProvider unusable_islands_json
	 *
	 * @param callable $prepare Writes (or not) the dist folder's islands.json.
	 */
	public function test_an_unusable_islands_json_gives_idle_and_nothing_unescaped( callable $prepare ): void {
		$dir = $this->use_temp_build( array( 'store-notice' ), null );
		$prepare( $dir );

		$html = shop_islands_render( 'store-notice', array( 'message' => 'm' ), '<p>F</p>' );
		$this->assertSame(
			'<link rel="stylesheet" href="' . plugins_url( 'dist/assets/store-notice-t1.css', SHOP_ISLANDS_FILE ) . '">'
				. '<link rel="modulepreload" href="' . plugins_url( 'dist/assets/store-notice-t1.js', SHOP_ISLANDS_FILE ) . '">'
				. '<link rel="modulepreload" href="' . plugins_url( 'dist/assets/react-t1.js', SHOP_ISLANDS_FILE ) . '">'
				. '<div data-island="store-notice" data-island-src="' . plugins_url( 'dist/assets/store-notice-t1.js', SHOP_ISLANDS_FILE ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{"message":"m"}</script><p>F</p></div>',
			$html,
			'idle: preloaded, and no attribute but the plugin\'s'
		);
		$this->assertSame( 'idle', Shop_Islands_Plugin::instance()->manifest()->default_strategy( 'store-notice' ) );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ), 'the build itself is fine' );
		$this->assertSame( array(), $this->doing_it_wrong );
	}

	public function test_an_explicit_strategy_wins_over_a_default_and_the_preload_follows_it(): void {
		$this->use_temp_build( array( 'wishlist-button', 'store-notice' ), '{"wishlist-button": {"hydrate": "interaction"}, "store-notice": {"hydrate": "visible"}}' );
		$base = plugins_url( 'dist/', SHOP_ISLANDS_FILE );

		$late = shop_islands_render( 'wishlist-button', array(), '' );
		$this->assertSame( array(), self::links( $late, 'modulepreload' ), 'interaction by default: not preloaded' );
		$this->assertSame( array( $base . 'assets/wishlist-button-t1.css' ), self::links( $late, 'stylesheet' ), 'but its stylesheet is linked' );

		$asked = shop_islands_render( 'wishlist-button', array(), '', array( 'hydrate' => 'load' ) );
		$this->assertStringContainsString( 'data-hydrate="load"', $asked );
		$this->assertSame( array( $base . 'assets/wishlist-button-t1.js', $base . 'assets/react-t1.js' ), self::links( $asked, 'modulepreload' ), 'asked to load: preloaded then' );

		$idle = shop_islands_render( 'store-notice', array(), '', array( 'hydrate' => 'idle' ) );
		$this->assertStringContainsString( 'data-hydrate="idle"', $idle );
		$this->assertSame( array( $base . 'assets/store-notice-t1.js' ), self::links( $idle, 'modulepreload' ), 'the shared chunk was preloaded already' );
	}

	public function test_no_preload_for_a_widget_whose_default_is_visible(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$this->assertSame( 'visible', $manifest->default_strategy( 'product-gallery' ) );
		$this->assertNotEmpty( $manifest->island_js( 'product-gallery' ) );

		$html = shop_islands_render( 'product-gallery', array(), '<div class="woocommerce-product-gallery"></div>' );
		$this->assertStringContainsString( 'data-hydrate="visible"', $html );
		$this->assertSame( array(), self::links( $html, 'modulepreload' ) );

		$early = shop_islands_render( 'store-notice', array(), '' );
		$this->assertStringContainsString( 'data-hydrate="idle"', $early );
		$this->assertContains( self::real_src( 'store-notice' ), self::links( $early, 'modulepreload' ), 'idle by default: preloaded' );
	}

	public function test_an_island_the_build_lacks_gets_no_chunk_url(): void {
		$this->use_temp_build( array( 'store-notice' ), '{"store-notice": {"hydrate": "idle"}, "size-guide": {"hydrate": "interaction"}}' );

		$html = shop_islands_render( 'size-guide', array(), '<p>F</p>', array( 'attributes' => array( 'data-island-src' => 'https://evil.example/x.js' ) ) );
		$this->assertSame( '<div data-island="size-guide" data-hydrate="interaction"><script type="application/json" data-island-props>{}</script><p>F</p></div>', $html, 'a theme cannot supply one either' );
		$this->assertStringNotContainsString( 'evil.example', $html );
		$this->assertContains( 'shop_islands_render', $this->doing_it_wrong_functions(), 'the reserved attribute is reported' );
		if ( WP_DEBUG ) {
			$this->assertStringContainsString( 'widgets/size-guide/island.tsx', implode( "\n", array_column( $this->doing_it_wrong, 1 ) ) );
		}
	}

	public function test_a_theme_cannot_override_the_chunk_url_or_the_strategy(): void {
		$html = shop_islands_render(
			'store-notice',
			array(),
			'',
			array(
				'hydrate'    => 'interaction',
				'attributes' => array(
					'data-island-src' => 'https://evil.example/x.js',
					'Data-Island-Src' => '/wp-content/uploads/x.js',
					'data-hydrate'    => 'load',
					'class'           => 'n',
				),
			)
		);
		$this->assertSame(
			array( '<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="interaction" class="n">' ),
			self::container_tags( $html )
		);
		$this->assertCount( 3, $this->doing_it_wrong );
	}
}

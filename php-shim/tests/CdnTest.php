<?php
/**
 * Serving the build from a CDN.
 *
 * @package ShopIslands
 */

/**
 * `shop_islands_dist_url` moves every URL the plugin prints: loader, module preloads, stylesheets,
 * and the containers' chunk URLs (`data-island-src`, which the loader accepts only under its own
 * folder, so they must move with it).
 */
class CdnTest extends Shop_Islands_Test_Case {

	/**
	 * The `data-island-src` of every container, in order.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	private static function island_srcs( string $html ): array {
		preg_match_all( '#<(?:div|span) data-island="[^"]*" data-island-src="([^"]*)"#', $html, $m );
		return array_map( 'html_entity_decode', $m[1] );
	}

	/**
	 * Every URL in the page that points into a build folder.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	private static function build_urls( string $html ): array {
		preg_match_all( '#\b(?:href|src)=(["\'])([^"\']*/assets/[^"\']*)\1#', $html, $m );
		return array_map( 'html_entity_decode', $m[2] );
	}

	/** A page with early and late islands, with and without stylesheets. */
	private function page(): string {
		$body  = shop_islands_render( 'store-notice', array( 'message' => 'm' ), 'F', array( 'hydrate' => 'idle' ) );
		$body .= shop_islands_render( 'loading-indicator', array( 'label' => 'Loading' ), '', array( 'hydrate' => 'load' ) );
		$body .= shop_islands_render( 'password-toggle', array(), '', array( 'hydrate' => 'interaction', 'tag' => 'span' ) );
		return $body . $this->footer();
	}

	public function test_without_the_filter_urls_are_under_the_plugin(): void {
		$base = plugins_url( 'dist/', SHOP_ISLANDS_FILE );
		$this->assertSame( $base, Shop_Islands_Plugin::instance()->dist_url() );
		$urls = self::build_urls( $this->page() );
		$this->assertNotEmpty( $urls );
		foreach ( $urls as $url ) {
			$this->assertStringStartsWith( $base . 'assets/', $url );
		}
		$this->assertSame(
			array( self::real_src( 'store-notice' ), self::real_src( 'loading-indicator' ), self::real_src( 'password-toggle' ) ),
			self::island_srcs( $this->page() )
		);
	}

	/**
	 * @dataProvider cdn_bases
	 *
	 * @param string $filtered What the filter returns.
	 * @param string $base     The base every URL must start with.
	 */
	public function test_the_filter_moves_every_url( string $filtered, string $base ): void {
		$this->add_hook( 'shop_islands_dist_url', static fn() => $filtered );
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$page     = $this->page();
		$urls     = self::build_urls( $page );

		$this->assertContains( $base . $manifest->loader_file(), $urls, 'the loader' );
		$this->assertContains( $base . $manifest->island_js( 'store-notice' )[0], self::links( $page, 'modulepreload' ), 'a preload' );
		$this->assertContains( $base . $manifest->island_css( 'loading-indicator' )[0], self::links( $page, 'stylesheet' ), 'a stylesheet' );
		$this->assertSame(
			array(
				$base . $manifest->island_file( 'store-notice' ),
				$base . $manifest->island_file( 'loading-indicator' ),
				$base . $manifest->island_file( 'password-toggle' ),
			),
			self::island_srcs( $page ),
			'each container\'s chunk, under the loader\'s folder'
		);
		$this->assertStringStartsWith( $base . 'assets/', self::island_srcs( $page )[0] );
		$this->assertSame( self::real_manifest()['widgets/store-notice/island.tsx']['file'], $manifest->island_file( 'store-notice' ) );
		foreach ( $urls as $url ) {
			$this->assertStringStartsWith( $base, $url );
		}
		$this->assertStringNotContainsString( plugins_url( 'dist/', SHOP_ISLANDS_FILE ), $page );
		$this->assertCount(
			count( array_unique( array_merge( $manifest->island_js( 'store-notice' ), $manifest->island_js( 'loading-indicator' ) ) ) )
				+ count( array_unique( array_merge( $manifest->island_css( 'loading-indicator' ), $manifest->island_css( 'password-toggle' ) ) ) )
				+ 1 + 3,
			$urls,
			'loader + preloads + stylesheets, each once, + one chunk URL per container'
		);
	}

	public function cdn_bases(): array {
		return array(
			'with a trailing slash'    => array( 'https://cdn.example.test/shop-islands/0.1.0/', 'https://cdn.example.test/shop-islands/0.1.0/' ),
			'without a trailing slash' => array( 'https://cdn.example.test/si', 'https://cdn.example.test/si/' ),
		);
	}
}

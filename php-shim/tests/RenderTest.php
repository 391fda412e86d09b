<?php
/**
 * shop_islands_render(): arguments, filters, action, mistakes.
 *
 * @package ShopIslands
 */

/**
 * What themes get from the template function.
 */
class RenderTest extends Shop_Islands_Test_Case {

	/** The container of an HTML fragment (links stripped). */
	private static function container( string $html ): string {
		return (string) preg_replace( '#^(<link [^>]*>)+#', '', $html );
	}

	public function test_strategies_and_tags(): void {
		$src = self::real_src( 'store-notice' );
		foreach ( Shop_Islands_Renderer::STRATEGIES as $strategy ) {
			$html = self::container( shop_islands_render( 'store-notice', array( 'a' => 1 ), 'F', array( 'hydrate' => $strategy ) ) );
			$this->assertSame( '<div data-island="store-notice" data-island-src="' . $src . '" data-hydrate="' . $strategy . '"><script type="application/json" data-island-props>{"a":1}</script>F</div>', $html );
		}
		$this->assertSame(
			'<span data-island="password-toggle" data-island-src="' . self::real_src( 'password-toggle' ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{"id":"p"}</script><span class="password-input"></span></span>',
			self::container( shop_islands_render( 'password-toggle', array( 'id' => 'p' ), '<span class="password-input"></span>', array( 'tag' => 'span' ) ) )
		);
		$this->assertSame( array(), $this->doing_it_wrong );
	}

	public function test_an_invalid_strategy_gives_the_widget_default_with_a_notice(): void {
		$html = self::container( shop_islands_render( 'store-notice', array(), 'F', array( 'hydrate' => 'eager' ) ) );
		$this->assertSame( '<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{}</script>F</div>', $html );
		$this->assertSame( array( 'shop_islands_render' ), $this->doing_it_wrong_functions() );
		$this->assertStringContainsString( 'eager', $this->doing_it_wrong[0][1] );

		shop_islands_render( 'store-notice', array(), 'F', array( 'hydrate' => array( 'load' ) ) );
		$this->assertCount( 2, $this->doing_it_wrong, 'a non-string strategy too' );

		$html = shop_islands_render( 'product-gallery', array(), 'F', array( 'hydrate' => '" onload="x' ) );
		$this->assertSame( array( 'data-hydrate="visible"' ), preg_match_all( '#data-hydrate="[^"]*"#', $html, $m ) ? $m[0] : array(), 'the widget\'s own default (product-gallery: visible)' );
		$this->assertStringNotContainsString( 'onload', $html );
		$this->assertCount( 3, $this->doing_it_wrong );
	}

	public function test_an_invalid_tag_falls_back_to_div(): void {
		$html = self::container( shop_islands_render( 'store-notice', array(), 'F', array( 'tag' => 'script' ) ) );
		$this->assertStringStartsWith( '<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="idle">', $html );
		$this->assertCount( 1, $this->doing_it_wrong );
	}

	/**
	 * @dataProvider invalid_names
	 *
	 * @param string $name An invalid island name.
	 */
	public function test_an_invalid_name_prints_only_the_fallback( string $name ): void {
		$this->assertSame( '<p>fallback</p>', shop_islands_render( $name, array( 'x' => 1 ), '<p>fallback</p>' ) );
		$this->assertSame( array( 'shop_islands_render' ), $this->doing_it_wrong_functions() );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		$this->assertStringNotContainsString( 'shop-islands-settings', $this->footer() );
	}

	public function invalid_names(): array {
		return array(
			'empty'      => array( '' ),
			'upper case' => array( 'Store-Notice' ),
			'quote'      => array( 'a"b' ),
			'path'       => array( '../store-notice' ),
			'space'      => array( 'store notice' ),
			'underscore' => array( 'store_notice' ),
			'newline'    => array( "store-notice\n" ),
		);
	}

	public function test_an_island_the_build_does_not_have_still_prints_its_container(): void {
		$html = shop_islands_render( 'not-built-yet', array( 'x' => 1 ), '<p>F</p>' );
		$this->assertSame( '<div data-island="not-built-yet" data-hydrate="idle"><script type="application/json" data-island-props>{"x":1}</script><p>F</p></div>', $html, 'no links, no chunk URL: the build has no files for it' );
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ), 'the loader reports the missing island in the console' );
		if ( WP_DEBUG ) {
			$this->assertSame( array( 'shop_islands_render' ), $this->doing_it_wrong_functions() );
			$this->assertStringContainsString( 'widgets/not-built-yet/island.tsx', $this->doing_it_wrong[0][1] );
		} else {
			$this->assertSame( array(), $this->doing_it_wrong );
		}
	}

	public function test_props_filters_and_the_after_render_action(): void {
		$calls = array();
		$this->add_hook(
			'shop_islands_props',
			function ( $props, $island, $args ) use ( &$calls ) {
				$calls[]          = array( 'all', $island, $args );
				$props['general'] = true;
				return $props;
			},
			10,
			3
		);
		$this->add_hook(
			'shop_islands_props_store-notice',
			function ( $props, $args ) use ( &$calls ) {
				$calls[]           = array( 'one', $props, $args );
				$props['specific'] = 'yes';
				return $props;
			},
			10,
			2
		);
		$this->add_hook(
			'shop_islands_after_render',
			function ( $island, $props, $html ) use ( &$calls ) {
				$calls[] = array( 'after', $island, $props, $html );
			},
			10,
			3
		);

		$args = array( 'hydrate' => 'idle' );
		$html = shop_islands_render( 'store-notice', array( 'message' => 'm' ), 'F', $args );
		$this->assertSame( array( 'message' => 'm', 'general' => true, 'specific' => 'yes' ), json_decode( self::props_json( $html )[0], true ) );

		$this->assertSame( array( 'all', 'store-notice', $args ), $calls[0] );
		$this->assertSame( array( 'one', array( 'message' => 'm', 'general' => true ), $args ), $calls[1] );
		$this->assertSame( array( 'after', 'store-notice', array( 'message' => 'm', 'general' => true, 'specific' => 'yes' ), $html ), $calls[2] );

		shop_islands_render( 'loading-indicator', array(), '' );
		$this->assertCount( 5, $calls, 'the island-specific filter runs for its island only' );
	}

	public function test_props_that_cannot_be_encoded_print_the_fallback_only(): void {
		$this->assertSame( 'F', shop_islands_render( 'store-notice', array( 'x' => NAN ), 'F' ) );
		$this->assertSame( array( 'shop_islands_render' ), $this->doing_it_wrong_functions() );
	}

	public function test_feeds_get_the_fallback_only(): void {
		global $wp_query;
		$was              = $wp_query->is_feed;
		$wp_query->is_feed = true;
		try {
			$this->assertSame( 'F', shop_islands_render( 'store-notice', array(), 'F' ) );
		} finally {
			$wp_query->is_feed = $was;
		}
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}
}

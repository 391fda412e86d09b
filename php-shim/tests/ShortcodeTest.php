<?php
/**
 * The [shop_island] shortcode.
 *
 * @package ShopIslands
 */

/**
 * `[shop_island name="…" hydrate="…" tag="…" props='{…}' prop-x-y="…"]fallback[/shop_island]`.
 */
class ShortcodeTest extends Shop_Islands_Test_Case {

	/** The container (links before it removed). */
	private static function container( string $html ): string {
		return (string) preg_replace( '#^(<link [^>]*>)+#', '', $html );
	}

	/** The props of the only container in $html. */
	private function props( string $html ): array {
		$json = self::props_json( $html );
		$this->assertCount( 1, $json );
		return json_decode( $json[0], true );
	}

	public function test_is_registered(): void {
		$this->assertTrue( shortcode_exists( 'shop_island' ) );
	}

	public function test_props_from_json(): void {
		$html = do_shortcode( '[shop_island name="store-notice" hydrate="idle" props=\'{"noticeId":"abc","message":"Free delivery on orders over €50","count":2,"flag":true,"empty":{}}\']<p>Free delivery</p>[/shop_island]' );
		$this->assertSame(
			'<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{"noticeId":"abc","message":"Free delivery on orders over €50","count":2,"flag":true,"empty":{}}</script><p>Free delivery</p></div>',
			self::container( $html ),
			'types kept; a nested empty object stays an object'
		);
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_props_from_prop_attributes(): void {
		$html = do_shortcode( '[shop_island name="store-notice" prop-notice-id="abc" prop-message="Hello &amp; welcome" prop-dismiss-label=\'Dismiss\' prop-x="1"]F[/shop_island]' );
		$this->assertSame(
			array(
				'noticeId'     => 'abc',
				'message'      => 'Hello &amp; welcome',
				'dismissLabel' => 'Dismiss',
				'x'            => '1',
			),
			$this->props( $html ),
			'kebab-case to camelCase; values are strings'
		);
	}

	public function test_prop_attributes_override_the_json(): void {
		$html = do_shortcode( '[shop_island name="store-notice" props=\'{"noticeId":"from-json","message":"json"}\' prop-notice-id="from-attribute"]F[/shop_island]' );
		$this->assertSame(
			array(
				'noticeId' => 'from-attribute',
				'message'  => 'json',
			),
			$this->props( $html )
		);
	}

	public function test_props_with_entity_encoded_quotes(): void {
		$html = do_shortcode( '[shop_island name="store-notice" props="{&quot;noticeId&quot;:&quot;abc&quot;}"]F[/shop_island]' );
		$this->assertSame( array( 'noticeId' => 'abc' ), $this->props( $html ) );
	}

	/**
	 * @dataProvider invalid_props
	 *
	 * @param string $props The props attribute.
	 */
	public function test_invalid_props_print_a_comment_and_the_fallback( string $props ): void {
		$html = do_shortcode( "[shop_island name=\"store-notice\" props='$props']<p>fallback</p>[/shop_island]" );
		$this->assertSame( '<!-- shop_island: the props attribute is not a JSON object; only the fallback is shown. --><p>fallback</p>', $html );
		$this->assertSame( array( 'shop_island' ), $this->doing_it_wrong_functions() );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function invalid_props(): array {
		return array(
			'syntax error'  => array( '{"noticeId":' ),
			'not quoted'    => array( '{noticeId: 1}' ),
			'a string'      => array( '"text"' ),
			'a number'      => array( '42' ),
			'single quotes' => array( "{\"a\":\"b\"} trailing" ),
		);
	}

	public function test_an_empty_props_attribute_is_no_props(): void {
		$this->assertSame( array(), $this->props( do_shortcode( '[shop_island name="store-notice" props=""]F[/shop_island]' ) ) );
		$this->assertSame( array(), $this->doing_it_wrong );
	}

	public function test_the_enclosed_content_is_the_fallback_with_shortcodes_expanded(): void {
		add_shortcode(
			'si_test_inner',
			static function ( $atts ) {
				return '<strong>' . esc_html( $atts['text'] ?? '' ) . '</strong>';
			}
		);
		try {
			$html = do_shortcode( '[shop_island name="store-notice"]<p>Before [si_test_inner text="inner"] after</p>[/shop_island]' );
		} finally {
			remove_shortcode( 'si_test_inner' );
		}
		$this->assertStringEndsWith( '</script><p>Before <strong>inner</strong> after</p></div>', $html );
	}

	public function test_self_closing_has_an_empty_fallback(): void {
		$this->assertSame(
			'<div data-island="loading-indicator" data-island-src="' . self::real_src( 'loading-indicator' ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{"label":"Loading"}</script></div>',
			self::container( do_shortcode( '[shop_island name="loading-indicator" hydrate="idle" prop-label="Loading" /]' ) )
		);
	}

	public function test_hydrate_tag_class_and_id(): void {
		$html = do_shortcode( '[shop_island name="password-toggle" hydrate="interaction" tag="span" class="pw &quot;x&quot;" id="pw-1"]<span class="password-input"></span>[/shop_island]' );
		$this->assertSame(
			'<span data-island="password-toggle" data-island-src="' . self::real_src( 'password-toggle' ) . '" data-hydrate="interaction" id="pw-1" class="pw &quot;x&quot;"><script type="application/json" data-island-props>{}</script><span class="password-input"></span></span>',
			self::container( $html )
		);
	}

	public function test_invalid_hydrate_gives_the_widget_default(): void {
		$html = do_shortcode( '[shop_island name="store-notice" hydrate="never"]F[/shop_island]' );
		$this->assertStringStartsWith( '<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="idle"><script', self::container( $html ) );
		$this->assertSame( array( 'shop_islands_render' ), $this->doing_it_wrong_functions() );
	}

	public function test_a_missing_or_invalid_name(): void {
		$this->assertSame( '<!-- shop_island: no name attribute; only the fallback is shown. -->F', do_shortcode( '[shop_island]F[/shop_island]' ) );
		$this->assertSame( array( 'shop_island' ), $this->doing_it_wrong_functions() );

		$this->assertSame( 'F', do_shortcode( '[shop_island name="<b>"]F[/shop_island]' ) );
		$this->assertSame( array( 'shop_island', 'shop_islands_render' ), $this->doing_it_wrong_functions() );
	}

	public function test_hostile_prop_attributes_are_escaped(): void {
		$html = do_shortcode( '[shop_island name="store-notice" prop-message="</script><script>alert(1)</script>"]F[/shop_island]' );
		$json = self::props_json( $html );
		$this->assertStringNotContainsStringIgnoringCase( '</script', $json[0] );
		$this->assertSame( array( 'message' => '</script><script>alert(1)</script>' ), json_decode( $json[0], true ) );
	}

	public function test_in_post_content(): void {
		$content = '<!-- wp:html -->[shop_island name="store-notice" hydrate="load" props=\'{"noticeId":"n","message":"M"}\']<p class="woocommerce-store-notice">M</p>[/shop_island]<!-- /wp:html -->';
		$html    = apply_filters( 'the_content', $content );
		$this->assertStringContainsString(
			'<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="load"><script type="application/json" data-island-props>{"noticeId":"n","message":"M"}</script><p class="woocommerce-store-notice">M</p></div>',
			$html
		);
	}
}

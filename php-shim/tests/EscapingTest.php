<?php
/**
 * Hostile props and attributes.
 *
 * @package ShopIslands
 */

/**
 * Props are JSON that no value can break out of; the container is byte for byte what the demo
 * store prints (demo/html.ts renderIsland + jsonForScript).
 */
class EscapingTest extends Shop_Islands_Test_Case {

	/** Strings that try to leave the script element or confuse a parser. */
	public function hostile_strings(): array {
		return array(
			'closing script'       => array( '</script><script>alert(1)</script>' ),
			'closing script upper' => array( '</SCRIPT ><img src=x onerror=alert(1)>' ),
			'quotes and amp'       => array( '" \' & &amp; &lt;' ),
			'comment open'         => array( '<!-- <script> -->' ),
			'cdata'                => array( ']]><![CDATA[' ),
			'unicode'              => array( "é 😀 \u{2028} \u{2029} \u{feff} \u{200b}" ),
			'control characters'   => array( "tab\tnewline\ncr\rnul\0bell\x07" ),
			'backslashes'          => array( '\\u003c/script\\u003e \\ \\\\ \\"' ),
			'slashes'              => array( '<\/script> // /*' ),
		);
	}

	/**
	 * @dataProvider hostile_strings
	 *
	 * @param string $hostile A hostile string.
	 */
	public function test_hostile_props_cannot_leave_the_script_element( string $hostile ): void {
		$props = array(
			'noticeId'     => $hostile,
			'message'      => $hostile,
			$hostile       => array( $hostile, array( 'deep' => $hostile ) ),
			'dismissLabel' => 'Dismiss',
		);
		$html = shop_islands_render( 'store-notice', $props, '<p>fallback</p>' );

		$json = self::props_json( $html );
		$this->assertCount( 1, $json );
		$this->assertStringNotContainsStringIgnoringCase( '</script', $json[0] );
		$this->assertStringNotContainsString( '<!--', $json[0] );
		$this->assertStringNotContainsString( '<', $json[0] );
		$this->assertStringNotContainsString( '>', $json[0] );
		$this->assertStringNotContainsString( '&', $json[0] );
		$this->assertStringNotContainsString( "\u{2028}", $json[0] );
		$this->assertStringNotContainsString( "\u{2029}", $json[0] );
		$this->assertSame( $props, json_decode( $json[0], true ), 'decodes back to the exact props' );

		// The element ends right where the plugin ended it: the fallback follows intact.
		$this->assertStringEndsWith( '</script><p>fallback</p></div>', $html );
		$this->assertSame( 1, substr_count( $html, '</script>' ) );
	}

	public function test_unicode_is_printed_as_text_and_line_terminators_escaped(): void {
		$html = shop_islands_render( 'store-notice', array( 'message' => "é😀\u{2028}\u{2029}/" ), '' );
		$this->assertSame( '{"message":"é😀\u2028\u2029/"}', self::props_json( $html )[0] );
	}

	public function test_the_container_is_byte_for_byte_what_the_demo_store_prints(): void {
		// Printed by demo/html.ts:
		// renderIsland('store-notice', props, '<p class="x">Fallback &amp; more</p>', { hydrate: 'idle', src: SRC, attrs: { class: 'notice "big"', id: 'n1' } })
		$src      = self::real_src( 'store-notice' );
		$expected = <<<'HTML'
<div data-island="store-notice" data-island-src="SRC" data-hydrate="idle" class="notice &quot;big&quot;" id="n1"><script type="application/json" data-island-props>{"noticeId":"abc","message":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \" ' \u0026 \u003c!-- é 😀 \u2028 \u2029 /","n":42,"ok":true,"list":[1,"two"],"nested":{"a":null}}</script><p class="x">Fallback &amp; more</p></div>
HTML;
		$expected = str_replace( 'SRC', $src, $expected );
		$props    = array(
			'noticeId' => 'abc',
			'message'  => "</script><script>alert(1)</script> \" ' & <!-- é 😀 \u{2028} \u{2029} /",
			'n'        => 42,
			'ok'       => true,
			'list'     => array( 1, 'two' ),
			'nested'   => array( 'a' => null ),
		);
		$this->assertSame(
			$expected,
			Shop_Islands_Renderer::container( 'store-notice', $props, '<p class="x">Fallback &amp; more</p>', 'idle', 'div', array( 'class' => 'notice "big"', 'id' => 'n1' ), $src )
		);

		// renderIsland('password-toggle', {}, '', { tag: 'span' })
		$this->assertSame(
			'<span data-island="password-toggle"><script type="application/json" data-island-props>{}</script></span>',
			Shop_Islands_Renderer::container( 'password-toggle', array(), '', null, 'span' )
		);

		// shop_islands_render() prints the same container (after its links).
		$html = shop_islands_render( 'store-notice', $props, '<p class="x">Fallback &amp; more</p>', array( 'hydrate' => 'idle', 'attributes' => array( 'class' => 'notice "big"', 'id' => 'n1' ) ) );
		$this->assertStringEndsWith( $expected, $html );
	}

	public function test_same_semantics_as_wp_json_encode_with_hex_flags(): void {
		$value = array(
			'a' => '<>&\'"/é😀' . "\u{2028}",
			'b' => array( 1.5, -0, true, null, array() ),
		);
		$ours  = Shop_Islands_Json::for_script( $value );
		$core  = wp_json_encode( $value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		$this->assertSame( strtolower( $core ), strtolower( $ours ), 'only the case of \u003C differs' );
		$this->assertSame( json_decode( $core, true ), json_decode( $ours, true ) );
		$this->assertSame( '{}', Shop_Islands_Json::for_script( array() ) );
		$this->assertFalse( Shop_Islands_Json::for_script( array( 'x' => INF ) ) );
	}

	public function test_attributes_are_escaped_and_reserved_ones_ignored(): void {
		$html = shop_islands_render(
			'store-notice',
			array(),
			'',
			array(
				'attributes' => array(
					'class'            => '"><script>alert(1)</script>',
					'title'            => "it's <b>",
					'data-island'      => 'other',
					'data-island-props' => 'x',
					'DATA-ISLAND'      => 'other',
					'data-hydrate'     => 'load',
					'onclick"x'        => 'bad name',
					'hidden'           => true,
					'aria-hidden'      => false,
					'data-count'       => 3,
					'data-null'        => null,
					'data-list'        => array( 'x' ),
				),
			)
		);
		$this->assertStringEndsWith(
			'<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '" data-hydrate="idle" class="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" title="it&#039;s &lt;b&gt;" hidden data-count="3"><script type="application/json" data-island-props>{}</script></div>',
			$html
		);
		$this->assertCount( 4, $this->doing_it_wrong, 'one notice per reserved attribute' );
	}

	public function test_a_hostile_dist_url_cannot_leave_the_chunk_url_attribute(): void {
		$this->add_hook( 'shop_islands_dist_url', static fn() => 'https://cdn.example.test/x" onload="alert(1)<b>/' );
		$html = shop_islands_render( 'store-notice', array(), '', array( 'hydrate' => 'interaction' ) );
		$tags = self::container_tags( $html );
		$this->assertCount( 1, $tags );
		$this->assertMatchesRegularExpression( '#^<div data-island="store-notice" data-island-src="https://cdn\.example\.test/[^"<>\s]+/assets/store-notice-[A-Za-z0-9_-]+\.js" data-hydrate="interaction">$#', $tags[0] );
		$this->assertStringNotContainsString( '" onload=', $html );
		$this->assertStringNotContainsString( '<b>', $html );
	}

	public function test_the_fallback_is_trusted_markup(): void {
		$fallback = '<form method="post"><input type="hidden" name="_wpnonce" value="abc"><button>Dismiss</button></form>';
		$html     = shop_islands_render( 'store-notice', array(), $fallback );
		$this->assertStringEndsWith( '</script>' . $fallback . '</div>', $html );
	}
}

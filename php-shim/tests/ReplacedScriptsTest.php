<?php
/**
 * WooCommerce's scripts that islands replace are dequeued where those islands are printed.
 *
 * @package ShopIslands
 */

/**
 * Stand-ins for WooCommerce's handles (Debian has no WooCommerce package), registered in the footer
 * as WooCommerce registers them.
 */
class ReplacedScriptsTest extends Shop_Islands_Test_Case {

	const HANDLES = array( 'wc-add-to-cart', 'wc-cart-fragments', 'wc-add-to-cart-variation', 'wc-single-product', 'flexslider', 'wc-cart' );

	protected function setUp(): void {
		parent::setUp();
		foreach ( self::HANDLES as $handle ) {
			wp_register_script( $handle, "https://example.test/$handle.js", array(), '9.9.5', true );
			wp_enqueue_script( $handle );
		}
	}

	private static function island( string $name ): string {
		return shop_islands_render( $name, array(), '<p>fallback</p>' );
	}

	private static function printed( string $footer ): array {
		return array_values(
			array_filter(
				self::HANDLES,
				static fn( string $handle ): bool => str_contains( $footer, "https://example.test/$handle.js" )
			)
		);
	}

	public function test_a_page_without_islands_keeps_every_script(): void {
		$this->assertSame( self::HANDLES, self::printed( $this->footer() ) );
	}

	public function test_the_scripts_of_the_islands_on_the_page_are_dequeued(): void {
		self::island( 'add-to-cart' );
		self::island( 'variation-form' );
		self::island( 'product-gallery' );
		$footer = $this->footer();

		$this->assertFalse( wp_script_is( 'wc-add-to-cart', 'enqueued' ) );
		$this->assertFalse( wp_script_is( 'wc-add-to-cart-variation', 'enqueued' ) );
		$this->assertFalse( wp_script_is( 'flexslider', 'enqueued' ) );
		// single-product.js also runs the tabs and the rating: kept until those islands are there too.
		$this->assertSame( array( 'wc-cart-fragments', 'wc-single-product', 'wc-cart' ), self::printed( $footer ) );
	}

	public function test_single_product_goes_once_gallery_tabs_and_reviews_are_all_islands(): void {
		self::island( 'product-gallery' );
		self::island( 'product-tabs' );
		self::island( 'product-reviews' );
		self::island( 'mini-cart' );
		$this->assertSame( array( 'wc-add-to-cart', 'wc-add-to-cart-variation', 'wc-cart' ), self::printed( $this->footer() ) );
	}

	public function test_a_script_another_one_needs_is_still_printed(): void {
		wp_register_script( 'other-plugin', 'https://example.test/other-plugin.js', array( 'wc-add-to-cart' ), '1', true );
		wp_enqueue_script( 'other-plugin' );
		self::island( 'add-to-cart' );
		$footer = $this->footer();
		$this->assertContains( 'wc-add-to-cart', self::printed( $footer ) );
		$this->assertStringContainsString( 'https://example.test/other-plugin.js', $footer );
	}

	public function test_the_filter_can_keep_them(): void {
		$this->add_hook( 'shop_islands_replaced_scripts', static fn() => array() );
		self::island( 'add-to-cart' );
		$this->assertSame( self::HANDLES, self::printed( $this->footer() ) );
	}

	public function test_a_broken_filter_keeps_them(): void {
		$this->add_hook(
			'shop_islands_replaced_scripts',
			static fn() => array(
				'wc-add-to-cart' => 'add-to-cart',
				3                => array( 'add-to-cart' ),
				'wc-cart'        => array(),
			)
		);
		self::island( 'add-to-cart' );
		$this->assertSame( self::HANDLES, self::printed( $this->footer() ) );
	}
}

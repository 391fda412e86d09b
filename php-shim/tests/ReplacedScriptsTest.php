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

	/**
	 * WooCommerce 9 registers its scripts for `<head>` (with `defer`); `woocommerce` is one the
	 * islands do not replace.
	 */
	private static function register_in_head(): void {
		foreach ( array_merge( self::HANDLES, array( 'woocommerce' ) ) as $handle ) {
			wp_deregister_script( $handle );
			wp_register_script( $handle, "https://example.test/$handle.js", array(), '9.9.5', false );
			wp_enqueue_script( $handle );
		}
	}

	/** What `wp_head` prints of the scripts, after `wp_enqueue_scripts` ran. */
	private function head(): string {
		do_action( 'wp_enqueue_scripts' );
		ob_start();
		wp_print_head_scripts();
		return (string) ob_get_clean();
	}

	public function test_scripts_woocommerce_9_puts_in_head_wait_for_the_footer_and_are_left_out_there(): void {
		self::register_in_head();
		$head = $this->head();
		// wc-cart (the cart page's script) is not replaced by an island: it stays in <head>.
		$this->assertSame( array( 'wc-cart' ), self::printed( $head ), 'no replaced script is printed in <head>' );
		$this->assertStringContainsString( 'https://example.test/woocommerce.js', $head );

		self::island( 'add-to-cart' );
		self::island( 'product-gallery' );
		$this->assertSame( array( 'wc-cart-fragments', 'wc-add-to-cart-variation', 'wc-single-product' ), self::printed( $this->footer() ) );
	}

	public function test_a_page_without_islands_still_gets_them_in_the_footer(): void {
		self::register_in_head();
		$this->assertSame( array( 'wc-cart' ), self::printed( $this->head() ) );
		$this->assertSame( array_values( array_diff( self::HANDLES, array( 'wc-cart' ) ) ), self::printed( $this->footer() ) );
	}

	public function test_a_head_script_that_needs_one_keeps_it_in_head(): void {
		self::register_in_head();
		wp_register_script( 'other-plugin', 'https://example.test/other-plugin.js', array( 'wc-add-to-cart' ), '1', false );
		wp_enqueue_script( 'other-plugin' );
		$head = $this->head();
		$this->assertSame( array( 'wc-add-to-cart', 'wc-cart' ), self::printed( $head ) );
		$this->assertStringContainsString( 'https://example.test/other-plugin.js', $head );
		self::island( 'add-to-cart' );
		$this->assertNotContains( 'wc-add-to-cart', self::printed( $this->footer() ), 'printed once, in <head>' );
	}
}

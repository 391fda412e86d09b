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

	protected function tearDown(): void {
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		parent::tearDown();
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
		// add-to-cart.js goes too: no listing button is left to it, and the mini-cart runs the removals.
		$this->assertSame( array( 'wc-add-to-cart-variation', 'wc-cart' ), self::printed( $this->footer() ) );
	}

	public function test_add_to_cart_goes_with_the_mini_cart_when_no_button_is_left_to_it(): void {
		self::island( 'mini-cart' );
		self::island( 'variation-form' );
		$this->assertSame( array( 'wc-single-product', 'flexslider', 'wc-cart' ), self::printed( $this->footer() ) );
	}

	public function test_add_to_cart_stays_with_the_mini_cart_when_a_button_is_left_to_it(): void {
		self::island( 'mini-cart' );
		Shop_Islands_Plugin::instance()->assets->left_to_woocommerce( 'add-to-cart' );
		$this->assertSame( array( 'wc-add-to-cart', 'wc-add-to-cart-variation', 'wc-single-product', 'flexslider', 'wc-cart' ), self::printed( $this->footer() ) );
	}

	public function test_a_listing_button_the_integration_may_not_wrap_keeps_add_to_cart_beside_the_mini_cart(): void {
		$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'add-to-cart' === $island ? false : $on, 10, 2 );
		self::island( 'mini-cart' );
		$button = '<a href="?add-to-cart=7" class="button add_to_cart_button ajax_add_to_cart" data-product_id="7">Add to cart</a>';
		$html   = apply_filters( 'woocommerce_loop_add_to_cart_link', $button, null, array( 'class' => 'button add_to_cart_button ajax_add_to_cart' ) );
		$this->assertSame( $button, $html );
		$this->assertContains( 'wc-add-to-cart', self::printed( $this->footer() ) );
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

	/**
	 * Every handle the islands replace, registered for `<head>` with `$strategy` ('' for none, as a
	 * blocking `<head>` script), as WooCommerce 9 (`defer`) or another plugin (`async`) would.
	 *
	 * @param string $strategy 'defer', 'async' or ''.
	 * @return string[] The handles.
	 */
	private static function register_all_in_head( string $strategy ): array {
		$handles = array_keys( Shop_Islands_Assets::REPLACED_SCRIPTS );
		foreach ( $handles as $handle ) {
			wp_deregister_script( $handle );
			wp_register_script( $handle, "https://example.test/$handle.js", array(), '9.9.5', false );
			if ( '' !== $strategy ) {
				wp_script_add_data( $handle, 'strategy', $strategy );
			}
			wp_enqueue_script( $handle );
		}
		return $handles;
	}

	/**
	 * The replaced handles printed in `$html`.
	 *
	 * @param string $html Printed scripts.
	 * @return string[]
	 */
	private static function replaced_in( string $html ): array {
		return array_values(
			array_filter(
				array_keys( Shop_Islands_Assets::REPLACED_SCRIPTS ),
				static fn( string $handle ): bool => str_contains( $html, "https://example.test/$handle.js" )
			)
		);
	}

	/** Every island of the map. */
	private static function every_island(): void {
		foreach ( array_unique( array_merge( ...array_values( Shop_Islands_Assets::REPLACED_SCRIPTS ) ) ) as $island ) {
			self::island( $island );
		}
	}

	public function test_no_replaced_script_is_printed_whatever_the_strategy(): void {
		foreach ( array( 'defer', 'async', '' ) as $strategy ) {
			$GLOBALS['wp_scripts'] = new WP_Scripts();
			Shop_Islands_Plugin::instance()->reset();
			self::register_all_in_head( $strategy );
			$this->assertSame( array(), self::replaced_in( $this->head() ), "$strategy: none in <head>" );
			self::every_island();
			$this->assertSame( array(), self::replaced_in( $this->footer() ), "$strategy: none in the footer" );
		}
	}

	public function test_without_their_islands_they_are_all_printed_in_the_footer_with_their_strategy(): void {
		$handles = self::register_all_in_head( 'async' );
		$this->assertSame( array(), self::replaced_in( $this->head() ) );
		$this->assertSame( $handles, self::replaced_in( $this->footer() ) );
		$this->assertSame( 'async', wp_scripts()->get_data( 'wc-add-to-cart', 'strategy' ), 'the strategy stays with the script' );
	}

	public function test_a_script_enqueued_after_the_footer_decision_is_left_out_too(): void {
		self::island( 'add-to-cart' );
		wp_dequeue_script( 'wc-add-to-cart' );
		$late = static function () {
			wp_enqueue_script( 'wc-add-to-cart' );
		};
		$this->add_hook( 'wp_footer', $late, 19 );
		$this->assertNotContains( 'wc-add-to-cart', self::printed( $this->footer() ) );
	}

	public function test_a_head_script_enqueued_after_wp_enqueue_scripts_waits_for_the_footer_too(): void {
		self::register_in_head();
		do_action( 'wp_enqueue_scripts' );
		wp_deregister_script( 'wc-cart-fragments' );
		wp_register_script( 'wc-cart-fragments', 'https://example.test/wc-cart-fragments.js', array(), '9.9.5', false );
		wp_enqueue_script( 'wc-cart-fragments' );
		// As wp_head prints them (wp_print_head_scripts at priority 9).
		$this->assertNotContains( 'wc-cart-fragments', self::printed( $this->capture_action( 'wp_head' ) ) );
		self::island( 'mini-cart' );
		$this->assertNotContains( 'wc-cart-fragments', self::printed( $this->footer() ) );
	}

	/**
	 * @return array<string, array{0: string, 1: string[]}>
	 */
	public static function replaced_handles(): array {
		$cases = array();
		foreach ( Shop_Islands_Assets::REPLACED_SCRIPTS as $handle => $islands ) {
			// A library another script needs just stays, its islands on (IntegrationCheckoutTest).
			if ( ! isset( Shop_Islands_Assets::SHARED_LIBRARIES[ $handle ] ) ) {
				$cases[ $handle ] = array( $handle, $islands );
			}
		}
		return $cases;
	}

	/**
	 * @dataProvider replaced_handles
	 *
	 * @param string   $handle  A replaced script.
	 * @param string[] $islands The islands that replace it.
	 */
	public function test_a_plugin_script_that_needs_a_replaced_one_keeps_its_islands_off( string $handle, array $islands ): void {
		wp_register_script( $handle, "https://example.test/$handle.js", array(), '9.9.5', true );
		wp_register_script( 'needs-it', 'https://plugins.example/needs-it.js', array( $handle ), '1', true );
		wp_enqueue_script( 'needs-it' );
		$assets = Shop_Islands_Plugin::instance()->assets;
		foreach ( $islands as $island ) {
			$this->assertSame( array( $handle => array( 'needs-it' ) ), $assets->dependants_of_replaced( $island ), "$island stays off" );
		}
		$this->assertSame( array(), $assets->dependants_of_replaced( 'store-notice' ) );
	}

	public function test_a_dependency_through_another_script_counts_and_the_replaced_scripts_own_do_not(): void {
		wp_register_script( 'photoswipe', 'https://example.test/photoswipe.js', array(), '9.9.5', true );
		wp_register_script( 'photoswipe-ui-default', 'https://example.test/photoswipe-ui-default.js', array( 'photoswipe' ), '9.9.5', true );
		wp_enqueue_script( 'photoswipe-ui-default' );
		$assets = Shop_Islands_Plugin::instance()->assets;
		$this->assertSame( array(), $assets->dependants_of_replaced( 'product-gallery' ), 'PhotoSwipe’s UI goes with PhotoSwipe' );

		wp_register_script( 'variation-swatches-core', 'https://plugins.example/core.js', array( 'wc-add-to-cart-variation' ), '1', true );
		wp_register_script( 'variation-swatches', 'https://plugins.example/swatches.js', array( 'variation-swatches-core' ), '1', true );
		wp_enqueue_script( 'variation-swatches' );
		$found = $assets->dependants_of_replaced( 'variation-form' );
		sort( $found['wc-add-to-cart-variation'] );
		$this->assertSame( array( 'wc-add-to-cart-variation' => array( 'variation-swatches', 'variation-swatches-core' ) ), $found );
	}

	public function test_a_theme_island_whose_script_another_needs_is_recorded_in_the_footer(): void {
		wp_register_script( 'upsell', 'https://plugins.example/upsell.js', array( 'wc-add-to-cart' ), '1', true );
		wp_enqueue_script( 'upsell' );
		self::island( 'add-to-cart' );
		$this->assertContains( 'wc-add-to-cart', self::printed( $this->footer() ) );
		$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		$this->assertSame( array( 'upsell' ), array_keys( $recorded['add-to-cart']['wc-add-to-cart'] ) );
	}
}

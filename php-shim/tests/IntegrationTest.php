<?php
/**
 * Automatic integration: WooCommerce's listing buttons become add-to-cart islands through
 * `woocommerce_loop_add_to_cart_link`, without the theme printing anything.
 *
 * @package ShopIslands
 */

/**
 * WooCommerce is not installed here: the filter is applied as WooCommerce 9.9's
 * `templates/loop/add-to-cart.php` applies it, with the arguments `woocommerce_template_loop_add_to_cart()` builds.
 */
class IntegrationTest extends Shop_Islands_Test_Case {

	/** A simple product's button as WooCommerce 9.9 prints it, and its arguments. */
	private static function button( string $class = 'button product_type_simple add_to_cart_button ajax_add_to_cart' ): array {
		$args = array(
			'quantity'   => 1,
			'class'      => $class,
			'attributes' => array(
				'data-product_id'      => 13,
				'data-product_sku'     => 'BALL-001',
				'aria-label'           => 'Add to cart: &ldquo;Pro Match Football&rdquo;', // As WooCommerce passes it.
				'rel'                  => 'nofollow',
				'data-success_message' => '&ldquo;Pro Match Football&rdquo; has been added to your cart',
			),
		);
		$html = sprintf(
			'<a href="%s" data-quantity="1" class="%s" %s>%s</a>',
			esc_url( 'https://shop.example/shop/?add-to-cart=13&orderby=price' ),
			esc_attr( $class ),
			implode(
				' ',
				array_map(
					static fn( $key, $value ) => $key . '="' . esc_attr( (string) $value ) . '"',
					array_keys( $args['attributes'] ),
					$args['attributes']
				)
			),
			esc_html( 'Add to cart' )
		);
		return array( $html, $args );
	}

	/** What WooCommerce prints for the button, through the filter. */
	private static function printed( string $html, array $args ): string {
		return (string) apply_filters( 'woocommerce_loop_add_to_cart_link', $html, null, $args );
	}

	public function test_a_listing_button_becomes_an_island_with_the_button_as_its_fallback(): void {
		[ $html, $args ] = self::button();
		$printed         = self::printed( $html, $args );

		$this->assertStringContainsString( '<div data-island="add-to-cart" data-island-src="' . self::real_src( 'add-to-cart' ) . '"', $printed );
		$this->assertStringEndsWith( '</script>' . $html . '</div>', $printed, 'WooCommerce’s button, unchanged, is the fallback' );
		$json = self::props_json( $printed );
		$this->assertCount( 1, $json );
		$this->assertSame(
			array(
				'href'      => 'https://shop.example/shop/?add-to-cart=13&orderby=price',
				'label'     => 'Add to cart',
				'className' => 'button product_type_simple add_to_cart_button ajax_add_to_cart',
				'data'      => array(
					'quantity'        => '1',
					'product_id'      => '13',
					'product_sku'     => 'BALL-001',
					'success_message' => '“Pro Match Football” has been added to your cart',
				),
				'ariaLabel' => 'Add to cart: “Pro Match Football”',
				'rel'       => 'nofollow',
			),
			json_decode( $json[0], true )
		);
		$this->assertTrue( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_buttons_woocommerce_does_not_handle_in_the_page_stay_links(): void {
		// Read more (out of stock), Select options (variable), Buy product (external).
		[ $html, $args ] = self::button( 'button product_type_variable add_to_cart_button' );
		$this->assertSame( $html, self::printed( $html, $args ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_a_button_the_theme_already_made_an_island_is_left_as_it_is(): void {
		[ $html, $args ] = self::button();
		$theme           = shop_islands_render( 'add-to-cart', array( 'href' => '/?add-to-cart=13' ), $html );
		$this->assertSame( $theme, self::printed( $theme, $args ) );
	}

	public function test_the_option_turns_an_island_off_and_the_filter_wins(): void {
		[ $html, $args ] = self::button();
		update_option( Shop_Islands_Integration::OPTION, array( 'add-to-cart' => false ) );
		try {
			$this->assertSame( $html, self::printed( $html, $args ) );
			$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'add-to-cart' === $island, 10, 2 );
			$this->assertStringContainsString( 'data-island="add-to-cart"', self::printed( $html, $args ) );
		} finally {
			delete_option( Shop_Islands_Integration::OPTION );
		}
	}

	public function test_on_a_block_theme_it_is_off(): void {
		$root  = get_theme_root();
		$theme = 'shop-islands-block-test';
		wp_mkdir_p( "$root/$theme/templates" );
		file_put_contents( "$root/$theme/style.css", "/*\nTheme Name: Block test\n*/\n" );
		file_put_contents( "$root/$theme/templates/index.html", '<!-- wp:paragraph --><p>Block</p><!-- /wp:paragraph -->' );
		$use = static fn() => $theme;
		$this->add_hook( 'stylesheet', $use );
		$this->add_hook( 'template', $use );
		try {
			$this->assertTrue( wp_is_block_theme() );
			[ $html, $args ] = self::button();
			$this->assertSame( $html, self::printed( $html, $args ) );
			// The site owner can still turn it on.
			update_option( Shop_Islands_Integration::OPTION, array( 'add-to-cart' => true ) );
			$this->assertStringContainsString( 'data-island="add-to-cart"', self::printed( $html, $args ) );
		} finally {
			delete_option( Shop_Islands_Integration::OPTION );
			self::remove_dir( "$root/$theme" );
		}
	}

	public function test_markup_it_cannot_read_is_left_alone(): void {
		[ , $args ] = self::button();
		foreach ( array( '<button type="button" class="x">Add</button>', '<a class="x">Add</a>', '<a href="/a">A</a><a href="/b">B</a>' ) as $html ) {
			$this->assertSame( $html, self::printed( $html, $args ) );
		}
		$this->assertSame( 42, apply_filters( 'woocommerce_loop_add_to_cart_link', 42, null, $args ) );
	}

	public function test_uninstalling_removes_the_option(): void {
		update_option( Shop_Islands_Integration::OPTION, array( 'add-to-cart' => false ) );
		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'shop-islands/shop-islands.php' );
		}
		include dirname( __DIR__ ) . '/uninstall.php';
		$this->assertFalse( get_option( Shop_Islands_Integration::OPTION ) );
	}
}

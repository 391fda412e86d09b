<?php
/**
 * Automatic integration: WooCommerce's listing buttons, cart widget, cart-page quantities and store
 * notice become islands through WooCommerce's hooks, and a cart drawer is printed once per page,
 * without the theme printing anything.
 *
 * @package ShopIslands
 */

if ( ! function_exists( 'wc_get_checkout_url' ) ) {
	/**
	 * Stand-in for WooCommerce's function (Debian has no WooCommerce package): '' unless a test sets
	 * `$GLOBALS['shop_islands_test_checkout_url']`, so the other tests' pages get no cart drawer.
	 */
	function wc_get_checkout_url(): string {
		return (string) ( $GLOBALS['shop_islands_test_checkout_url'] ?? '' );
	}
}

/**
 * Stand-in for WooCommerce's cart widget (`WC_Widget_Cart`, base id `woocommerce_widget_cart`): it
 * prints what WooCommerce 9.9 and 7.8 print (an empty `div.widget_shopping_cart_content` that the
 * fragments fill), nothing where `woocommerce_widget_cart_is_hidden` says so, and enqueues
 * wc-cart-fragments as it renders.
 */
class Shop_Islands_Test_Cart_Widget extends WP_Widget {

	public function __construct() {
		parent::__construct( 'woocommerce_widget_cart', 'Cart', array( 'classname' => 'woocommerce widget_shopping_cart' ) );
	}

	/**
	 * As WC_Widget_Cart::widget().
	 *
	 * @param array $args     Display arguments.
	 * @param array $instance Settings.
	 */
	public function widget( $args, $instance ) {
		if ( apply_filters( 'woocommerce_widget_cart_is_hidden', false ) ) {
			return;
		}
		wp_enqueue_script( 'wc-cart-fragments' );
		$title = $instance['title'] ?? 'Cart';
		echo $args['before_widget'];
		if ( $title ) {
			echo $args['before_title'] . esc_html( $title ) . $args['after_title'];
		}
		if ( ! empty( $instance['hide_if_empty'] ) ) {
			echo '<div class="hide_cart_widget_if_empty">';
		}
		echo '<div class="widget_shopping_cart_content"></div>';
		if ( ! empty( $instance['hide_if_empty'] ) ) {
			echo '</div>';
		}
		echo $args['after_widget'];
	}
}

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

	public function test_uninstalling_removes_the_options(): void {
		update_option( Shop_Islands_Integration::OPTION, array( 'add-to-cart' => false ) );
		update_option( Shop_Islands_Assets::CONFLICTS_OPTION, array( 'mini-cart' => array() ), false );
		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'shop-islands/shop-islands.php' );
		}
		include dirname( __DIR__ ) . '/uninstall.php';
		$this->assertFalse( get_option( Shop_Islands_Integration::OPTION ) );
		$this->assertFalse( get_option( Shop_Islands_Assets::CONFLICTS_OPTION ) );
	}

	protected function setUp(): void {
		parent::setUp();
		global $wp_widget_factory;
		if ( ! isset( $wp_widget_factory->widgets['Shop_Islands_Test_Cart_Widget'] ) ) {
			register_widget( 'Shop_Islands_Test_Cart_Widget' );
		}
		wp_register_script( 'wc-cart-fragments', 'https://example.test/wc-cart-fragments.js', array(), '9.9.5', true );
	}

	protected function tearDown(): void {
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		unset( $GLOBALS['shop_islands_test_checkout_url'] );
		parent::tearDown();
	}

	/** What Storefront's header prints: `the_widget( 'WC_Widget_Cart', 'title=' )`. */
	private static function header_cart(): string {
		ob_start();
		the_widget( 'Shop_Islands_Test_Cart_Widget', 'title=' );
		return (string) ob_get_clean();
	}

	/**
	 * A sidebar's cart widget, as dynamic_sidebar() displays it (through WP_Widget::display_callback()).
	 *
	 * @param array $instance The widget's settings.
	 */
	private static function sidebar_cart( array $instance = array( 'title' => 'Cart' ) ): string {
		$widget = new Shop_Islands_Test_Cart_Widget();
		$widget->_set( 2 );
		$args = array(
			'name'          => 'Sidebar',
			'id'            => 'sidebar-1',
			'before_widget' => '<section id="woocommerce_widget_cart-2" class="widget woocommerce widget_shopping_cart">',
			'after_widget'  => '</section>',
			'before_title'  => '<span class="gamma widget-title">',
			'after_title'   => '</span>',
			'widget_id'     => 'woocommerce_widget_cart-2',
			'widget_name'   => 'Cart',
		);
		ob_start();
		$instance = apply_filters( 'widget_display_callback', $instance, $widget, $args );
		if ( false !== $instance ) {
			$widget->widget( $args, $instance );
		}
		return (string) ob_get_clean();
	}

	public function test_the_header_cart_widget_becomes_the_mini_cart_island(): void {
		$printed = self::header_cart();
		$widget  = '<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div>';
		$this->assertStringContainsString( '<div data-island="mini-cart" data-island-src="' . self::real_src( 'mini-cart' ) . '"', $printed );
		$this->assertStringEndsWith( '</script>' . $widget . '</div>', $printed, 'WooCommerce’s widget, unchanged, is the fallback' );
		$this->assertSame( array( array( 'className' => 'widget woocommerce widget_shopping_cart' ) ), array_map( static fn( $json ) => json_decode( $json, true ), self::props_json( $printed ) ) );
		$this->assertTrue( wp_script_is( 'wc-cart-fragments', 'enqueued' ), 'the widget itself ran' );
		$this->assertNotContains( 'wc-cart-fragments', $this->footer_handles(), 'replaced by the island' );
	}

	public function test_a_sidebar_cart_widget_keeps_its_frame_and_title_around_the_island(): void {
		$printed = self::sidebar_cart();
		$this->assertStringStartsWith( '<section id="woocommerce_widget_cart-2" class="widget woocommerce widget_shopping_cart"><span class="gamma widget-title">Cart</span>', $printed );
		$this->assertStringEndsWith( '</script><div class="shop-islands-mini-cart"><div class="widget_shopping_cart_content"></div></div></div></section>', $printed );
		$this->assertSame( array( array( 'className' => 'shop-islands-mini-cart' ) ), array_map( static fn( $json ) => json_decode( $json, true ), self::props_json( $printed ) ) );

		$hidden = self::sidebar_cart( array( 'title' => '', 'hide_if_empty' => 1 ) );
		$this->assertStringContainsString( '<div class="hide_cart_widget_if_empty"><div data-island="mini-cart"', $hidden );
	}

	public function test_no_mini_cart_where_woocommerce_hides_the_widget_and_none_when_off(): void {
		$this->add_hook( 'woocommerce_widget_cart_is_hidden', '__return_true' );
		$this->assertSame( '', self::header_cart() );
		remove_filter( 'woocommerce_widget_cart_is_hidden', '__return_true' );

		update_option( Shop_Islands_Integration::OPTION, array( 'mini-cart' => false ) );
		$this->assertSame( '<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div>', self::header_cart() );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_a_cart_widget_the_theme_made_an_island_is_left_alone(): void {
		$theme = static function ( $instance, $widget, $args ) {
			if ( 'woocommerce_widget_cart' === $widget->id_base ) {
				echo shop_islands_render( 'mini-cart', array(), '<div class="widget_shopping_cart_content"></div>' );
				return false;
			}
			return $instance;
		};
		$this->add_hook( 'widget_display_callback', $theme, 10, 3 );
		$this->assertCount( 1, self::container_tags( self::header_cart() ) );
	}

	public function test_a_plugin_script_that_needs_cart_fragments_keeps_the_mini_cart_off_and_is_recorded(): void {
		wp_register_script( 'side-cart', 'https://plugins.example/side-cart.js', array( 'wc-cart-fragments' ), '1', true );
		wp_enqueue_script( 'side-cart' );
		$_SERVER['REQUEST_URI'] = '/shop/';
		try {
			$printed = self::header_cart();
		} finally {
			$_SERVER['REQUEST_URI'] = '/';
		}
		$this->assertSame( '<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div>', $printed );
		$recorded = get_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		$this->assertSame( array( 'mini-cart' ), array_keys( $recorded ) );
		$this->assertSame( 'https://plugins.example/side-cart.js', $recorded['mini-cart']['wc-cart-fragments']['side-cart']['src'] );
		$this->assertSame( '/shop/', $recorded['mini-cart']['wc-cart-fragments']['side-cart']['page'] );
		$this->assertContains( 'wc-cart-fragments', $this->footer_handles(), 'side-cart.js still has what it needs' );
	}

	/** The example.test / plugins.example handles the footer prints. */
	private function footer_handles(): array {
		preg_match_all( '#https://(?:example\.test|plugins\.example)/([a-z0-9-]+)\.js#', $this->footer(), $m );
		return $m[1];
	}

	public function test_one_cart_drawer_per_page_in_the_footer(): void {
		$GLOBALS['shop_islands_test_checkout_url'] = 'https://shop.example/checkout/';
		$footer                                    = $this->footer();
		$this->assertCount( 1, self::container_tags( $footer ) );
		$this->assertStringContainsString( '<div data-island="cart-drawer" data-island-src="' . self::real_src( 'cart-drawer' ) . '" data-hydrate="idle"><script type="application/json" data-island-props>{"checkoutUrl":"https://shop.example/checkout/"}</script></div>', $footer );
		$this->assertNotNull( self::settings_json( $footer ), 'the settings block follows it' );
		$this->assertCount( 1, self::loader_tags( $footer ) );
	}

	public function test_no_cart_drawer_on_the_cart_and_checkout_pages_when_off_or_when_the_theme_printed_one(): void {
		$GLOBALS['shop_islands_test_checkout_url'] = 'https://shop.example/checkout/';
		$this->add_hook( 'woocommerce_widget_cart_is_hidden', '__return_true' );
		$this->assertSame( array(), self::container_tags( $this->footer() ) );
		remove_filter( 'woocommerce_widget_cart_is_hidden', '__return_true' );

		Shop_Islands_Plugin::instance()->reset();
		shop_islands_render( 'cart-drawer', array( 'checkoutUrl' => '/theme-checkout/' ) );
		$this->assertSame( array(), self::container_tags( $this->footer() ) );

		Shop_Islands_Plugin::instance()->reset();
		update_option( Shop_Islands_Integration::OPTION, array( 'cart-drawer' => false ) );
		$this->assertSame( array(), self::container_tags( $this->footer() ) );
	}

	public function test_no_cart_drawer_without_a_checkout_url(): void {
		$this->assertSame( array(), self::container_tags( $this->footer() ) );
	}

	/**
	 * A cart line's quantity input as WooCommerce prints it (global/quantity-input.php): 9.9 leaves
	 * out `size` for number inputs, 7.8 prints it.
	 */
	private static function quantity_input( string $version = '9.9', string $type = 'number', string $extra = '' ): string {
		return '<div class="quantity">' . "\n\t\t" . '<label class="screen-reader-text" for="quantity_68a1">Pro Match &ldquo;Football&rdquo; quantity</label>' . "\n\t"
			. '<input' . "\n\t\t" . 'type="' . $type . '"' . "\n\t\t" . $extra . "\n\t\t" . 'id="quantity_68a1"' . "\n\t\t" . 'class="input-text qty text"'
			. "\n\t\t" . 'name="cart[3c59dc048e8850243be8079a5c74d079][qty]"' . "\n\t\t" . 'value="2"' . "\n\t\t" . 'aria-label="Product quantity"'
			. ( '7.8' === $version ? "\n\t\t" . 'size="4"' : '' )
			. "\n\t\t" . 'min="0"' . "\n\t\t" . 'max=""' . "\n\t\t\t\t\t" . 'step="1"' . "\n\t\t\t" . 'placeholder=""' . "\n\t\t\t" . 'inputmode="numeric"'
			. "\n\t\t\t" . 'autocomplete="off"' . "\n\t\t\t\t\t/>\n\t\t\t</div>\n";
	}

	/** A cart line whose product is named `$name`. */
	private static function cart_item( string $name ): array {
		$product = new class( $name ) {
			public function __construct( private string $name ) {
			}
			public function get_name(): string {
				return $this->name;
			}
		};
		return array(
			'key'      => '3c59dc048e8850243be8079a5c74d079',
			'quantity' => 2,
			'data'     => $product,
		);
	}

	public function test_cart_page_quantities_become_steppers_on_both_versions(): void {
		foreach ( array( '9.9', '7.8' ) as $version ) {
			Shop_Islands_Plugin::instance()->reset();
			$html    = self::quantity_input( $version );
			$printed = (string) apply_filters( 'woocommerce_cart_item_quantity', $html, '3c59dc048e8850243be8079a5c74d079', self::cart_item( 'Pro Match “Football”' ) );
			$this->assertStringContainsString( '<div data-island="cart-quantity" data-island-src="' . self::real_src( 'cart-quantity' ) . '"', $printed, $version );
			$this->assertStringEndsWith( '</script>' . str_replace( '<div class="quantity">', '<div class="quantity shop-islands-qty">', $html ) . '</div>', $printed, "$version: WooCommerce’s input in the stepper’s wrapper" );
			$this->assertSame(
				array(
					'name'        => 'cart[3c59dc048e8850243be8079a5c74d079][qty]',
					'id'          => 'quantity_68a1',
					'value'       => 2,
					'min'         => 0,
					'max'         => null,
					'step'        => 1,
					'label'       => 'Pro Match “Football” quantity',
					'productName' => 'Pro Match “Football”',
					'className'   => 'input-text qty text',
					'inputMode'   => 'numeric',
				),
				json_decode( self::props_json( $printed )[0], true ),
				$version
			);
		}
	}

	public function test_quantities_it_cannot_step_stay_as_they_are(): void {
		$item = self::cart_item( 'Kit bag' );
		foreach ( array(
			self::quantity_input( '9.9', 'hidden' ),                          // Sold individually.
			self::quantity_input( '9.9', 'number', 'readonly="readonly"' ),   // Read-only.
			'<div class="quantity custom"><input type="number" name="q" id="q"></div>', // Another plugin's markup.
			'<div class="quantity"><input type="number" name="q" id="q"></div>', // No label.
			shop_islands_render( 'cart-quantity', array(), self::quantity_input() ), // The theme's own island.
		) as $html ) {
			$this->assertSame( $html, apply_filters( 'woocommerce_cart_item_quantity', $html, 'k', $item ) );
		}
		update_option( Shop_Islands_Integration::OPTION, array( 'cart-quantity' => false ) );
		$this->assertSame( self::quantity_input(), apply_filters( 'woocommerce_cart_item_quantity', self::quantity_input(), 'k', $item ) );
	}

	public function test_without_the_product_its_name_is_the_label(): void {
		$printed = (string) apply_filters( 'woocommerce_cart_item_quantity', self::quantity_input(), 'k', array() );
		$this->assertSame( 'Pro Match “Football” quantity', json_decode( self::props_json( $printed )[0], true )['productName'] );
	}

	/** The store notice as WooCommerce 9.9 prints it (7.8: without the roles and aria-label). */
	private static function store_notice_html( string $version, string $message ): string {
		$id = md5( $message );
		return '9.9' === $version
			? '<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store" data-notice-id="' . $id . '" style="display:none;">' . wp_kses_post( $message ) . ' <a role="button" href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>'
			: '<p class="woocommerce-store-notice demo_store" data-notice-id="' . $id . '" style="display:none;">' . wp_kses_post( $message ) . ' <a href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>';
	}

	public function test_the_store_notice_becomes_an_island_on_both_versions(): void {
		$message = 'Free delivery &amp; returns — <a href="https://shop.example/delivery/">details</a><script>alert(1)</script>';
		foreach ( array( '9.9', '7.8' ) as $version ) {
			Shop_Islands_Plugin::instance()->reset();
			$html    = self::store_notice_html( $version, $message );
			$printed = (string) apply_filters( 'woocommerce_demo_store', $html, $message );
			$this->assertStringContainsString( '<div data-island="store-notice" data-island-src="' . self::real_src( 'store-notice' ) . '"', $printed, $version );
			$this->assertStringEndsWith( '</script>' . $html . '</div>', $printed, $version );
			$this->assertSame(
				array(
					'noticeId'     => md5( $message ),
					'message'      => 'Free delivery &amp; returns — <a href="https://shop.example/delivery/">details</a>alert(1)',
					'dismissLabel' => 'Dismiss',
				),
				json_decode( self::props_json( $printed )[0], true ),
				$version
			);
			$this->assertStringNotContainsString( '<script>alert', $printed );
		}
	}

	public function test_a_store_notice_it_cannot_read_or_the_theme_made_an_island_is_left_alone(): void {
		foreach ( array(
			'<div class="my-notice">Sale</div>',
			'<p class="woocommerce-store-notice demo_store" data-notice-id="x y">Sale <a href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>',
			'<p class="woocommerce-store-notice demo_store" data-notice-id="abc">Sale <a href="#" class="other">Dismiss</a></p>',
			shop_islands_render( 'store-notice', array( 'noticeId' => 'abc', 'message' => 'Sale' ), '<p>Sale</p>' ),
		) as $html ) {
			$this->assertSame( $html, apply_filters( 'woocommerce_demo_store', $html, 'Sale' ) );
		}
		update_option( Shop_Islands_Integration::OPTION, array( 'store-notice' => false ) );
		$html = self::store_notice_html( '9.9', 'Sale' );
		$this->assertSame( $html, apply_filters( 'woocommerce_demo_store', $html, 'Sale' ) );
	}

	public function test_a_plugin_script_that_needs_add_to_cart_keeps_the_listing_buttons_links(): void {
		wp_register_script( 'wc-add-to-cart', 'https://example.test/wc-add-to-cart.js', array(), '9.9.5', true );
		wp_register_script( 'upsell', 'https://plugins.example/upsell.js', array( 'wc-add-to-cart' ), '1', true );
		wp_enqueue_script( 'wc-add-to-cart' );
		wp_enqueue_script( 'upsell' );
		[ $html, $args ] = self::button();
		$this->assertSame( $html, self::printed( $html, $args ) );
		$this->assertSame( array( 'wc-add-to-cart' => array( 'upsell' ) ), array_map( 'array_keys', get_option( Shop_Islands_Assets::CONFLICTS_OPTION )['add-to-cart'] ) );
		$this->assertSame( array( 'wc-add-to-cart', 'upsell' ), $this->footer_handles(), 'both printed: add-to-cart.js alone handles the buttons' );
	}
}

<?php
/**
 * Automatic integration on the single product page: WooCommerce's and Storefront's own output
 * becomes islands through the actions that print it, without the theme printing anything.
 *
 * @package ShopIslands
 */

/**
 * A product as the integration reads it (WooCommerce's `WC_Product` methods it calls).
 */
final class Shop_Islands_Test_Product {

	/**
	 * Constructor.
	 *
	 * @param int    $id   Product id.
	 * @param string $type `simple` or `variable`.
	 * @param string $name Name.
	 */
	public function __construct( public int $id, public string $type, public string $name = 'Pro Match Football' ) {}

	/** Id. */
	public function get_id(): int {
		return $this->id;
	}

	/** Name. */
	public function get_name(): string {
		return $this->name;
	}

	/** SKU. */
	public function get_sku(): string {
		return 'BALL-001';
	}

	/**
	 * Type check.
	 *
	 * @param string $type Type.
	 */
	public function is_type( string $type ): bool {
		return $type === $this->type;
	}

	/** Sold individually. */
	public function is_sold_individually(): bool {
		return false;
	}

	/**
	 * What `get_available_variations()` returns (a variable product's).
	 *
	 * @var array<int, array<string, mixed>>
	 */
	public array $available_variations = array();

	/** Available variations (WooCommerce's arrays). */
	public function get_available_variations(): array {
		return $this->available_variations;
	}
}

/**
 * A single product page: a `product` post, queried as WordPress queries it, and WooCommerce's
 * global `$product`.
 */
abstract class Shop_Islands_Test_Product_Page_Case extends Shop_Islands_Test_Case {

	/** The product's post. */
	protected int $post_id = 0;

	/** Whether the test registered the post type. */
	private bool $registered = false;

	/** The query before the test. */
	private ?WP_Query $saved_query = null;

	protected function setUp(): void {
		parent::setUp();
		if ( ! post_type_exists( 'product' ) ) {
			register_post_type( 'product', array( 'public' => true ) );
			$this->registered = true;
		}
		$this->post_id     = (int) wp_insert_post(
			array(
				'post_type'   => 'product',
				'post_title'  => 'Pro Match Football',
				'post_status' => 'publish',
			)
		);
		$this->saved_query = $GLOBALS['wp_query'] ?? null;
	}

	protected function tearDown(): void {
		wp_delete_post( $this->post_id, true );
		if ( $this->registered ) {
			unregister_post_type( 'product' );
		}
		$GLOBALS['wp_query'] = $this->saved_query;
		unset( $GLOBALS['product'] );
		parent::tearDown();
	}

	/**
	 * The product's page: WordPress's query for it, WooCommerce's `$product`.
	 *
	 * @param string $type Product type.
	 * @param string $name Product name.
	 */
	protected function on_product_page( string $type, string $name = 'Pro Match Football' ): void {
		$query                    = new WP_Query();
		$query->is_single         = true;
		$query->is_singular       = true;
		$query->queried_object    = get_post( $this->post_id );
		$query->queried_object_id = $this->post_id;
		$GLOBALS['wp_query']      = $query;
		$GLOBALS['product']       = new Shop_Islands_Test_Product( $this->post_id, $type, $name );
	}

	/** Another page (the blog's front page). */
	protected function not_a_product_page(): void {
		$GLOBALS['wp_query'] = new WP_Query();
	}

	/** A new page: the plugin forgets the islands and links printed so far. */
	protected function reset_page(): void {
		Shop_Islands_Plugin::instance()->reset();
	}

	/**
	 * What an action prints when WooCommerce's template prints `$output` on it (at priority 10).
	 *
	 * @param string          $hook   Action name.
	 * @param string|callable $output Markup, or a callable returning it.
	 */
	protected function print_on( string $hook, $output ): string {
		$printer = static function () use ( $output ) {
			echo is_callable( $output ) ? $output() : $output; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
		};
		add_action( $hook, $printer, 10 );
		try {
			return $this->capture_action( $hook );
		} finally {
			remove_action( $hook, $printer, 10 );
		}
	}

	/**
	 * The island props printed, decoded.
	 *
	 * @param string $html Printed markup.
	 * @return array<int, mixed>
	 */
	protected static function props( string $html ): array {
		return array_map( static fn( $json ) => json_decode( $json, true ), self::props_json( $html ) );
	}

	/**
	 * The markup without the islands' `<link>` tags.
	 *
	 * @param string $html Printed markup.
	 */
	protected static function without_links( string $html ): string {
		return (string) preg_replace( '#<link rel="(?:stylesheet|modulepreload)" href="[^"]*">#', '', $html );
	}

	/**
	 * The markup with every island container replaced by its fallback: what WooCommerce printed.
	 *
	 * @param string $html Printed markup.
	 */
	protected static function unwrapped( string $html ): string {
		$html = self::without_links( $html );
		while ( preg_match( '#<div data-island="[^>]*><script type="application/json" data-island-props>.*?</script>#s', $html, $m, PREG_OFFSET_CAPTURE ) ) {
			$start = (int) $m[0][1];
			$inner = $start + strlen( $m[0][0] );
			preg_match_all( '#<(/?)div\b[^>]*>#i', $html, $tags, PREG_OFFSET_CAPTURE | PREG_SET_ORDER, $inner );
			$depth = 1;
			foreach ( $tags as $t ) {
				$depth += '' === $t[1][0] ? 1 : -1;
				if ( 0 === $depth ) {
					$html = substr( $html, 0, $start ) . substr( $html, $inner, (int) $t[0][1] - $inner ) . substr( $html, (int) $t[0][1] + strlen( $t[0][0] ) );
					continue 2;
				}
			}
			break;
		}
		return $html;
	}
}

/**
 * WooCommerce is not installed here: each test prints what WooCommerce 9.9's templates print on the
 * action they print it from (the markup recorded from the real store, ../shared/woocommerce-samples),
 * on a single product page (a `product` post queried as WordPress does for it).
 */
class IntegrationProductTest extends Shop_Islands_Test_Product_Page_Case {

	/** WooCommerce's `form.cart` of a simple product, printed by `woocommerce_simple_add_to_cart`. */
	private function simple_form(): string {
		$url = esc_url( get_permalink( $this->post_id ) );
		return '<p class="stock in-stock">3 in stock</p>'
			. '<form class="cart" action="' . $url . '" method="post" enctype=\'multipart/form-data\'>'
			. '<div class="quantity"><label class="screen-reader-text" for="quantity_1">Pro Match Football quantity</label>'
			. '<input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1" step="1" /></div>'
			. '<button type="submit" name="add-to-cart" value="' . $this->post_id . '" class="single_add_to_cart_button button alt">Add to cart</button>'
			. '</form>';
	}

	public function test_a_simple_products_submit_button_becomes_an_add_to_cart_island(): void {
		$this->on_product_page( 'simple' );
		$form    = $this->simple_form();
		$printed = $this->print_on( 'woocommerce_simple_add_to_cart', $form );

		preg_match( '#<button type="submit" name="add-to-cart".*?</button>#', $form, $button );
		$this->assertSame( 1, substr_count( $printed, 'data-island=' ) );
		$this->assertStringContainsString( '<div data-island="add-to-cart" data-island-src="' . self::real_src( 'add-to-cart' ) . '"', $printed );
		$this->assertSame( $form, self::unwrapped( $printed ), 'WooCommerce’s form, unchanged, around the island; its button the fallback' );
		$this->assertStringEndsWith( '</script>' . $button[0] . '</div></form>', $printed );
		$this->assertSame(
			array(
				'label'     => 'Add to cart',
				'className' => 'single_add_to_cart_button button alt',
				'data'      => array(
					'product_id'      => (string) $this->post_id,
					'product_sku'     => 'BALL-001',
					'success_message' => '“Pro Match Football” has been added to your cart',
				),
				'element'   => 'submit',
			),
			self::props( $printed )[0]
		);
	}

	/** WooCommerce's variations form (`woocommerce_variable_add_to_cart`), `uk-2` preselected. */
	private function variations_form( string $variations ): string {
		$url = esc_url( get_permalink( $this->post_id ) );
		return '<form class="variations_form cart" action="' . $url . '" method="post" enctype=\'multipart/form-data\' data-product_id="' . $this->post_id . '" data-product_variations="' . esc_attr( $variations ) . '">'
			. '<table class="variations" cellspacing="0" role="presentation"><tbody>'
			. '<tr><th class="label"><label for="pa_size">Size</label></th><td class="value"><select id="pa_size" class="" name="attribute_pa_size" data-attribute_name="attribute_pa_size" data-show_option_none="yes"><option value="">Choose an option</option><option value="uk-1" >UK 1</option><option value="uk-2"  selected=\'selected\'>UK 2</option></select></td></tr>'
			. '<tr><th class="label"><label for="colour">Colour &amp; finish</label></th><td class="value"><select id="colour" class="" name="attribute_colour" data-attribute_name="attribute_colour" data-show_option_none="yes"><option value="">Choose an option</option><option value="Black" >Black</option></select><a class="reset_variations" href="#" aria-label="Clear options">Clear</a></td></tr>'
			. '</tbody></table><div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>'
			. '<div class="single_variation_wrap"><div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>'
			. '<div class="woocommerce-variation-add-to-cart variations_button"><div class="quantity"><input type="number" id="quantity_6b06fe8bde73b" class="input-text qty text" name="quantity" value="1" /></div>'
			. '<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>'
			. '<input type="hidden" name="add-to-cart" value="' . $this->post_id . '" /><input type="hidden" name="product_id" value="' . $this->post_id . '" /><input type="hidden" name="variation_id" class="variation_id" value="0" /></div></div>'
			. '</form>';
	}

	public function test_the_variations_form_becomes_a_variation_form_island_with_the_products_variations(): void {
		$this->on_product_page( 'variable', 'Junior “Pro” Boots' );
		$variations = '[{"attributes":{"attribute_pa_size":"uk-1","attribute_colour":"Black"},"dimensions":{},"display_price":39.99,"image":{"src":"","srcset":false},"image_id":0,"is_in_stock":true,"is_purchasable":true,"max_qty":"","min_qty":1,"variation_id":18,"a_plugin_key":{}}]';
		$form       = $this->variations_form( $variations );
		$printed    = $this->print_on( 'woocommerce_variable_add_to_cart', '<div class="before">x</div>' . $form );

		$picker = '<div class="shop-islands-vf__picker" hidden><p class="form-row"><label for="shop-islands-vf-variation-' . $this->post_id . '">Size, Colour &amp; finish</label>'
			. '<select id="shop-islands-vf-variation-' . $this->post_id . '" name="variation_id"><option value="">Choose an option</option><option value="18">UK 1, Black – 39.99</option></select></p></div>'
			. self::NOSCRIPT;
		$this->assertSame( '<div class="before">x</div>' . self::with_picker( $form, $picker ), self::unwrapped( $printed ), 'WooCommerce’s form, its attribute selects and variation_id unnamed, the picker after the table' );
		$this->assertStringContainsString( '<div class="before">x</div><div data-island="variation-form"', self::without_links( $printed ) );
		$json = self::props_json( $printed );
		$this->assertCount( 1, $json );
		$this->assertStringContainsString( '"dimensions":{}', $json[0], 'An empty object stays an object (`[]` would fail the schema)' );
		$this->assertStringContainsString( '"a_plugin_key":{}', $json[0] );
		$props = json_decode( $json[0], true );
		$this->assertSame( json_decode( $variations, true ), $props['variations'] );
		unset( $props['variations'] );
		$this->assertSame(
			array(
				'productId'        => $this->post_id,
				'productName'      => 'Junior “Pro” Boots',
				'action'           => get_permalink( $this->post_id ),
				'attributes'       => array(
					array(
						'name'    => 'pa_size',
						'label'   => 'Size',
						'options' => array(
							array(
								'value' => 'uk-1',
								'label' => 'UK 1',
							),
							array(
								'value' => 'uk-2',
								'label' => 'UK 2',
							),
						),
					),
					array(
						'name'    => 'colour',
						'label'   => 'Colour & finish',
						'options' => array(
							array(
								'value' => 'Black',
								'label' => 'Black',
							),
						),
					),
				),
				'resetUrl'         => get_permalink( $this->post_id ),
				'quantityId'       => 'quantity_6b06fe8bde73b',
				'soldIndividually' => false,
				'successMessage'   => '“Junior “Pro” Boots” has been added to your cart',
				'selection'        => array( 'attribute_pa_size' => 'uk-2' ),
				'buttonLabel'      => 'Add to cart',
			),
			$props
		);
	}

	/** The picker's `<noscript>` style: scripts off, the picker instead of the attribute table. */
	const NOSCRIPT = '<noscript><style>[data-island="variation-form"] .shop-islands-vf__picker[hidden]{display:block}[data-island="variation-form"] table.variations{display:none}</style></noscript>';

	/**
	 * The fallback the plugin prints for `variations_form()`: the attribute selects and the hidden
	 * `variation_id` without `name`, the picker after the attribute table.
	 *
	 * @param string $form   WooCommerce's form.
	 * @param string $picker The picker's markup.
	 */
	private static function with_picker( string $form, string $picker ): string {
		$form = str_replace( array( ' name="attribute_pa_size"', ' name="attribute_colour"', ' name="variation_id"' ), '', $form );
		return str_replace( '</tbody></table>', '</tbody></table>' . $picker, $form );
	}

	public function test_the_fallback_posts_a_variation_id_without_javascript_through_a_picker_of_the_variations(): void {
		$this->on_product_page( 'variable' );
		$variations = array(
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-1', 'attribute_colour' => 'Black' ), 'display_price' => 39.99, 'is_in_stock' => true, 'is_purchasable' => true, 'variation_is_active' => true, 'variation_id' => 18 ),
			// The table's preselection (uk-2, Black) matches it: not selected in the picker, which a click before the island mounts would post unseen.
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-2', 'attribute_colour' => 'Black' ), 'display_price' => 41, 'is_in_stock' => true, 'is_purchasable' => true, 'variation_is_active' => true, 'variation_id' => 19 ),
			// Out of stock: listed, disabled (its size, which the form does not list, shown as it is).
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-3', 'attribute_colour' => 'Black' ), 'display_price' => 45, 'is_in_stock' => false, 'is_purchasable' => true, 'variation_is_active' => true, 'variation_id' => 20 ),
			// Inactive, or not purchasable: left out.
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-1', 'attribute_colour' => 'Black' ), 'display_price' => 1, 'is_in_stock' => true, 'is_purchasable' => true, 'variation_is_active' => false, 'variation_id' => 21 ),
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-1', 'attribute_colour' => 'Black' ), 'display_price' => 1, 'is_in_stock' => true, 'is_purchasable' => false, 'variation_is_active' => true, 'variation_id' => 22 ),
			// Any colour: a select for the colour follows the picker. A value the form does not list is shown as it is, escaped.
			array( 'attributes' => array( 'attribute_pa_size' => '<b>uk-4</b>', 'attribute_colour' => '' ), 'display_price' => 50, 'is_in_stock' => true, 'is_purchasable' => true, 'variation_is_active' => true, 'variation_id' => 23 ),
			'not a variation',
			array( 'attributes' => array(), 'variation_id' => 'x' ),
		);
		$form       = str_replace( '<option value="Black" >Black</option>', '<option value="Black"  selected=\'selected\'>Black</option><option value="gold">Gold &amp; &lt;Silver&gt;</option>', $this->variations_form( (string) wp_json_encode( $variations ) ) );
		$printed    = $this->print_on( 'woocommerce_variable_add_to_cart', $form );
		$id         = 'shop-islands-vf-variation-' . $this->post_id;

		$picker = '<div class="shop-islands-vf__picker" hidden><p class="form-row"><label for="' . $id . '">Size, Colour &amp; finish</label>'
			. '<select id="' . $id . '" name="variation_id"><option value="">Choose an option</option>'
			. '<option value="18">UK 1, Black – 39.99</option>'
			. '<option value="19">UK 2, Black – 41.00</option>'
			. '<option value="20" disabled>uk-3, Black – Out of stock</option>'
			. '<option value="23">&lt;b&gt;uk-4&lt;/b&gt;, Any colour &amp; finish – 50.00</option></select></p>'
			. '<p class="form-row"><label for="' . $id . '-colour">Colour &amp; finish</label><select id="' . $id . '-colour" name="attribute_colour"><option value="">Choose an option</option>'
			. '<option value="Black" selected>Black</option><option value="gold">Gold &amp; &lt;Silver&gt;</option></select></p></div>'
			. self::NOSCRIPT;
		$this->assertSame( self::with_picker( $form, $picker ), self::unwrapped( $printed ) );
		$this->assertSame( 1, substr_count( $printed, 'name="variation_id"' ), 'Only the picker posts a variation_id' );
		$this->assertSame( json_decode( (string) wp_json_encode( $variations ), true ), self::props( $printed )[0]['variations'], 'The island’s props are WooCommerce’s' );
		$this->assertSame( array( 'attribute_pa_size' => 'uk-2', 'attribute_colour' => 'Black' ), self::props( $printed )[0]['selection'] );
	}

	public function test_above_the_ajax_threshold_the_variations_are_false_and_without_variations_it_is_left_alone(): void {
		$this->on_product_page( 'variable' );
		$GLOBALS['product']->available_variations = array(
			array( 'attributes' => array( 'attribute_pa_size' => 'uk-2', 'attribute_colour' => 'Black' ), 'display_price' => 41, 'is_in_stock' => true, 'is_purchasable' => true, 'variation_is_active' => true, 'variation_id' => 19 ),
		);
		$printed = $this->print_on( 'woocommerce_variable_add_to_cart', $this->variations_form( 'false' ) );
		$this->assertFalse( self::props( $printed )[0]['variations'] );
		$this->assertStringContainsString( '<select id="shop-islands-vf-variation-' . $this->post_id . '" name="variation_id"><option value="">Choose an option</option><option value="19">UK 2, Black – 41.00</option></select>', $printed, 'The picker lists the product’s available variations' );

		$this->reset_page();
		$GLOBALS['product']->available_variations = array();
		$form    = $this->variations_form( 'false' );
		$printed = $this->print_on( 'woocommerce_variable_add_to_cart', $form );
		$this->assertSame( $form, self::unwrapped( $printed ), 'No variation to list: WooCommerce’s form as it is' );

		$this->reset_page();
		$form = $this->variations_form( '[]' ); // Out of stock: WooCommerce prints a notice in the form.
		$this->assertSame( $form, $this->print_on( 'woocommerce_variable_add_to_cart', $form ) );
	}

	/** `wc_get_gallery_image_html()`'s markup for one image. */
	private static function gallery_image( string $name, bool $main ): string {
		$up = 'https://shop.example/wp-content/uploads/';
		return '<div data-thumb="' . $up . $name . '-100x100.png" data-thumb-alt="Alt ' . $name . '" data-thumb-srcset="" data-thumb-sizes="" class="woocommerce-product-gallery__image">'
			. '<a href="' . $up . $name . '.png"><img width="416" height="416" src="' . $up . $name . '-416x416.png" class="' . ( $main ? 'wp-post-image' : '' ) . '" alt="Alt ' . $name . ' &amp; co" data-caption="Caption &ldquo;' . $name . '&rdquo;" data-src="' . $up . $name . '.png" data-large_image="' . $up . $name . '.png" data-large_image_width="1200" data-large_image_height="1000" decoding="async" srcset="' . $up . $name . '-416x416.png 416w, ' . $up . $name . '.png 1200w" sizes="(max-width: 416px) 100vw, 416px" /></a></div>';
	}

	/** `single-product/product-image.php`. */
	private static function gallery( string $images ): string {
		return '<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">'
			. '<div class="woocommerce-product-gallery__wrapper">' . $images . '</div></div>';
	}

	public function test_the_gallery_becomes_a_product_gallery_island_visible_without_it(): void {
		$this->on_product_page( 'simple' );
		$gallery = self::gallery( self::gallery_image( 'ball', true ) . self::gallery_image( 'side', false ) );
		$printed = $this->print_on( 'woocommerce_before_single_product_summary', '<span class="onsale">Sale!</span>' . $gallery );

		$this->assertStringStartsWith( '<span class="onsale">Sale!</span>', $printed, 'A simple product’s badge stays as it is' );
		$this->assertStringContainsString( '<div data-island="product-gallery" data-island-src="' . self::real_src( 'product-gallery' ) . '"', $printed );
		$fallback = str_replace( 'style="opacity: 0; transition: opacity .25s ease-in-out;"', 'style="transition: opacity .25s ease-in-out;"', $gallery );
		$this->assertStringEndsWith( '</script>' . $fallback . '</div>', $printed, 'WooCommerce’s gallery without the opacity its script would lift' );
		$props = self::props( $printed )[0];
		$this->assertCount( 2, $props['images'] );
		$this->assertSame(
			array(
				'src'        => 'https://shop.example/wp-content/uploads/ball-416x416.png',
				'width'      => 416,
				'height'     => 416,
				'thumb'      => 'https://shop.example/wp-content/uploads/ball-100x100.png',
				'full'       => 'https://shop.example/wp-content/uploads/ball.png',
				'fullWidth'  => 1200,
				'fullHeight' => 1000,
				'alt'        => 'Alt ball & co',
				'title'      => '',
				'caption'    => 'Caption “ball”',
				'srcset'     => 'https://shop.example/wp-content/uploads/ball-416x416.png 416w, https://shop.example/wp-content/uploads/ball.png 1200w',
				'sizes'      => '(max-width: 416px) 100vw, 416px',
			),
			$props['images'][0]
		);
		$this->assertSame( 'Pro Match Football images', $props['label'] );
		$this->assertSame( 'View full-screen image gallery', $props['triggerLabel'] );
	}

	public function test_a_gallery_without_images_or_with_an_unusable_url_is_left_alone(): void {
		$this->on_product_page( 'simple' );
		$placeholder = self::gallery( '<div class="woocommerce-product-gallery__image--placeholder"><img src="https://shop.example/placeholder.png" alt="Awaiting product image" class="wp-post-image" /></div>' );
		$this->assertSame( $placeholder, $this->print_on( 'woocommerce_before_single_product_summary', $placeholder ) );

		$this->reset_page();
		$hostile = self::gallery( str_replace( 'https://shop.example/wp-content/uploads/ball.png', 'javascript:alert(1)', self::gallery_image( 'ball', true ) ) );
		$this->assertSame( $hostile, $this->print_on( 'woocommerce_before_single_product_summary', $hostile ) );
	}

	public function test_a_variable_products_sale_badge_is_an_island_only_where_shoptimizers_percents_endpoint_is(): void {
		$this->on_product_page( 'variable' );
		$product = $GLOBALS['product'];
		$flash   = static fn() => apply_filters( 'woocommerce_sale_flash', '<span class="onsale">Sale!</span>', get_post(), $product );

		$this->assertSame( '<span class="onsale">Sale!</span>', $this->print_on( 'woocommerce_before_single_product_summary', $flash ) );

		$this->add_hook( 'wp_ajax_nopriv_shoptimizer_get_sale_prices', '__return_null' );
		$this->reset_page();
		$printed = $this->print_on( 'woocommerce_before_single_product_summary', $flash );
		$this->assertStringContainsString( '<div data-island="sale-badge"', $printed );
		$this->assertStringEndsWith( '</script><span class="onsale">Sale!</span></div>', $printed );
		$this->assertSame(
			array(
				'productId' => $this->post_id,
				'label'     => 'Sale!',
			),
			self::props( $printed )[0]
		);
		// The listings' badges (the same filter, outside the single product's summary) stay as they are.
		$this->assertSame( '<span class="onsale">Sale!</span>', $flash() );
	}

	/** `single-product/tabs/tabs.php`, with three panels. */
	private static function tabs( string $extra_tab = '' ): string {
		$li = static fn( $key, $title ) => '<li role="presentation" class="' . $key . '_tab" id="tab-title-' . $key . '"><a href="#tab-' . $key . '" role="tab" aria-controls="tab-' . $key . '">' . "\n\t\t\t\t\t\t" . $title . "\t\t\t\t\t</a></li>";
		$panel = static fn( $key ) => '<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--' . $key . ' panel entry-content wc-tab" id="tab-' . $key . '" role="tabpanel" aria-labelledby="tab-title-' . $key . '"><p>' . $key . '</p></div>';
		return '<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist">'
			. $li( 'description', 'Description' ) . $li( 'additional_information', 'Additional information' ) . $li( 'reviews', 'Reviews (2)' ) . $extra_tab
			. '</ul>' . $panel( 'description' ) . $panel( 'additional_information' ) . $panel( 'reviews' ) . '</div>';
	}

	public function test_the_tab_list_becomes_a_product_tabs_island_and_the_panels_stay_next_to_it(): void {
		$this->on_product_page( 'simple' );
		$tabs    = self::tabs();
		$printed = $this->print_on( 'woocommerce_after_single_product_summary', $tabs . '<section class="related products"></section>' );

		$this->assertSame( $tabs . '<section class="related products"></section>', self::unwrapped( $printed ) );
		$this->assertStringStartsWith( '<div class="woocommerce-tabs wc-tabs-wrapper"><div data-island="product-tabs"', self::without_links( $printed ) );
		$this->assertStringContainsString( '</ul></div><div class="woocommerce-Tabs-panel', $printed, 'The panels are outside the container' );
		$this->assertSame(
			array(
				'tabs' => array(
					array(
						'key'   => 'description',
						'title' => 'Description',
					),
					array(
						'key'   => 'additional_information',
						'title' => 'Additional information',
					),
					array(
						'key'   => 'reviews',
						'title' => 'Reviews (2)',
					),
				),
				'open' => null,
			),
			self::props( $printed )[0]
		);

		// A page rendered for a reply opens the reviews, where the form is.
		$this->reset_page();
		$_GET['replytocom'] = '7';
		try {
			$this->assertSame( 'reviews', self::props( $this->print_on( 'woocommerce_after_single_product_summary', $tabs ) )[0]['open'] );
		} finally {
			unset( $_GET['replytocom'] );
		}
	}

	public function test_tabs_with_a_key_the_island_cannot_use_are_left_to_woocommerce(): void {
		$this->on_product_page( 'simple' );
		$tabs = self::tabs( '<li class="9x_tab" id="tab-title-9x"><a href="#tab-9x">Plugin</a></li>' );
		$this->assertSame( $tabs, $this->print_on( 'woocommerce_after_single_product_summary', $tabs ) );
	}

	/** WordPress's `comment_form()` output with WooCommerce's arguments (`#respond`). */
	private function respond( string $extra_field = '', int $parent = 0 ): string {
		$heading = $parent ? 'Leave a Reply to Ann' : 'Be the first to review &ldquo;Pro Match Football&rdquo;';
		return '<div id="respond" class="comment-respond"><span id="reply-title" class="comment-reply-title" role="heading" aria-level="3">' . $heading
			. ' <small><a rel="nofollow" id="cancel-comment-reply-link" href="/product/pro-match-football/#respond" style="display:none;">Cancel reply</a></small></span>'
			. '<form action="https://shop.example/wp-comments-post.php" method="post" id="commentform" class="comment-form">'
			. '<div class="comment-form-rating"><label for="rating" id="comment-form-rating-label">Your rating&nbsp;<span class="required">*</span></label><select name="rating" id="rating" required><option value="">Rate&hellip;</option><option value="5">Perfect</option></select></div>'
			. '<p class="comment-form-comment"><label for="comment">Your review</label><textarea id="comment" name="comment" required></textarea></p>'
			. '<p class="comment-form-author"><input id="author" name="author" type="text" value="" /></p><p class="comment-form-email"><input id="email" name="email" type="email" value="" /></p>'
			. $extra_field
			. '<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit" /> <input type=\'hidden\' name=\'comment_post_ID\' value=\'' . $this->post_id . '\' id=\'comment_post_ID\' />'
			. '<input type=\'hidden\' name=\'comment_parent\' id=\'comment_parent\' value=\'' . $parent . '\' /></p></form></div><!-- #respond -->';
	}

	/**
	 * What WooCommerce's review template prints: its arguments filtered, then `comment_form()`.
	 *
	 * @param string $respond     The `#respond` markup.
	 * @param bool   $woocommerce Whether WooCommerce asked for the form (false: a blog post's comments).
	 */
	private function review_form( string $respond, bool $woocommerce = true ): string {
		if ( $woocommerce ) {
			apply_filters( 'woocommerce_product_review_comment_form_args', array( 'title_reply' => 'Be the first to review &ldquo;Pro Match Football&rdquo;' ) );
		}
		ob_start();
		do_action( 'comment_form_before' );
		echo $respond; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
		do_action( 'comment_form_after' );
		return (string) ob_get_clean();
	}

	public function test_woocommerces_review_form_becomes_a_product_reviews_island(): void {
		$this->on_product_page( 'simple' );
		$respond = $this->respond();
		$printed = $this->review_form( $respond );

		$this->assertStringStartsWith( '<div data-island="product-reviews" data-island-src="' . self::real_src( 'product-reviews' ) . '"', self::without_links( $printed ) );
		$this->assertStringEndsWith( '</script>' . str_replace( '<!-- #respond -->', '</div><!-- #respond -->', $respond ), $printed, '#respond is the fallback; the comment after it stays outside' );
		$this->assertSame(
			array(
				'postId'             => $this->post_id,
				'action'             => 'https://shop.example/wp-comments-post.php',
				'permalink'          => get_permalink( $this->post_id ),
				'titleReply'         => 'Be the first to review “Pro Match Football”',
				'replyTo'            => null,
				'ratingEnabled'      => true,
				'ratingLabels'       => array( '1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars' ),
				'requiredRatingText' => 'Please select a rating',
				'loggedInAs'         => null,
				'commenter'          => array(
					'author'  => '',
					'email'   => '',
					'consent' => false,
				),
				'submitLabel'        => 'Submit',
				'cancelReplyText'    => 'Cancel reply',
			),
			self::props( $printed )[0]
		);

		// The page WordPress rendered for a reply to comment 7.
		$this->reset_page();
		$props = self::props( $this->review_form( $this->respond( '', 7 ) ) )[0];
		$this->assertSame(
			array(
				'id'    => 7,
				'title' => 'Leave a Reply to Ann',
			),
			$props['replyTo']
		);
		$this->assertSame( 'Be the first to review “Pro Match Football”', $props['titleReply'] );
	}

	public function test_a_review_form_with_a_plugins_field_or_a_posts_comment_form_is_left_alone(): void {
		$this->on_product_page( 'simple' );
		// The island renders the form from its props: a field it does not know would be lost.
		$respond = $this->respond( '<p style="display: none;"><input type="hidden" id="ak_js" name="ak_js" value="1"/></p>' );
		$this->assertSame( $respond, $this->review_form( $respond ) );
		$this->assertSame( $this->respond(), $this->review_form( $this->respond(), false ) );
	}

	/** Storefront's `storefront_sticky_single_add_to_cart()`. */
	private function sticky_bar( string $button_href, string $button_text ): string {
		return '<section class="storefront-sticky-add-to-cart"><div class="col-full"><div class="storefront-sticky-add-to-cart__content">'
			. '<img width="324" height="324" src="https://shop.example/ball-324x324.png" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" />'
			. '<div class="storefront-sticky-add-to-cart__content-product-info"><span class="storefront-sticky-add-to-cart__content-title">You&#039;re viewing: <strong>Pro Match Football</strong></span>'
			. '<span class="storefront-sticky-add-to-cart__content-price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>24.99</bdi></span></span>'
			. '<div class="star-rating" role="img" aria-label="Rated 4.00 out of 5"><span style="width:80%">Rated <strong class="rating">4.00</strong> out of 5</span></div></div>'
			. '<a href="' . $button_href . '" class="storefront-sticky-add-to-cart__content-button button alt" rel="nofollow">' . "\n\t\t\t\t\t\t\t" . $button_text . "\t\t\t\t\t\t</a>"
			. '</div></div></section><!-- .storefront-sticky-add-to-cart -->';
	}

	public function test_storefronts_sticky_bar_becomes_a_sticky_add_to_cart_island(): void {
		$this->on_product_page( 'simple' );
		$bar     = $this->sticky_bar( '?add-to-cart=' . $this->post_id, 'Add to cart' );
		$printed = $this->print_on( 'storefront_after_footer', '<footer></footer>' . $bar );

		$this->assertSame( '<footer></footer>' . $bar, self::unwrapped( $printed ) );
		$props = self::props( $printed )[0];
		$this->assertSame(
			array(
				'productId'      => $this->post_id,
				'productName'    => 'Pro Match Football',
				'button'         => array(
					'kind'  => 'add',
					'label' => 'Add to cart',
					'href'  => '?add-to-cart=' . $this->post_id,
				),
				'successMessage' => '“Pro Match Football” has been added to your cart',
				'triggerClass'   => 'entry-summary',
				'formSelector'   => '#product-' . $this->post_id . ' form.cart',
				'image'          => array(
					'src'    => 'https://shop.example/ball-324x324.png',
					'width'  => 324,
					'height' => 324,
				),
			),
			array_diff_key( $props, array_flip( array( 'priceHtml', 'ratingHtml' ) ) )
		);
		$this->assertStringContainsString( '24.99', $props['priceHtml'] );
		$this->assertStringStartsWith( '<div class="star-rating"', $props['ratingHtml'] );

		$this->on_product_page( 'variable' );
		$this->reset_page();
		$props = self::props( $this->print_on( 'storefront_after_footer', $this->sticky_bar( get_permalink( $this->post_id ), 'Select options' ) ) )[0];
		$this->assertSame( 'select', $props['button']['kind'] );
		$this->assertSame( '#product-' . $this->post_id . ' form.variations_form', $props['formSelector'] );
	}

	public function test_the_themes_own_islands_win(): void {
		$this->on_product_page( 'simple' );
		$tabs  = self::tabs();
		$theme = shop_islands_render( 'product-tabs', array( 'tabs' => array() ), '<ul class="tabs wc-tabs"></ul>' );
		$this->assertSame( $theme . $tabs, $this->print_on( 'woocommerce_after_single_product_summary', $theme . $tabs ) );

		$this->reset_page();
		$gallery = shop_islands_render( 'product-gallery', array(), self::gallery( self::gallery_image( 'ball', true ) ) );
		$this->assertSame( $gallery, $this->print_on( 'woocommerce_before_single_product_summary', $gallery ) );
	}

	public function test_off_elsewhere_than_a_product_page_and_per_island(): void {
		$this->on_product_page( 'simple' );
		$this->not_a_product_page();
		$tabs = self::tabs();
		$this->assertSame( $tabs, $this->print_on( 'woocommerce_after_single_product_summary', $tabs ) );
		$this->assertSame( $this->respond(), $this->review_form( $this->respond() ) );

		$this->on_product_page( 'simple' );
		update_option( Shop_Islands_Integration::OPTION, array( 'product-tabs' => false ) );
		try {
			$this->assertSame( $tabs, $this->print_on( 'woocommerce_after_single_product_summary', $tabs ) );
			$this->add_hook( 'shop_islands_automatic', static fn( $on, $island ) => 'product-reviews' === $island ? false : $on, 10, 2 );
			$this->assertSame( $this->respond(), $this->review_form( $this->respond() ) );
			$this->assertStringContainsString( 'data-island="add-to-cart"', $this->print_on( 'woocommerce_simple_add_to_cart', $this->simple_form() ) );
		} finally {
			delete_option( Shop_Islands_Integration::OPTION );
		}
	}
}

<?php
/**
 * Automatic integration of the discovery islands (issue #15): the listing's `catalog-ordering` and
 * `result-count` wherever the theme prints WooCommerce's templates, the `category-finder` over
 * WooCommerce's product categories dropdown widget, the `live-search` over the product search form
 * with CommerceKit's ajax search, and the `smart-search` over Smart Search for WooCommerce's bars.
 *
 * @package ShopIslands
 */

require_once __DIR__ . '/smart-search-rest.php';

if ( ! function_exists( 'wc_enqueue_js' ) ) {
	/**
	 * As WooCommerce's (wc-core-functions.php): queues inline code for the footer.
	 *
	 * @param string $code Code.
	 */
	function wc_enqueue_js( $code ) {
		global $wc_queued_js;
		if ( empty( $wc_queued_js ) ) {
			$wc_queued_js = '';
		}
		$wc_queued_js .= "\n" . $code . "\n";
	}
}

if ( ! function_exists( 'wc_print_js' ) ) {
	/** As WooCommerce's: prints the queued code (on `wp_footer` 25). */
	function wc_print_js() {
		global $wc_queued_js;
		if ( ! empty( $wc_queued_js ) ) {
			echo "<!-- WooCommerce JavaScript -->\n<script type=\"text/javascript\">\njQuery(function($) { $wc_queued_js });\n</script>\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- as WooCommerce.
			unset( $GLOBALS['wc_queued_js'] );
		}
	}
}

if ( ! function_exists( 'get_product_search_form' ) ) {
	/**
	 * As WooCommerce 9.9's: templates/product-searchform.php through the `get_product_search_form` filter.
	 *
	 * @param bool $echo Print it (else return it).
	 */
	function get_product_search_form( $echo = true ) {
		global $product_search_form_index;
		if ( empty( $product_search_form_index ) ) {
			$product_search_form_index = 0;
		}
		$index = $product_search_form_index++;
		$form  = '<form role="search" method="get" class="woocommerce-product-search" action="' . esc_url( home_url( '/' ) ) . '">' . "\n"
			. "\t" . '<label class="screen-reader-text" for="woocommerce-product-search-field-' . $index . '">Search for:</label>' . "\n"
			. "\t" . '<input type="search" id="woocommerce-product-search-field-' . $index . '" class="search-field" placeholder="' . esc_attr( 'Search products&hellip;' ) . '" value="' . get_search_query() . '" name="s" />' . "\n"
			. "\t" . '<button type="submit" value="Search" class="">Search</button>' . "\n"
			. "\t" . '<input type="hidden" name="post_type" value="product" />' . "\n"
			. '</form>' . "\n";
		$form = apply_filters( 'get_product_search_form', $form );
		if ( ! $echo ) {
			return $form;
		}
		echo $form; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- as WooCommerce.
	}
}

/**
 * WooCommerce 9.9's "Product Categories" widget (`WC_Widget_Product_Categories`), its dropdown and list
 * modes as far as the integration sees them: the dropdown is `wc_product_dropdown_categories()`'s
 * `wp_dropdown_categories()` call, then selectWoo, select2's stylesheet and the inline code queued
 * with `wc_enqueue_js()`. The current category is `$GLOBALS['shop_islands_test_current_cat']` (a slug).
 */
class Shop_Islands_Test_Product_Categories_Widget extends WP_Widget {

	public function __construct() {
		parent::__construct( 'woocommerce_product_categories', 'Product Categories', array( 'classname' => 'woocommerce widget_product_categories' ) );
	}

	/** The code WooCommerce queues for the dropdown (9.9.5, trimmed). */
	public static function code(): string {
		return "jQuery( '.dropdown_product_cat' ).on( 'change', function() { var home_url = '" . esc_js( home_url( '/' ) ) . "'; location.href = home_url + '?product_cat=' + jQuery(this).val(); });"
			. " if ( jQuery().selectWoo ) { jQuery( '.dropdown_product_cat' ).selectWoo( { placeholder: 'Select a category' } ); }";
	}

	/**
	 * As WC_Widget_Product_Categories::widget().
	 *
	 * @param array $args     Display arguments.
	 * @param array $instance Settings.
	 */
	public function widget( $args, $instance ) {
		echo $args['before_widget']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
		if ( ! empty( $instance['title'] ) ) {
			echo $args['before_title'] . esc_html( $instance['title'] ) . $args['after_title']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
		}
		if ( ! empty( $instance['dropdown'] ) ) {
			wp_dropdown_categories(
				array(
					'hide_empty'         => 0,
					'show_count'         => ! empty( $instance['count'] ),
					'hierarchical'       => 1,
					'show_uncategorized' => 0,
					'selected'           => $GLOBALS['shop_islands_test_current_cat'] ?? '',
					'pad_counts'         => 1,
					'orderby'            => 'name',
					'show_option_none'   => 'Select a category',
					'option_none_value'  => '',
					'value_field'        => 'slug',
					'taxonomy'           => 'product_cat',
					'name'               => 'product_cat',
					'class'              => 'dropdown_product_cat',
				)
			);
			wp_enqueue_script( 'selectWoo' );
			wp_enqueue_style( 'select2' );
			wc_enqueue_js( self::code() );
		} else {
			echo '<ul class="product-categories">';
			wp_list_categories(
				array(
					'taxonomy'   => 'product_cat',
					'title_li'   => '',
					'hide_empty' => 0,
				)
			);
			echo '</ul>';
		}
		echo $args['after_widget']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
	}
}

/**
 * Debian has no WooCommerce package: WooCommerce's functions are stand-ins that print what 9.9.5
 * prints (the real store's markup, trimmed) through the same hooks and filters.
 */
final class IntegrationDiscoveryTest extends Shop_Islands_Test_Case {

	/** The islands and their default strategies (discovery-contracts.md). */
	const STRATEGIES = array(
		'catalog-ordering' => 'visible',
		'result-count'     => 'idle',
		'category-finder'  => 'visible',
		'live-search'      => 'interaction',
		'smart-search'     => 'interaction',
	);

	/** WooCommerce's default orderings (woocommerce_catalog_ordering()). */
	const ORDERINGS = array(
		'menu_order' => 'Default sorting',
		'popularity' => 'Sort by popularity',
		'rating'     => 'Sort by average rating',
		'date'       => 'Sort by latest',
		'price'      => 'Sort by price: low to high',
		'price-desc' => 'Sort by price: high to low',
	);

	/** The result count of the real store's shop sorted by price. */
	const COUNT = "<p class=\"woocommerce-result-count\" role=\"alert\" aria-relevant=\"all\" data-is-sorted-by=\"true\">\n\tShowing all 6 results<span class=\"screen-reader-text\">Sorted by price: low to high</span></p>\n";

	/** A hostile category name, written past WordPress's sanitising (straight into the database). */
	const HOSTILE = '</option></select><script>alert("x")</script> & \'Co\'';

	/**
	 * The test's product categories: name => term id.
	 *
	 * @var array<string, int>
	 */
	private array $terms = array();

	/** Whether the category finder is switched off by a filter (WooCommerce's own output). */
	private bool $finder_off = false;

	protected function setUp(): void {
		parent::setUp();
		self::integration()->reset();
		$this->use_temp_build( array_keys( self::STRATEGIES ), (string) wp_json_encode( array_map( static fn( $hydrate ) => array( 'hydrate' => $hydrate ), self::STRATEGIES ) ) );
		$_GET = array();
		unset( $GLOBALS['wc_queued_js'], $GLOBALS['product_search_form_index'], $GLOBALS['shop_islands_test_current_cat'] );
		register_taxonomy(
			'product_cat',
			'post',
			array(
				'hierarchical' => true,
				'query_var'    => true,
				'rewrite'      => false,
			)
		);
		global $wp_widget_factory;
		if ( ! isset( $wp_widget_factory->widgets['Shop_Islands_Test_Product_Categories_Widget'] ) ) {
			register_widget( 'Shop_Islands_Test_Product_Categories_Widget' );
		}
		wp_register_script( 'selectWoo', 'https://example.test/selectWoo.full.min.js', array( 'jquery' ), '1.0.6', true );
		wp_register_style( 'select2', 'https://example.test/select2.css', array(), '9.9.5' );
		$this->finder_off = false;
		$this->add_hook( 'shop_islands_automatic', fn( $on, $island ) => 'category-finder' === $island && $this->finder_off ? false : $on, 10, 2 );
	}

	protected function tearDown(): void {
		foreach ( $this->terms as $id ) {
			wp_delete_term( $id, 'product_cat' );
		}
		$this->terms = array();
		$_GET        = array();
		unset( $GLOBALS['wc_queued_js'], $GLOBALS['product_search_form_index'], $GLOBALS['shop_islands_test_current_cat'] );
		remove_shortcode( 'smart_search' );
		delete_option( Shop_Islands_Integration::OPTION );
		delete_option( 'widget_woocommerce_product_categories' );
		delete_option( 'commercekit' );
		delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		self::integration()->reset();
		parent::tearDown();
	}

	/** The integration's instance (registered by the plugin). */
	private static function integration(): Shop_Islands_Integration_Discovery {
		foreach ( $GLOBALS['wp_filter']['shop_islands_replaced_scripts']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof Shop_Islands_Integration_Discovery ) {
					return $callback['function'][0];
				}
			}
		}
		self::fail( 'The discovery integration is not registered.' );
	}

	/**
	 * The opening tag of an island's container, as printed from the temporary build.
	 *
	 * @param string $island Island name.
	 */
	private static function open( string $island ): string {
		return '<div data-island="' . $island . '" data-island-src="' . esc_url( plugins_url( 'dist/', SHOP_ISLANDS_FILE ) . "assets/$island-t1.js" ) . '" data-hydrate="' . self::STRATEGIES[ $island ] . '">';
	}

	/**
	 * The props of every container in `$html`, decoded, in order.
	 *
	 * @param string $html HTML.
	 * @return array<int, array<string, mixed>>
	 */
	private static function props( string $html ): array {
		return array_map( static fn( string $json ) => json_decode( $json, true, 512, JSON_THROW_ON_ERROR ), self::props_json( $html ) );
	}

	/**
	 * `$html` without the links printed before an island's first container.
	 *
	 * @param string $html HTML.
	 */
	private static function without_links( string $html ): string {
		return (string) preg_replace( '#<link rel="(?:stylesheet|modulepreload)" href="[^"]*">#', '', $html );
	}

	/**
	 * An island container as the plugin prints it (no links), with the props JSON printed.
	 *
	 * @param string $island   Island name.
	 * @param string $json     The props JSON as printed.
	 * @param string $fallback The fallback.
	 */
	private static function container( string $island, string $json, string $fallback ): string {
		return self::open( $island ) . '<script type="application/json" data-island-props>' . $json . '</script>' . $fallback . '</div>';
	}

	// -- WooCommerce's listing templates ---------------------------------------------------------

	/**
	 * As wc_get_template(): the template's markup between WooCommerce's template part actions.
	 *
	 * @param string $name   Template name.
	 * @param array  $args   Its arguments.
	 * @param string $markup What it prints.
	 */
	private static function template( string $name, array $args, string $markup ): void {
		do_action( 'woocommerce_before_template_part', $name, '', WP_PLUGIN_DIR . '/woocommerce/templates/' . $name, $args );
		echo $markup; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test markup.
		do_action( 'woocommerce_after_template_part', $name, '', WP_PLUGIN_DIR . '/woocommerce/templates/' . $name, $args );
	}

	/**
	 * As wc_query_string_form_fields( null, array( 'orderby', 'submit', 'paged', 'product-page' ) ).
	 *
	 * @param array  $values  Values.
	 * @param string $current The key above.
	 */
	private static function query_fields( array $values, string $current = '' ): string {
		$html = '';
		foreach ( $values as $key => $value ) {
			if ( '' === $current && in_array( $key, array( 'orderby', 'submit', 'paged', 'product-page' ), true ) ) {
				continue;
			}
			$key = '' !== $current ? $current . '[' . $key . ']' : $key;
			if ( is_array( $value ) ) {
				$html .= self::query_fields( $value, (string) $key );
			} else {
				$html .= '<input type="hidden" name="' . esc_attr( (string) $key ) . '" value="' . esc_attr( wp_unslash( $value ) ) . '" />';
			}
		}
		return $html;
	}

	/** The ordering form WooCommerce 9.9 prints for the query string (templates/loop/orderby.php). */
	private static function ordering_form( array $options, string $orderby ): string {
		$html = "<form class=\"woocommerce-ordering\" method=\"get\">\n\t\t<select\n\t\tname=\"orderby\"\n\t\tclass=\"orderby\"\n\t\t\t\t\taria-label=\"Shop order\"\n\t\t\t>\n";
		foreach ( $options as $id => $name ) {
			$html .= "\t\t\t\t\t<option value=\"" . esc_attr( $id ) . '" ' . selected( $orderby, $id, false ) . '>' . esc_html( $name ) . "</option>\n";
		}
		return $html . "\t\t\t</select>\n\t<input type=\"hidden\" name=\"paged\" value=\"1\" />\n\t" . self::query_fields( $_GET ) . "</form>\n"; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- as WooCommerce.
	}

	/** As woocommerce_catalog_ordering(): the options through its filter, the selected one from the query. */
	public static function catalog_ordering(): void {
		$options = apply_filters( 'woocommerce_catalog_orderby', self::ORDERINGS ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's filter.
		$orderby = isset( $_GET['orderby'] ) && is_string( $_GET['orderby'] ) ? sanitize_text_field( wp_unslash( $_GET['orderby'] ) ) : 'menu_order'; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- as WooCommerce.
		if ( ! isset( $options[ $orderby ] ) ) {
			$orderby = (string) array_key_first( $options );
		}
		self::template(
			'loop/orderby.php',
			array(
				'catalog_orderby_options' => $options,
				'orderby'                 => $orderby,
				'show_default_orderby'    => true,
				'use_label'               => false,
			),
			self::ordering_form( $options, $orderby )
		);
	}

	/** As woocommerce_result_count(). */
	public static function result_count(): void {
		self::template(
			'loop/result-count.php',
			array(
				'total'     => 6,
				'per_page'  => 16,
				'current'   => 1,
				'orderedby' => 'Sorted by price: low to high',
			),
			self::COUNT
		);
	}

	/** Storefront 3.6's listing hooks (inc/woocommerce/storefront-woocommerce-template-hooks.php). */
	private function storefront_hooks(): void {
		foreach ( array( 'woocommerce_before_shop_loop', 'woocommerce_after_shop_loop' ) as $hook ) {
			$this->add_hook( $hook, array( self::class, 'sorting_wrapper' ), 9 );
			$this->add_hook( $hook, array( self::class, 'catalog_ordering' ), 10 );
			$this->add_hook( $hook, array( self::class, 'result_count' ), 20 );
			$this->add_hook( $hook, array( self::class, 'sorting_wrapper_close' ), 31 );
		}
	}

	/** storefront_sorting_wrapper(). */
	public static function sorting_wrapper(): void {
		echo '<div class="storefront-sorting">';
	}

	/** storefront_sorting_wrapper_close(). */
	public static function sorting_wrapper_close(): void {
		echo '</div>';
	}

	/** The real store's query string: sorted by price, a filter, a nested argument, page 2. */
	private static function query(): void {
		$_GET = array(
			'orderby'      => 'price',
			'filter_color' => 'blue',
			'q'            => array( 'a' => '1' ),
			'paged'        => '2',
		);
	}

	public function test_storefronts_sorting_bars_before_and_after_the_loop_hold_the_ordering_and_count_islands(): void {
		self::query();
		$this->storefront_hooks();
		$form  = self::ordering_form( self::ORDERINGS, 'price' );
		$html  = $this->capture_action( 'woocommerce_before_shop_loop' ) . $this->capture_action( 'woocommerce_after_shop_loop' );
		$props = self::props( $html );

		$ordering = array(
			'options'      => array_map( null, array_keys( self::ORDERINGS ), array_values( self::ORDERINGS ) ),
			'selected'     => 'price',
			'label'        => 'Shop order',
			// The other query arguments (the island sends paged=1 itself).
			'hiddenFields' => array(
				'filter_color' => 'blue',
				'q[a]'         => '1',
			),
		);
		$this->assertSame( array( $ordering, array( 'text' => 'Showing all 6 results' ), $ordering, array( 'text' => 'Showing all 6 results' ) ), $props );
		$this->assertSame( array_fill( 0, 2, self::open( 'catalog-ordering' ) ), array_values( array_filter( self::container_tags( $html ), static fn( $tag ) => str_contains( $tag, 'catalog-ordering' ) ) ) );

		// WooCommerce's form, with a Sort button for a page without JavaScript, and its count, unchanged.
		$sortable = str_replace( '</form>', '<noscript><button type="submit" class="button">Sort</button></noscript></form>', $form );
		$bar      = '<div class="storefront-sorting">' . self::container( 'catalog-ordering', self::props_json( $html )[0], $sortable )
			. self::container( 'result-count', self::props_json( $html )[1], self::COUNT ) . '</div>';
		$this->assertSame( $bar . $bar, self::without_links( $html ) );
		$this->assertSame( 2, substr_count( $html, '<link rel="stylesheet"' ), 'each island’s stylesheet once, before its first container' );
	}

	public function test_at_woocommerces_own_place_and_wherever_a_theme_prints_them(): void {
		// WooCommerce's own hooks (wc-template-hooks.php), and a page builder calling the functions.
		$this->add_hook( 'woocommerce_before_shop_loop', array( self::class, 'result_count' ), 20 );
		$this->add_hook( 'woocommerce_before_shop_loop', array( self::class, 'catalog_ordering' ), 30 );
		$this->add_hook( 'some_theme_header', array( self::class, 'catalog_ordering' ) );
		$html = $this->capture_action( 'woocommerce_before_shop_loop' ) . $this->capture_action( 'some_theme_header' );
		$this->assertSame( array( 'result-count', 'catalog-ordering', 'catalog-ordering' ), array_map( static fn( $tag ) => preg_match( '/data-island="([^"]+)"/', $tag, $m ) ? $m[1] : '', self::container_tags( $html ) ) );
		$props = self::props( $html );
		$this->assertSame( 'menu_order', $props[1]['selected'] );
		$this->assertSame( array(), $props[1]['hiddenFields'] );
		$this->assertStringContainsString( '"hiddenFields":{}', self::props_json( $html )[1], 'an object' );
	}

	public function test_the_options_are_the_filters_as_printed_and_hostile_values_are_escaped(): void {
		$_GET = array(
			'orderby' => 'cheap',
			'q'       => '"></form><script>alert(1)</script>',
		);
		$this->add_hook(
			'woocommerce_catalog_orderby',
			static function ( $options ) {
				unset( $options['rating'] );
				$options['cheap'] = '</script><b>"Cheap" & \'cheerful\'</b>';
				return $options;
			}
		);
		$html  = $this->capture_action_of( array( self::class, 'catalog_ordering' ) );
		$json  = self::props_json( $html )[0];
		$props = json_decode( $json, true );
		$this->assertSame( array( 'cheap', '</script><b>"Cheap" & \'cheerful\'</b>' ), end( $props['options'] ), 'the label as the select shows it' );
		$this->assertNotContains( 'rating', array_column( $props['options'], 0 ) );
		$this->assertSame( 'cheap', $props['selected'] );
		$this->assertSame( '"></form><script>alert(1)</script>', $props['hiddenFields']['q'] );
		$this->assertStringNotContainsString( '<', $json );
		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringContainsString( '&lt;/script&gt;&lt;b&gt;&quot;Cheap&quot;', $html, 'WooCommerce’s escaped form is the fallback' );
	}

	public function test_switched_off_or_a_themes_own_island_the_templates_are_untouched(): void {
		self::query();
		$plain = self::ordering_form( self::ORDERINGS, 'price' ) . self::COUNT;
		update_option( Shop_Islands_Integration::OPTION, array( 'catalog-ordering' => false, 'result-count' => false ) );
		$html = $this->capture_action_of( array( self::class, 'catalog_ordering' ), array( self::class, 'result_count' ) );
		$this->assertSame( $plain, $html );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		// One off, the other on.
		update_option( Shop_Islands_Integration::OPTION, array( 'result-count' => false ) );
		$html = $this->capture_action_of( array( self::class, 'catalog_ordering' ), array( self::class, 'result_count' ) );
		$this->assertSame( array( 'catalog-ordering' ), array_keys( array_filter( array( 'catalog-ordering' => str_contains( $html, 'data-island="catalog-ordering"' ), 'result-count' => str_contains( $html, 'data-island="result-count"' ) ) ) ) );
		$this->assertStringEndsWith( '</div>' . self::COUNT, $html );
		delete_option( Shop_Islands_Integration::OPTION );

		// A theme's override printing its own island.
		$theme = shop_islands_render( 'result-count', array( 'text' => 'Theme' ), self::COUNT );
		$html  = $this->capture_template( 'loop/result-count.php', $theme );
		$this->assertSame( $theme, $html );
	}

	public function test_no_island_on_a_page_without_them(): void {
		$level = ob_get_level();
		$html  = $this->capture_template( 'loop/pagination.php', '<nav class="woocommerce-pagination"></nav>' )
			. $this->capture_template( 'single-product/title.php', '<h1 class="product_title entry-title">Ball</h1>' );
		$this->assertSame( '<nav class="woocommerce-pagination"></nav><h1 class="product_title entry-title">Ball</h1>', $html );
		$this->assertSame( array(), self::container_tags( $html ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
		$this->assertSame( $level, ob_get_level(), 'no buffer left open' );
		$this->assertStringNotContainsString( 'data-island', $this->footer() );
	}

	public function test_markup_it_cannot_read_is_left_as_woocommerce_printed_it(): void {
		foreach ( array( '<form class="woocommerce-ordering"><input name="orderby"></form>', '<p class="woocommerce-result-count"></p>', '<div>theme</div>' ) as $markup ) {
			$html = $this->capture_template( str_contains( $markup, 'result-count' ) ? 'loop/result-count.php' : 'loop/orderby.php', $markup );
			$this->assertSame( $markup, $html );
		}
	}

	/**
	 * The output of a template printed between WooCommerce's template part actions.
	 *
	 * @param string $name   Template name.
	 * @param string $markup Its markup.
	 */
	private function capture_template( string $name, string $markup ): string {
		ob_start();
		self::template( $name, array(), $markup );
		return (string) ob_get_clean();
	}

	/**
	 * The output of callables.
	 *
	 * @param callable ...$callables Callables.
	 */
	private function capture_action_of( callable ...$callables ): string {
		ob_start();
		foreach ( $callables as $callable ) {
			$callable();
		}
		return (string) ob_get_clean();
	}

	// -- category-finder -------------------------------------------------------------------------

	/**
	 * A product category.
	 *
	 * @param string $name   Name.
	 * @param string $parent Parent's name ('' for a root).
	 */
	private function category( string $name, string $parent = '' ): int {
		$term = wp_insert_term( $name, 'product_cat', array( 'parent' => '' === $parent ? 0 : $this->terms[ $parent ] ) );
		$this->assertIsArray( $term );
		$this->terms[ $name ] = (int) $term['term_id'];
		return $this->terms[ $name ];
	}

	/**
	 * The real store's tree, one level deeper, and a hostile name.
	 *
	 * @param bool $hostile With the hostile name.
	 */
	private function catalogue( bool $hostile = true ): void {
		$this->category( 'Football' );
		$this->category( 'Boots', 'Football' );
		$this->category( 'Junior', 'Boots' );
		$this->category( 'Balls', 'Football' );
		$this->category( 'Accessories', 'Football' );
		$this->category( 'Tennis & "Padel"' );
		if ( ! $hostile ) {
			return;
		}
		$id = $this->category( 'Hostile' );
		global $wpdb;
		$wpdb->update( $wpdb->terms, array( 'name' => self::HOSTILE ), array( 'term_id' => $id ) );
		clean_term_cache( $id, 'product_cat' );
	}

	/**
	 * The widget as `the_widget()` prints it (Storefront's and page builders' way).
	 *
	 * @param array $instance Settings.
	 */
	private function the_widget( array $instance = array( 'dropdown' => 1, 'title' => 'Product categories' ) ): string { // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- short.
		ob_start();
		the_widget( 'Shop_Islands_Test_Product_Categories_Widget', $instance );
		return (string) ob_get_clean();
	}

	/**
	 * The widget's output with the finder off (what WooCommerce prints), its queued code forgotten.
	 *
	 * @param array $instance Settings.
	 */
	private function plain_widget( array $instance = array( 'dropdown' => 1, 'title' => 'Product categories' ) ): string { // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- short.
		$this->finder_off = true;
		$html             = $this->the_widget( $instance );
		$this->finder_off = false;
		unset( $GLOBALS['wc_queued_js'] );
		return $html;
	}

	public function test_the_dropdown_widget_becomes_a_category_finder_with_the_categories_tree(): void {
		$this->catalogue();
		$t    = $this->terms;
		$html = $this->the_widget();

		$this->assertCount( 1, self::container_tags( $html ) );
		$this->assertStringStartsWith( '<div class="widget woocommerce widget_product_categories"><h2 class="widgettitle">Product categories</h2><link rel="stylesheet"', $html, 'the widget and its title stay around the island' );
		$props = self::props( $html )[0];
		$this->assertSame( array( 'idPrefix', 'rootCategoryIds', 'categories', 'selectedIds', 'defaultOptionTitle', 'label', 'submitLabel' ), array_keys( $props ) );
		$this->assertSame( 'category-finder-1', $props['idPrefix'] );
		// Sorted by name, as WordPress lists them; the island sorts by title itself.
		$this->assertSame( array( $t['Hostile'], $t['Football'], $t['Tennis & "Padel"'] ), $props['rootCategoryIds'], '"</option>…" first' );
		$this->assertSame(
			array(
				'id'       => $t['Football'],
				'title'    => 'Football',
				'children' => array( $t['Accessories'], $t['Balls'], $t['Boots'] ),
				'url'      => home_url( '/?product_cat=football' ),
			),
			$props['categories'][ $t['Football'] ]
		);
		$this->assertSame( array( $t['Junior'] ), $props['categories'][ $t['Boots'] ]['children'] );
		$this->assertSame( array(), $props['categories'][ $t['Junior'] ]['children'] );
		$this->assertSame( 'Tennis & “Padel”', $props['categories'][ $t['Tennis & "Padel"'] ]['title'], 'as the dropdown shows it: stored as Tennis &amp; …, texturized' );
		$this->assertSame( array(), $props['selectedIds'], 'not on a category page' );
		$this->assertSame( 'Select a category', $props['defaultOptionTitle'] );
		$this->assertSame( array( 'Category', 'Go' ), array( $props['label'], $props['submitLabel'] ) );
		$this->assertCount( 7, $props['categories'] );
	}

	public function test_the_fallback_is_woocommerces_select_in_a_form_that_works_without_javascript(): void {
		$this->catalogue( false );
		$plain = $this->plain_widget();
		$html  = self::without_links( $this->the_widget() );
		$this->assertSame( 1, preg_match( "#<select\\s+name='product_cat' id='product_cat' class='dropdown_product_cat'\\s*>.*?</select>#s", $plain, $select ) );
		$options = (string) preg_replace( "#^<select[^>]*>#", '', substr( $select[0], 0, -strlen( '</select>' ) ) );
		$island  = self::container(
			'category-finder',
			self::props_json( $html )[0],
			'<div class="shop-islands-category-finder" id="category-finder-1"><form class="shop-islands-category-finder__form" method="get" action="' . esc_url( home_url( '/' ) ) . '">'
				. '<div class="shop-islands-category-finder__field"><label for="category-finder-1-level-1">Category</label>'
				. '<select name="product_cat" id="category-finder-1-level-1" class="shop-islands-category-finder__select dropdown_product_cat">' . $options . '</select></div>'
				. '<button type="submit" class="button shop-islands-category-finder__submit">Go</button></form></div>'
		);
		$this->assertSame( str_replace( $select[0], $island, $plain ), $html, 'WooCommerce’s widget, its options in the island’s box' );
		$this->assertStringContainsString( '<option class="level-1" value="boots">&nbsp;&nbsp;&nbsp;Boots</option>', $html );
	}

	public function test_woocommerces_inline_script_and_selectwoo_are_not_printed_where_the_finder_replaces_them(): void {
		$this->catalogue();
		wc_enqueue_js( 'console.log("queued before the widget");' );
		$this->add_hook( 'wp_footer', 'wc_print_js', 25 );
		$html   = $this->the_widget();
		$footer = $this->footer();

		$this->assertStringContainsString( 'data-island="category-finder"', $html );
		$this->assertStringNotContainsString( 'dropdown_product_cat', $footer, 'WooCommerce’s navigate-on-change code is not printed' );
		$this->assertStringContainsString( 'console.log("queued before the widget");', $footer, 'what others queued is printed' );
		$this->assertStringNotContainsString( 'selectWoo.full.min.js', $footer );
		$this->assertStringNotContainsString( 'select2.css', $footer );
		$this->assertStringContainsString( 'shop-islands-loader', $footer );
	}

	public function test_selectwoo_stays_when_something_else_enqueued_it(): void {
		$this->catalogue();
		wp_enqueue_script( 'selectWoo' );
		wp_enqueue_style( 'select2' );
		$this->the_widget();
		$this->assertTrue( wp_script_is( 'selectWoo', 'enqueued' ) );
		$this->assertTrue( wp_style_is( 'select2', 'enqueued' ) );
	}

	public function test_in_a_sidebar_on_a_category_page_the_trail_is_selected(): void {
		$this->catalogue();
		$t = $this->terms;
		update_option(
			'widget_woocommerce_product_categories',
			array(
				3              => array(
					'title'    => 'Shop by category',
					'dropdown' => 1,
					'count'    => 1,
				),
				'_multiwidget' => 1,
			)
		);
		$GLOBALS['shop_islands_test_current_cat'] = 'junior';
		$widget                                   = $GLOBALS['wp_widget_factory']->widgets['Shop_Islands_Test_Product_Categories_Widget'];
		ob_start();
		// As dynamic_sidebar() calls it.
		$widget->display_callback(
			array(
				'before_widget' => '<section id="woocommerce_product_categories-3" class="widget woocommerce widget_product_categories">',
				'after_widget'  => '</section>',
				'before_title'  => '<span class="gamma widget-title">',
				'after_title'   => '</span>',
				'widget_id'     => 'woocommerce_product_categories-3',
				'widget_name'   => 'Product Categories',
			),
			array( 'number' => 3 )
		);
		$html  = (string) ob_get_clean();
		$props = self::props( $html )[0];
		$this->assertSame( 'category-finder-woocommerce_product_categories-3', $props['idPrefix'] );
		$this->assertSame( array( $t['Football'], $t['Boots'], $t['Junior'] ), $props['selectedIds'], 'root first, applied in order' );
		$this->assertStringStartsWith( '<section id="woocommerce_product_categories-3" class="widget woocommerce widget_product_categories"><span class="gamma widget-title">Shop by category</span>', $html );
		$this->assertStringContainsString( 'selected="selected">&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;Junior&nbsp;&nbsp;(0)</option>', $html, 'the fallback selects it too, with the counts' );
	}

	public function test_hostile_category_names_are_escaped_in_the_props_and_the_fallback(): void {
		$this->catalogue();
		$html  = $this->the_widget();
		$json  = self::props_json( $html )[0];
		$props = json_decode( $json, true );
		// The name as the fallback shows it (WordPress texturizes it: ‘Co’).
		$this->assertSame( '</option></select><script>alert("x")</script> & ‘Co’', $props['categories'][ $this->terms['Hostile'] ]['title'] );
		$this->assertStringNotContainsString( '<', $json );
		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringNotContainsString( '</select><script', $html );
		$this->assertStringContainsString( '>&lt;/option&gt;&lt;/select&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#038; &#8216;Co&#8217;</option>', $html );
		$this->assertSame( 1, substr_count( $html, '</select>' ) );
	}

	public function test_switched_off_in_list_mode_or_without_categories_the_widget_is_untouched(): void {
		// No product category: an empty select, left to WooCommerce.
		$html = $this->the_widget();
		$this->assertStringNotContainsString( 'data-island', $html );
		$this->assertStringContainsString( 'dropdown_product_cat', (string) ( $GLOBALS['wc_queued_js'] ?? '' ) );
		unset( $GLOBALS['wc_queued_js'] );

		$this->catalogue();
		$plain = $this->plain_widget();
		update_option( Shop_Islands_Integration::OPTION, array( 'category-finder' => false ) );
		$this->assertSame( $plain, $this->the_widget() );
		$this->assertStringContainsString( 'dropdown_product_cat', (string) ( $GLOBALS['wc_queued_js'] ?? '' ), 'WooCommerce’s script stays' );
		$this->assertTrue( wp_script_is( 'selectWoo', 'enqueued' ) );
		delete_option( Shop_Islands_Integration::OPTION );
		unset( $GLOBALS['wc_queued_js'] );

		$list = array( 'title' => 'Product categories' );
		$this->assertSame( $this->plain_widget( $list ), $this->the_widget( $list ) );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );
	}

	public function test_the_shortcode_prints_a_finder_over_every_category(): void {
		$this->catalogue();
		$html  = do_shortcode( '[shop_islands_category_finder id_prefix="finder" label="Browse" submit_label="Show"]' );
		$props = self::props( $html );
		$this->assertCount( 1, $props );
		$this->assertSame( 'finder', $props[0]['idPrefix'] );
		$this->assertSame( array( 'Browse', 'Show' ), array( $props[0]['label'], $props[0]['submitLabel'] ) );
		$this->assertCount( 7, $props[0]['categories'] );
		$this->assertStringContainsString( '<label for="finder-level-1">Browse</label><select name="product_cat" id="finder-level-1" class="shop-islands-category-finder__select dropdown_product_cat">', $html );
		$this->assertStringContainsString( '<button type="submit" class="button shop-islands-category-finder__submit">Show</button></form></div></div>', $html );
		$this->assertStringNotContainsString( '<script>alert', $html );
	}

	// -- live-search -----------------------------------------------------------------------------

	/** CommerceKit with its ajax search on: its admin-ajax action and its script. */
	private function commercekit(): void {
		$this->add_hook( 'wp_ajax_nopriv_commercekit_ajax_search', '__return_null' );
		$this->add_hook( 'wp_ajax_commercekit_ajax_search', '__return_null' );
		wp_enqueue_script( 'commercekit-ajax-search', 'https://example.test/commercekit/assets/js/ajax-search.js', array(), '2.4.2', true );
	}

	/** Storefront's header search (`storefront_product_search()`): the product search widget. */
	private static function header_search(): string {
		ob_start();
		echo '<div class="site-search"><div class="widget woocommerce widget_product_search">';
		get_product_search_form();
		echo '</div></div>';
		return (string) ob_get_clean();
	}

	public function test_with_commercekits_search_the_product_search_form_becomes_a_live_search_island(): void {
		$form = get_product_search_form( false );
		$GLOBALS['product_search_form_index'] = 0;
		$this->commercekit();
		$html   = self::header_search();
		$footer = $this->footer();

		$this->assertSame( '<div class="site-search"><div class="widget woocommerce widget_product_search">' . self::container( 'live-search', self::props_json( $html )[0], $form ) . '</div></div>', self::without_links( $html ), 'the form as WooCommerce printed it is the fallback' );
		$this->assertSame(
			array(
				'idPrefix'    => 'woocommerce-product-search-field-0',
				'action'      => home_url( '/' ),
				'ajaxUrl'     => admin_url( 'admin-ajax.php?commercekit_nonce=' . wp_create_nonce( 'commercekit_nonce' ) ),
				'query'       => '',
				'label'       => 'Search for:',
				'placeholder' => 'Search products…',
				'submitLabel' => 'Search',
				'buttonClass' => '',
			),
			self::props( $html )[0]
		);
		$this->assertStringNotContainsString( 'commercekit/assets/js/ajax-search.js', $footer, 'CommerceKit’s search script is not printed' );
		$this->assertStringNotContainsString( 'removeAttribute("data-island")', $footer );
	}

	public function test_commercekits_view_all_text_and_a_hostile_query(): void {
		$this->commercekit();
		update_option(
			'commercekit',
			array(
				'ajs_all_text' => 'See every \\"match\\"',
				'ajs_no_text'  => 'Nothing <em>found</em>',
			)
		);
		$GLOBALS['wp_query']->query_vars['s'] = '"><script>alert(1)</script>';
		try {
			$html = (string) get_product_search_form( false );
		} finally {
			$GLOBALS['wp_query']->query_vars['s'] = '';
		}
		$props = self::props( $html )[0];
		$this->assertSame( 'See every "match"', $props['viewAllLabel'] );
		$this->assertSame( 'Nothing found', $props['noResultsText'] );
		$this->assertSame( '"><script>alert(1)</script>', $props['query'], 'the field’s value, as text' );
		$this->assertStringNotContainsString( '<', self::props_json( $html )[0] );
		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringContainsString( 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"', $html );
	}

	public function test_without_commercekit_or_switched_off_the_form_is_untouched(): void {
		$form = get_product_search_form( false );
		$GLOBALS['product_search_form_index'] = 0;
		$this->assertSame( $form, get_product_search_form( false ), 'no CommerceKit: no endpoint to call' );
		$this->assertFalse( wp_script_is( Shop_Islands_Assets::HANDLE, 'enqueued' ) );

		$this->commercekit();
		update_option( Shop_Islands_Integration::OPTION, array( 'live-search' => false ) );
		$GLOBALS['product_search_form_index'] = 0;
		$this->assertSame( $form, get_product_search_form( false ) );
		$this->assertStringContainsString( 'commercekit/assets/js/ajax-search.js', $this->footer() );
	}

	public function test_with_a_generic_search_form_on_the_page_commercekit_stays_and_the_islands_step_aside(): void {
		$this->commercekit();
		$html = self::header_search();
		$this->assertStringContainsString( 'data-island="live-search"', $html );
		get_search_form( array( 'echo' => false ) );
		$footer = $this->footer();
		$this->assertStringContainsString( 'commercekit/assets/js/ajax-search.js', $footer );
		$this->assertStringContainsString( 'document.querySelectorAll(\'[data-island="live-search"]\').forEach(function(el){el.removeAttribute("data-island");});', $footer );
	}

	// -- smart-search ----------------------------------------------------------------------------

	/** The plugin's bar N, as `Ysm_Widget_Manager::display()` (3.0.5) prints it. */
	private static function smart_bar( int $id, bool $product = true ): string {
		return '<div class="ysm-search-widget ysm-search-widget-' . $id . ' bordered"><form data-id="' . $id . '" role="search" method="get" class="search-form" action="' . esc_url( home_url( '/' ) ) . '">'
			. '<div class="ysm-smart-search-input-holder"><label for="ysm-smart-search-' . $id . '-65f0"><span class="screen-reader-text">Search for products…</span>'
			. '<input type="search" name="s" value="" id="ysm-smart-search-' . $id . '-65f0" class="search-field" placeholder="Search for products…" /></label>'
			. '<input type="hidden" name="search_id" value="' . $id . '" />' . ( $product ? '<input type="hidden" name="post_type" value="product" />' : '' )
			. '<button type="submit" class="search-submit" aria-label="Search"><span class="screen-reader-text">Search</span></button></div></form></div>';
	}

	/**
	 * Smart Search for WooCommerce (3.0.5): its shortcode, its REST route's callback, its script and
	 * `swsL10n` as `front_scripts()` localizes them (widget 1 custom, `product` the product search widget).
	 *
	 * @param array<string, array> $widgets Widgets' settings by id (default: 1 and product).
	 */
	private function smart_search( ?array $widgets = null ): void {
		add_shortcode( 'smart_search', static fn( $attr ) => self::smart_bar( (int) ( $attr['id'] ?? 0 ) ) );
		$this->add_hook( 'rest_api_init', 'YSM\\Rest\\rest_route' );
		$settings = static fn( array $extra ) => array_merge(
			array(
				'selector'                   => '.ysm-search-widget-1',
				'charCount'                  => 3,
				'disableAjax'                => false,
				'noResultsText'              => 'Nothing found',
				'defaultOutput'              => false,
				'layoutPosts'                => false,
				'popupHeight'                => 500,
				'popupHeightMobile'          => 400,
				'productSlug'                => 'product',
				'preventBadQueries'          => true,
				'loaderIcon'                 => 'https://example.test/loader1.gif',
				'loaderImage'                => '',
				'layout'                     => 'product',
				'fullScreenMode'             => 'desktop_only',
				'placeholder'                => 'Search for products…',
				'recentSearches'             => '1',
				'recentSearchesTitle'        => 'Recent',
				'selectedCategoriesLabel'    => '',
				'selectedCategoriesLocation' => 'bottom',
				'selectedCategoriesCount'    => '1',
				'selectedCategories'         => array(
					array(
						'id'          => 16,
						'name'        => 'Tennis &amp; <b>"Padel"</b>',
						'slug'        => 'tennis',
						'description' => '',
						'url'         => home_url( '/?product_cat=tennis' ),
						'count'       => 4,
					),
					array(
						'id'   => 17,
						'name' => 'Bad link',
						'url'  => 'javascript:alert(1)',
					),
				),
				'columns'                    => 1,
				'keywords'                   => '',
				'keywordsLabel'              => '',
				'promoBannerLocation'        => '',
				'promoBannerImage'           => '',
				'promoBannerLink'            => '',
				'selectedProducts'           => '',
				'selectedProductsLabel'      => '',
			),
			$extra
		);
		$widgets = $widgets ?? array(
			'1'       => $settings( array() ),
			'product' => $settings( array( 'selector' => '.widget_product_search, .wp-block-search.sws-search-block-product' ) ),
		);
		wp_enqueue_script( 'smart-search-general', 'https://example.test/smart-search/assets/dist/js/main.js', array( 'jquery' ), '3.0.5', true );
		wp_localize_script(
			'smart-search-general',
			'swsL10n',
			array(
				'restUrl'       => rest_url( 'ysm/v1/search' ) . '?',
				'searchPageUrl' => home_url( '/' ),
				'type'          => 'f',
				'v'             => '3.0.5',
				'nonce'         => wp_create_nonce( 'wp_rest' ),
				'widgets'       => $widgets,
			)
		);
	}

	/**
	 * The `swsL10n` object printed in `$footer`.
	 *
	 * @param string $footer Footer HTML.
	 */
	private static function printed_l10n( string $footer ): ?array {
		return preg_match( '/var swsL10n = (\{[^\n]*\});/', $footer, $m ) ? json_decode( $m[1], true ) : null;
	}

	public function test_the_plugins_bar_becomes_a_smart_search_island_and_its_script_leaves_it_alone(): void {
		$this->smart_search();
		$html   = do_shortcode( '<aside>[smart_search id="1"]</aside>' );
		$footer = $this->footer();

		// The plugin's bar, its field and form with the island's ids (the focus and typing carry over).
		$fallback = str_replace(
			array( 'id="ysm-smart-search-1-65f0"', 'for="ysm-smart-search-1-65f0"', '<form data-id' ),
			array( 'id="smart-search-1-input"', 'for="smart-search-1-input"', '<form id="smart-search-1-form" data-id' ),
			self::smart_bar( 1 )
		);
		$this->assertSame( '<aside>' . self::container( 'smart-search', self::props_json( $html )[0], $fallback ) . '</aside>', self::without_links( $html ) );
		$this->assertSame(
			array(
				'id'                         => '1',
				'layout'                     => 'product',
				'columns'                    => 1,
				'productSlug'                => 'product',
				'popupHeight'                => 500,
				'popupHeightMobile'          => 400,
				'charCount'                  => 3,
				'disableAjax'                => false,
				'noResultsText'              => 'Nothing found',
				'preventBadQueries'          => true,
				'fullScreenMode'             => 'desktop_only',
				'recentSearches'             => true,
				'keywords'                   => false,
				'selectedCategories'         => array(
					array(
						'name'  => 'Tennis & <b>"Padel"</b>',
						'url'   => home_url( '/?product_cat=tennis' ),
						'count' => 4,
					),
				),
				'selectedCategoriesLocation' => 'bottom',
				'selectedCategoriesCount'    => true,
				'selectedProducts'           => array(),
				'promoBannerImage'           => '',
				'promoBannerLink'            => '',
				'promoBannerLocation'        => 'bottom',
				'restUrl'                    => rest_url( 'ysm/v1/search' ),
				'homeUrl'                    => home_url( '/' ),
				'placeholder'                => 'Search for products…',
				'recentSearchesTitle'        => 'Recent',
				'idPrefix'                   => 'smart-search-1',
				'query'                      => '',
				'label'                      => 'Search for products…',
				'submitLabel'                => 'Search',
			),
			self::props( $html )[0]
		);
		$this->assertStringNotContainsString( '<b>', self::props_json( $html )[0] );
		// main.js stays for the product search widget, without the island's bar.
		$this->assertStringContainsString( 'smart-search/assets/dist/js/main.js', $footer );
		$this->assertSame( array( 'product' ), array_keys( self::printed_l10n( $footer )['widgets'] ) );
	}

	public function test_when_every_bar_is_an_island_the_plugins_script_is_not_printed(): void {
		$this->smart_search( array( '2' => array( 'selector' => '.ysm-search-widget-2', 'layout' => '' ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- short.
		$html   = do_shortcode( '[smart_search id="2"]' );
		// The same bar twice: unique ids.
		$this->assertSame( 'smart-search-2-2', self::props( do_shortcode( '[smart_search id="2"]' ) )[0]['idPrefix'] );
		$footer = $this->footer();
		$props  = self::props( $html )[0];
		$this->assertSame( array( 'default', 1, 3, false ), array( $props['layout'], $props['columns'], $props['charCount'], $props['recentSearches'] ) );
		$this->assertStringNotContainsString( 'smart-search/assets/dist/js/main.js', $footer );
	}

	public function test_the_props_filter_and_without_the_plugins_route_or_switched_off_the_bar_is_untouched(): void {
		$this->smart_search();
		$this->add_hook(
			'shop_islands_smart_search_props',
			static function ( $props, $id ) {
				$props['columns'] = 'product' === $id ? 1 : 2;
				return $props;
			},
			10,
			2
		);
		$this->assertSame( 2, self::props( do_shortcode( '[smart_search id="1"]' ) )[0]['columns'] );
		$this->assertSame( 2, Shop_Islands_Integration_Discovery::smart_search_props( '1' )['columns'] );
		$this->assertNull( Shop_Islands_Integration_Discovery::smart_search_props( '9' ), 'a widget the plugin does not have' );

		update_option( Shop_Islands_Integration::OPTION, array( 'smart-search' => false ) );
		$this->assertSame( self::smart_bar( 1 ), do_shortcode( '[smart_search id="1"]' ) );
		delete_option( Shop_Islands_Integration::OPTION );

		remove_action( 'rest_api_init', 'YSM\\Rest\\rest_route' );
		$this->assertSame( self::smart_bar( 1 ), do_shortcode( '[smart_search id="1"]' ), 'no route to ask' );
		$this->add_hook( 'shop_islands_smart_search_props', '__return_false' );
		$this->add_hook( 'rest_api_init', 'YSM\\Rest\\rest_route' );
		$this->assertSame( self::smart_bar( 1 ), do_shortcode( '[smart_search id="1"]' ), 'the filter said no' );
	}

	// -- settings ----------------------------------------------------------------------------------

	public function test_each_island_has_its_switch(): void {
		foreach ( array_keys( self::STRATEGIES ) as $island ) {
			$this->assertArrayHasKey( $island, Shop_Islands_Integration::ISLANDS );
			$this->assertTrue( Shop_Islands_Plugin::instance()->integration->enabled( $island ) );
		}
		update_option( Shop_Islands_Integration::OPTION, array_fill_keys( array_keys( self::STRATEGIES ), false ) );
		foreach ( array_keys( self::STRATEGIES ) as $island ) {
			$this->assertFalse( Shop_Islands_Plugin::instance()->integration->enabled( $island ) );
		}
	}

	public function test_the_build_has_the_five_islands_with_their_strategies(): void {
		$this->add_hook( 'shop_islands_dist_dir', static fn() => plugin_dir_path( SHOP_ISLANDS_FILE ) . 'dist/', 20 );
		foreach ( self::STRATEGIES as $island => $hydrate ) {
			$this->assertNotSame( '', self::real_src( $island ) );
			$this->assertSame( $hydrate, Shop_Islands_Plugin::instance()->manifest()->default_strategy( $island ), $island );
		}
	}
}

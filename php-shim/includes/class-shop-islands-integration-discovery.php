<?php
/**
 * Automatic integration of the islands that help shoppers find products (issue #15): the listing's
 * `catalog-ordering` and `result-count`, the `category-finder` over WooCommerce's product categories
 * dropdown, the `live-search` over WooCommerce's product search form where CommerceKit's ajax search
 * is on, and the `smart-search` over the "Smart Search for WooCommerce" plugin's search bars.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where each island goes, and why there:
 *
 * | island             | WooCommerce's or the plugin's markup                  | hook                                                     |
 * | ------------------ | ----------------------------------------------------- | -------------------------------------------------------- |
 * | `catalog-ordering` | `form.woocommerce-ordering` (template loop/orderby.php) | `woocommerce_before_template_part` / `…_after_…`         |
 * | `result-count`     | `p.woocommerce-result-count` (loop/result-count.php)  | `woocommerce_before_template_part` / `…_after_…`         |
 * | `category-finder`  | `select.dropdown_product_cat` of WC_Widget_Product_Categories (dropdown) | `widget_display_callback`, and `[shop_islands_category_finder]` |
 * | `live-search`      | `form.woocommerce-product-search` (product-searchform.php) | `get_product_search_form`, with CommerceKit's ajax search |
 * | `smart-search`     | the `[smart_search id="…"]` bar of Smart Search for WooCommerce | `do_shortcode_tag`, with its REST route `ysm/v1/search` |
 *
 * - Ordering and result count: WooCommerce prints them with `woocommerce_catalog_ordering()` and
 *   `woocommerce_result_count()` on `woocommerce_before_shop_loop` (30, 20), which themes move:
 *   Storefront 3.6 removes them there and adds them back at 10 and 20 inside its
 *   `div.storefront-sorting`, on `woocommerce_before_shop_loop` and again on
 *   `woocommerce_after_shop_loop` (two of each per page), other themes elsewhere, shortcodes and page
 *   builders call the functions themselves. Both functions print their markup through
 *   `wc_get_template()`, which fires `woocommerce_before_template_part` and
 *   `woocommerce_after_template_part` around the template (a theme's override of it included): the
 *   template's output is buffered between the two and wrapped, wherever and however often it is
 *   printed. The props are read from the markup as printed, so they match the fallback: the options
 *   (the `woocommerce_catalog_orderby` filter's, with WooCommerce's changes: relevance on searches, no
 *   rating without reviews), the select's accessible name, the hidden fields
 *   (`wc_query_string_form_fields()`: the query string but `orderby`, `submit`, `paged` and
 *   `product-page`; the form's `paged` = 1 the island sends itself), the count's text; the selected
 *   option is the template's `orderby` argument. WooCommerce's form has no submit button (woocommerce.js submits it on
 *   change): the fallback gets one inside `<noscript>`, so it sorts without JavaScript and looks the
 *   same with it. woocommerce.js stays on the page (it does much else).
 * - Category finder: WooCommerce's "Product Categories" widget in dropdown mode prints a bare
 *   `select.dropdown_product_cat` (`wc_product_dropdown_categories()`) and queues inline jQuery with
 *   `wc_enqueue_js()` that navigates on change and turns the select into a selectWoo picker, enqueuing
 *   selectWoo and select2's stylesheet. The widget is rendered here (`widget_display_callback`, as the
 *   cart widget is for the mini-cart), and its select becomes the island's fallback: its options in
 *   the island's box (the island's form, field and button classes, the select with the id of the
 *   island's first dropdown), a GET form to the home page with a Go button (`/?product_cat=slug` is
 *   the category's page: WordPress redirects it). The widget's title and wrapper stay around it. The code the widget
 *   queued is taken back out of `$wc_queued_js` (WooCommerce prints that global on `wp_footer` 25, so
 *   what this widget added is exactly the difference before and after it rendered), and selectWoo and
 *   select2's stylesheet are dequeued again when the widget was what enqueued them (whatever needs them
 *   later enqueues them, or lists them as dependencies). Category names are printed escaped in the
 *   fallback (`list_cats`, while the widget renders: WordPress prints them raw in the options).
 * - Live search: CommerceKit (Shoptimizer's companion plugin) registers `commercekit_ajax_search` only
 *   with its ajax search on, and its script `commercekit-ajax-search` (ajax-search.js) attaches to every
 *   `input[type=search]` in a `.widget_search` or `.woocommerce.widget_product_search` (older releases:
 *   every search input). Where the action is registered, the product search form (the
 *   `get_product_search_form` filter: Storefront's header search, the product search widget) becomes
 *   the island, the form as printed its fallback, and CommerceKit's script is left out of the page
 *   (`shop_islands_replaced_scripts`; the handles are filterable: `shop_islands_commercekit_search_scripts`).
 *   Not when a generic search form was printed on the page too (`get_search_form`, e.g. the search
 *   widget): CommerceKit's script must stay for it, and it would also attach to the islands' fallbacks,
 *   so those step aside (their containers stop being islands, an inline script before the loader
 *   runs). Without CommerceKit the form is left alone: there is no endpoint to call.
 * - Smart search: the plugin (3.0.5, read from its sources) prints each of its custom search bars with
 *   the `[smart_search id="N"]` shortcode (its WP widget and its Elementor module call that shortcode),
 *   and its script `smart-search-general` (main.js) attaches, on DOM ready, to the elements matching
 *   each widget's `selector` in the `swsL10n` object it localizes (`.ysm-search-widget-N` for bar N).
 *   Where the route is registered (`YSM\Rest\rest_route` on `rest_api_init`, or the route itself when
 *   the REST server exists) and the shortcode's bar has its settings in `swsL10n`, the bar becomes the
 *   island, its markup the fallback, and the props are the widget's settings as the plugin hands them
 *   to its script (filter `shop_islands_smart_search_props`). Bar N is then taken out of `swsL10n`
 *   before the footer scripts print, so main.js leaves its fallback alone; when no widget is left
 *   there, main.js itself is left out. The plugin's "default" and "product" widgets (which enhance the
 *   theme's search widgets) are not islands: main.js keeps handling them. Themes can print the island
 *   themselves: `shop_islands_render( 'smart-search', Shop_Islands_Integration_Discovery::smart_search_props( 'N' ), $fallback )`.
 *
 * Each island has its switch (Settings → Shop Islands); off, WooCommerce's and the plugins' output is
 * left exactly as it is. Markup that already holds an island container (a theme's) is left alone.
 */
final class Shop_Islands_Integration_Discovery {

	/**
	 * WooCommerce's templates wrapped whole: template name => island.
	 *
	 * @var array<string, string>
	 */
	const TEMPLATES = array(
		'loop/orderby.php'      => 'catalog-ordering',
		'loop/result-count.php' => 'result-count',
	);

	/** WooCommerce's product categories widget, by its base id. */
	const CATEGORIES_WIDGET = 'woocommerce_product_categories';

	/** The category finder's shortcode. */
	const FINDER_SHORTCODE = 'shop_islands_category_finder';

	/** CommerceKit's ajax search action (admin-ajax). */
	const COMMERCEKIT_ACTION = 'commercekit_ajax_search';

	/** CommerceKit's ajax search script (CommerceKit 1.x–2.4, `commercekit_scripts()`). */
	const COMMERCEKIT_SCRIPTS = array( 'commercekit-ajax-search' );

	/** Smart Search for WooCommerce: its shortcode, script, localized object and REST route. */
	const SMART_SEARCH_TAG      = 'smart_search';
	const SMART_SEARCH_SCRIPT   = 'smart-search-general';
	const SMART_SEARCH_OBJECT   = 'swsL10n';
	const SMART_SEARCH_ROUTE    = '/ysm/v1/search';
	const SMART_SEARCH_CALLBACK = 'YSM\\Rest\\rest_route';

	/**
	 * Buffers opened for templates, innermost last: [template name, island, buffer level, template args].
	 *
	 * @var array<int, array{0: string, 1: string, 2: int, 3: array}>
	 */
	private array $templates = array();

	/** Category finders printed so far (for their id prefixes). */
	private int $finders = 0;

	/** Whether a live-search island was placed by this integration on this page. */
	private bool $live_placed = false;

	/** Whether a generic search form (`get_search_form()`) was printed on this page. */
	private bool $generic_search_form = false;

	/** Whether `placeable()` is deciding about a live-search island (CommerceKit's script counts as its). */
	private bool $live_deciding = false;

	/**
	 * Smart search widgets placed as islands on this page: widget id => true.
	 *
	 * @var array<string, true>
	 */
	private array $smart_placed = array();

	/**
	 * Smart search bars printed as islands on this page, by widget id (for unique id prefixes).
	 *
	 * @var array<string, int>
	 */
	private array $smart_ids = array();

	/**
	 * The integration, for the per-island switches and the script conflicts.
	 *
	 * @param Shop_Islands_Integration $integration The integration.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks (what is placed is decided when WooCommerce and the plugins call them). */
	public function register(): void {
		// Last before the template is included, first after it: only the template's own output is buffered.
		add_action( 'woocommerce_before_template_part', array( $this, 'template_start' ), PHP_INT_MAX, 4 );
		add_action( 'woocommerce_after_template_part', array( $this, 'template_finish' ), PHP_INT_MIN, 4 );
		// Late, as the cart widget's: the widget is rendered as other filters left its settings.
		add_filter( 'widget_display_callback', array( $this, 'categories_widget' ), 1000, 3 );
		add_action( 'init', array( $this, 'register_shortcode' ) );
		// After CommerceKit's placeholder (99) and other plugins' changes.
		add_filter( 'get_product_search_form', array( $this, 'product_search_form' ), 1000 );
		add_filter( 'get_search_form', array( $this, 'search_form_seen' ), PHP_INT_MAX );
		add_filter( 'do_shortcode_tag', array( $this, 'smart_search_shortcode' ), 1000, 3 );
		add_filter( 'shop_islands_replaced_scripts', array( $this, 'replaced_scripts' ) );
		// Right before the footer scripts print (_wp_footer_scripts, 10): swsL10n without the islands' bars.
		add_action( 'wp_print_footer_scripts', array( $this, 'smart_search_data' ), 1 );
		// Right after them, before the loader runs.
		add_action( 'wp_print_footer_scripts', array( $this, 'step_aside' ), 11 );
	}

	/** Forgets what this request placed (tests; a new request starts from scratch anyway). */
	public function reset(): void {
		$this->templates           = array();
		$this->finders             = 0;
		$this->live_placed         = false;
		$this->generic_search_form = false;
		$this->live_deciding       = false;
		$this->smart_placed        = array();
		$this->smart_ids           = array();
	}

	/** `init`: the `[shop_islands_category_finder]` shortcode. */
	public function register_shortcode(): void {
		add_shortcode( self::FINDER_SHORTCODE, array( $this, 'finder_shortcode' ) );
	}

	// -- catalog-ordering, result-count ---------------------------------------------------------

	/**
	 * `woocommerce_before_template_part`: starts buffering the ordering form's or the result count's
	 * template, when its island is on.
	 *
	 * @param mixed $template_name The template (`loop/orderby.php`…).
	 * @param mixed $template_path Unused.
	 * @param mixed $located       Unused.
	 * @param mixed $args          The template's arguments.
	 */
	public function template_start( $template_name = '', $template_path = '', $located = '', $args = array() ): void {
		unset( $template_path, $located );
		$island = is_string( $template_name ) ? ( self::TEMPLATES[ $template_name ] ?? null ) : null;
		if ( null === $island || is_admin() || is_feed() || ! $this->integration->enabled( $island ) ) {
			return;
		}
		ob_start();
		$this->templates[] = array( $template_name, $island, ob_get_level(), is_array( $args ) ? $args : array() );
	}

	/**
	 * `woocommerce_after_template_part`: prints the buffered template, wrapped in its island.
	 *
	 * @param mixed $template_name The template.
	 * @param mixed $template_path Unused.
	 * @param mixed $located       Unused.
	 * @param mixed $args          Unused (the arguments were kept at the start).
	 */
	public function template_finish( $template_name = '', $template_path = '', $located = '', $args = array() ): void {
		unset( $template_path, $located, $args );
		$open = end( $this->templates );
		if ( false === $open || $open[0] !== $template_name ) {
			return;
		}
		array_pop( $this->templates );
		[ , $island, $level, $template_args ] = $open;
		if ( ob_get_level() !== $level ) {
			return; // The template left a buffer of its own open: its output is left as it is.
		}
		$html = (string) ob_get_clean();
		echo 'catalog-ordering' === $island ? $this->ordering_html( $html, $template_args ) : $this->result_count_html( $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's template output, and escaped containers.
	}

	/**
	 * The ordering form as a `catalog-ordering` island, or as it was.
	 *
	 * @param string $html The template's output.
	 * @param array  $args Its arguments (`catalog_orderby_options`, `orderby`).
	 */
	private function ordering_html( string $html, array $args ): string {
		$props = str_contains( $html, 'data-island=' ) ? null : self::ordering_props( $html, $args );
		if ( null === $props || ! $this->integration->placeable( 'catalog-ordering' ) ) {
			return $html;
		}
		$fallback = $html;
		$close    = strripos( $fallback, '</form>' );
		if ( false !== $close && ! preg_match( '#<(?:button|input)\b[^>]*\btype\s*=\s*["\']?submit#i', $fallback ) ) {
			// woocommerce.js submits the form on change; without JavaScript, this button does.
			$button   = '<noscript><button type="submit" class="button">' . esc_html__( 'Sort', 'shop-islands' ) . '</button></noscript>';
			$fallback = substr( $fallback, 0, $close ) . $button . substr( $fallback, $close );
		}
		return shop_islands_render( 'catalog-ordering', $props, $fallback );
	}

	/**
	 * The catalog-ordering island's props: `options` ([value, label], in WooCommerce's order),
	 * `selected` (the template's `orderby`), `label` (the select's accessible name as printed),
	 * `hiddenFields` (the form's hidden inputs but `paged`: the other query arguments). Null when the markup is not one
	 * `form.woocommerce-ordering` with an `orderby` select.
	 *
	 * @param string $html The template's output.
	 * @param array  $args Its arguments.
	 * @return array<string, mixed>|null
	 */
	private static function ordering_props( string $html, array $args ): ?array {
		$xpath = self::xpath( $html );
		if ( null === $xpath ) {
			return null;
		}
		$forms = $xpath->query( '//form[' . self::has_class( 'woocommerce-ordering' ) . ']' );
		if ( 1 !== $forms->length ) {
			return null;
		}
		$form    = $forms->item( 0 );
		$selects = $xpath->query( './/select[@name="orderby"]', $form );
		$select  = $selects->item( 0 );
		if ( 1 !== $selects->length || ! $select instanceof DOMElement ) {
			return null;
		}
		// The options as printed: WooCommerce's `catalog_orderby_options` after the
		// `woocommerce_catalog_orderby` filter and its own changes (relevance, rating, default), in its order.
		$options = array();
		foreach ( $xpath->query( './/option', $select ) as $option ) {
			$options[] = array( $option->getAttribute( 'value' ), self::text( $option->textContent ) );
		}
		if ( ! $options ) {
			return null;
		}
		$values   = array_column( $options, 0 );
		$selected = isset( $args['orderby'] ) && is_scalar( $args['orderby'] ) ? (string) $args['orderby'] : '';
		if ( ! in_array( $selected, $values, true ) ) {
			$chosen   = $xpath->query( './/option[@selected]', $select )->item( 0 );
			$selected = $chosen instanceof DOMElement && in_array( $chosen->getAttribute( 'value' ), $values, true ) ? $chosen->getAttribute( 'value' ) : $values[0];
		}
		// The query arguments the form keeps; the island sends `paged=1` itself, first.
		$hidden = array();
		foreach ( $xpath->query( './/input[@type="hidden"][@name]', $form ) as $input ) {
			if ( 'paged' !== $input->getAttribute( 'name' ) ) {
				$hidden[ $input->getAttribute( 'name' ) ] = $input->getAttribute( 'value' );
			}
		}
		$props = array(
			'options'  => $options,
			'selected' => $selected,
		);
		$label = self::accessible_name( $xpath, $select );
		if ( '' !== $label ) {
			$props['label'] = $label;
		}
		$props['hiddenFields'] = (object) $hidden;
		return $props;
	}

	/**
	 * The result count as a `result-count` island (its text the props), or as it was.
	 *
	 * @param string $html The template's output.
	 */
	private function result_count_html( string $html ): string {
		if ( str_contains( $html, 'data-island=' ) ) {
			return $html;
		}
		$xpath = self::xpath( $html );
		$count = $xpath ? $xpath->query( '//p[' . self::has_class( 'woocommerce-result-count' ) . ']' ) : null;
		if ( null === $count || 1 !== $count->length ) {
			return $html;
		}
		// The text shown: WooCommerce 9.3+ adds a screen-reader-only "Sorted by …", left out here.
		$text = self::visible_text( $count->item( 0 ) );
		if ( '' === $text || ! $this->integration->placeable( 'result-count' ) ) {
			return $html;
		}
		return shop_islands_render( 'result-count', array( 'text' => $text ), $html );
	}

	// -- category-finder ------------------------------------------------------------------------

	/**
	 * `widget_display_callback` for WooCommerce's product categories widget in dropdown mode: the widget
	 * is rendered here, its select made a `category-finder` island, and the inline script it queued
	 * taken back out. Returning false tells WordPress the widget was displayed.
	 *
	 * @param mixed $instance The widget's settings (false: displayed or hidden by an earlier filter).
	 * @param mixed $widget   The widget.
	 * @param mixed $args     Its display arguments.
	 * @return mixed
	 */
	public function categories_widget( $instance, $widget = null, $args = array() ) {
		if ( ! is_array( $instance ) || ! $widget instanceof WP_Widget || self::CATEGORIES_WIDGET !== $widget->id_base
			|| empty( $instance['dropdown'] ) || ! is_array( $args ) || is_admin() || is_feed() || $widget->is_preview()
			|| ! $this->integration->enabled( 'category-finder' ) ) {
			return $instance;
		}
		if ( ! isset( $args['widget_id'] ) ) {
			// the_widget(): what it does after this filter, since it will not get there.
			/** This action is documented in wp-includes/widgets.php */
			do_action( 'the_widget', get_class( $widget ), $instance, $args );
			$widget->_set( -1 );
		}
		$queued_before = self::queued_js();
		$select_woo    = wp_script_is( 'selectWoo', 'enqueued' );
		$select2_style = wp_style_is( 'select2', 'enqueued' );
		$escape_names  = array( self::class, 'escape_category_name' );
		add_filter( 'list_cats', $escape_names, PHP_INT_MAX );
		ob_start();
		try {
			$widget->widget( $args, $instance );
		} finally {
			$html = (string) ob_get_clean();
			remove_filter( 'list_cats', $escape_names, PHP_INT_MAX );
		}
		$prefix = isset( $args['widget_id'] ) && is_scalar( $args['widget_id'] ) ? 'category-finder-' . $args['widget_id'] : '';
		$island = $this->finder_html( $html, $prefix );
		if ( null === $island ) {
			echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's widget, as it printed it.
			return false;
		}
		// The island navigates: WooCommerce's navigate-on-change code and its selectWoo picker go.
		$queued_after = self::queued_js();
		if ( '' !== $queued_after && str_starts_with( $queued_after, $queued_before ) ) {
			$GLOBALS['wc_queued_js'] = $queued_before;
		}
		if ( ! $select_woo ) {
			wp_dequeue_script( 'selectWoo' );
		}
		if ( ! $select2_style ) {
			wp_dequeue_style( 'select2' );
		}
		echo $island; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's widget, and an escaped container.
		return false;
	}

	/**
	 * `list_cats` (last) while a categories dropdown is rendered here: the name escaped (WordPress prints
	 * the options' names raw). Names are stored with entities and texturized on the way (`&amp;`,
	 * `&#8220;`): `esc_html()` keeps those as they are, so a harmless name prints as WordPress prints it.
	 *
	 * @param mixed $name The category's name, or the "none" option's text.
	 * @return mixed
	 */
	public static function escape_category_name( $name ) {
		return is_string( $name ) ? esc_html( $name ) : $name;
	}

	/**
	 * `[shop_islands_category_finder]`: the category finder over every product category, with the
	 * current category's trail selected on a category page. Attributes: `hide_empty` (0), `show_count`
	 * (0), `id_prefix`, `label`, `submit_label`, `default_option_title`. Printed whatever the automatic
	 * switch says (a shortcode is the site's own choice). '' without product categories.
	 *
	 * @param mixed $atts Attributes.
	 */
	public function finder_shortcode( $atts = array() ): string {
		$atts = shortcode_atts(
			array(
				'hide_empty'           => '0',
				'show_count'           => '0',
				'id_prefix'            => '',
				'label'                => '',
				'submit_label'         => '',
				'default_option_title' => '',
			),
			is_array( $atts ) ? $atts : array(),
			self::FINDER_SHORTCODE
		);
		if ( ! taxonomy_exists( 'product_cat' ) ) {
			return '';
		}
		$current = is_tax( 'product_cat' ) ? get_queried_object() : null;
		$none    = '' !== $atts['default_option_title'] ? $atts['default_option_title'] : __( 'Select a category', 'woocommerce' ); // phpcs:ignore WordPress.WP.I18n.TextDomainMismatch -- WooCommerce's own string.
		$escape  = array( self::class, 'escape_category_name' );
		add_filter( 'list_cats', $escape, PHP_INT_MAX );
		try {
			// wc_product_dropdown_categories()'s arguments, as its widget passes them.
			$select = (string) wp_dropdown_categories(
				array(
					'echo'               => 0,
					'pad_counts'         => 1,
					'show_count'         => rest_sanitize_boolean( $atts['show_count'] ) ? 1 : 0,
					'hierarchical'       => 1,
					'hide_empty'         => rest_sanitize_boolean( $atts['hide_empty'] ) ? 1 : 0,
					'show_uncategorized' => 0,
					'orderby'            => 'name',
					'selected'           => $current instanceof WP_Term ? $current->slug : '',
					'show_option_none'   => $none,
					'option_none_value'  => '',
					'value_field'        => 'slug',
					'taxonomy'           => 'product_cat',
					'name'               => 'product_cat',
					'class'              => 'dropdown_product_cat',
				)
			);
		} finally {
			remove_filter( 'list_cats', $escape, PHP_INT_MAX );
		}
		$labels = array_filter(
			array(
				'label'       => (string) $atts['label'],
				'submitLabel' => (string) $atts['submit_label'],
			),
			static fn( string $value ): bool => '' !== $value
		);
		return $this->finder_html( $select, (string) $atts['id_prefix'], $labels ) ?? '';
	}

	/**
	 * The markup with its one `select.dropdown_product_cat` made a `category-finder` island, or null
	 * (no such select, an island already, options that are not product categories by slug).
	 *
	 * @param string               $html   The widget's (or the shortcode's) markup.
	 * @param string               $prefix The island's id prefix ('' for the next numbered one).
	 * @param array<string,string> $labels `label`, `submitLabel` to use instead of the defaults.
	 */
	private function finder_html( string $html, string $prefix, array $labels = array() ): ?string {
		if ( str_contains( $html, 'data-island=' )
			|| 1 !== preg_match_all( '#<select\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*\bclass\s*=\s*(["\'])(?:(?!\1).)*\bdropdown_product_cat\b(?:(?!\1).)*\1(?:[^>"\']|"[^"]*"|\'[^\']*\')*>.*?</select\s*>#is', $html, $found, PREG_OFFSET_CAPTURE ) ) {
			return null;
		}
		[ $select, $offset ] = $found[0][0];
		$prefix              = (string) preg_replace( '/[^\w-]+/', '-', $prefix );
		if ( ! preg_match( '/^[A-Za-z][\w-]*$/D', $prefix ) ) {
			$prefix = 'category-finder-' . ( $this->finders + 1 );
		}
		$props = self::finder_props( $select, $prefix, $labels );
		if ( null === $props || ! $this->integration->placeable( 'category-finder' ) ) {
			return null;
		}
		++$this->finders;
		$island = shop_islands_render( 'category-finder', $props, self::finder_fallback( $select, $props ) );
		return substr( $html, 0, $offset ) . $island . substr( $html, $offset + strlen( $select ) );
	}

	/**
	 * The finder's props (widgets/category-finder/schema.ts) from WooCommerce's dropdown: the product
	 * categories it lists (its options' slugs), each with its title, its children among them and its
	 * page; the roots (those whose parent is not listed); the selected category's trail from its root.
	 *
	 * @param string               $select The select's HTML.
	 * @param string               $prefix The id prefix.
	 * @param array<string,string> $labels Labels given.
	 * @return array<string, mixed>|null
	 */
	private static function finder_props( string $select, string $prefix, array $labels ): ?array {
		$xpath = self::xpath( $select );
		$el    = $xpath ? $xpath->query( '//select' )->item( 0 ) : null;
		if ( ! $el instanceof DOMElement ) {
			return null;
		}
		$slugs    = array();
		$none     = '';
		$selected = '';
		foreach ( $xpath->query( './/option', $el ) as $option ) {
			$value = $option->getAttribute( 'value' );
			if ( '' === $value ) {
				$none = '' === $none ? self::text( $option->textContent ) : $none;
				continue;
			}
			$slugs[] = $value;
			if ( $option->hasAttribute( 'selected' ) ) {
				$selected = $value;
			}
		}
		if ( ! $slugs ) {
			return null;
		}
		$terms = get_terms(
			array(
				'taxonomy'   => 'product_cat',
				'slug'       => $slugs,
				'hide_empty' => false,
			)
		);
		if ( ! is_array( $terms ) ) {
			return null;
		}
		$by_slug = array();
		foreach ( $terms as $term ) {
			if ( $term instanceof WP_Term ) {
				$by_slug[ rawurldecode( $term->slug ) ] = $term;
				$by_slug[ $term->slug ]                 = $term;
			}
		}
		$categories = array();
		foreach ( $slugs as $slug ) {
			$term = $by_slug[ $slug ] ?? $by_slug[ rawurldecode( $slug ) ] ?? null;
			if ( null === $term ) {
				return null; // Not a product category's slug (a `value_field` changed by a filter).
			}
			$link                            = get_term_link( $term );
			$categories[ $term->term_id ] = array(
				'id'       => $term->term_id,
				// As the dropdown shows it (`list_cats`: texturized, a translation plugin's name).
				'title'    => self::text( (string) apply_filters( 'list_cats', $term->name, $term ) ),
				'children' => array(),
				'url'      => is_string( $link ) ? $link : '',
			);
		}
		$roots = array();
		foreach ( $slugs as $slug ) {
			$term = $by_slug[ $slug ] ?? $by_slug[ rawurldecode( $slug ) ];
			if ( isset( $categories[ $term->parent ] ) && $term->parent !== $term->term_id ) {
				$categories[ $term->parent ]['children'][] = $term->term_id;
			} else {
				$roots[] = $term->term_id;
			}
		}
		// The selected category's trail, root first, as long as each is listed under the one before.
		$trail = array();
		$term  = '' === $selected ? null : ( $by_slug[ $selected ] ?? null );
		if ( null !== $term ) {
			$chain = array_merge( array_reverse( array_map( 'intval', get_ancestors( $term->term_id, 'product_cat', 'taxonomy' ) ) ), array( $term->term_id ) );
			foreach ( $chain as $id ) {
				$fits = array() === $trail ? in_array( $id, $roots, true ) : in_array( $id, $categories[ end( $trail ) ]['children'] ?? array(), true );
				if ( ! isset( $categories[ $id ] ) || ! $fits ) {
					break;
				}
				$trail[] = $id;
			}
		}
		$props = array(
			'idPrefix'        => $prefix,
			'rootCategoryIds' => $roots,
			'categories'      => $categories,
			'selectedIds'     => $trail,
		);
		if ( '' !== $none ) {
			$props['defaultOptionTitle'] = $none;
		}
		$props['label']       = $labels['label'] ?? __( 'Category', 'shop-islands' );
		$props['submitLabel'] = $labels['submitLabel'] ?? __( 'Go', 'shop-islands' );
		return $props;
	}

	/**
	 * The finder's fallback: the island's box (its form, field and button classes; the select has the
	 * id of the island's first dropdown, so the focus and a choice carry over when it mounts) holding
	 * WooCommerce's options (names escaped), in a GET form to the home page with a Go button:
	 * `/?product_cat=slug` is the category's page without JavaScript.
	 *
	 * @param string               $select The select's HTML.
	 * @param array<string, mixed> $props  The props (id prefix, label texts).
	 */
	private static function finder_fallback( string $select, array $props ): string {
		$home   = home_url( '/' );
		$hidden = '';
		$query  = wp_parse_url( $home, PHP_URL_QUERY );
		if ( is_string( $query ) && '' !== $query ) {
			// A GET form drops its action's query (a language's `?lang=`): kept as fields.
			parse_str( $query, $fields );
			foreach ( $fields as $name => $value ) {
				if ( is_string( $value ) && 'product_cat' !== $name ) {
					$hidden .= '<input type="hidden" name="' . esc_attr( (string) $name ) . '" value="' . esc_attr( $value ) . '">';
				}
			}
		}
		$prefix  = (string) $props['idPrefix'];
		$options = (string) preg_replace( '#^<select\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*>|</select\s*>$#i', '', $select );
		return '<div class="shop-islands-category-finder" id="' . esc_attr( $prefix ) . '">'
			. '<form class="shop-islands-category-finder__form" method="get" action="' . esc_url( $home ) . '">' . $hidden
			. '<div class="shop-islands-category-finder__field"><label for="' . esc_attr( $prefix . '-level-1' ) . '">' . esc_html( (string) $props['label'] ) . '</label>'
			. '<select name="product_cat" id="' . esc_attr( $prefix . '-level-1' ) . '" class="shop-islands-category-finder__select dropdown_product_cat">' . $options . '</select></div>'
			. '<button type="submit" class="button shop-islands-category-finder__submit">' . esc_html( (string) $props['submitLabel'] ) . '</button>'
			. '</form></div>';
	}

	/** WooCommerce's queued inline code (`wc_enqueue_js()`), '' when none. */
	private static function queued_js(): string {
		$queued = $GLOBALS['wc_queued_js'] ?? '';
		return is_string( $queued ) ? $queued : '';
	}

	// -- live-search ----------------------------------------------------------------------------

	/**
	 * `get_product_search_form`: WooCommerce's product search form as a `live-search` island where
	 * CommerceKit's ajax search is on, or as it was.
	 *
	 * @param mixed $html The form's HTML.
	 * @return mixed
	 */
	public function product_search_form( $html ) {
		if ( ! is_string( $html ) || is_admin() || is_feed() || str_contains( $html, 'data-island=' )
			|| ! self::commercekit_search() || ! $this->integration->enabled( 'live-search' ) ) {
			return $html;
		}
		foreach ( self::commercekit_scripts() as $handle ) {
			if ( in_array( $handle, wp_scripts()->done, true ) ) {
				return $html; // Printed already: it runs over whatever form is on the page.
			}
		}
		$props = self::live_search_props( $html );
		if ( null === $props ) {
			return $html;
		}
		$this->live_deciding = true;
		try {
			$placeable = $this->integration->placeable( 'live-search' );
		} finally {
			$this->live_deciding = false;
		}
		if ( ! $placeable ) {
			return $html;
		}
		$this->live_placed = true;
		return shop_islands_render( 'live-search', $props, $html );
	}

	/**
	 * `get_search_form` (last): a generic search form is on the page; CommerceKit's script may handle
	 * it, so it stays.
	 *
	 * @param mixed $form The form.
	 * @return mixed
	 */
	public function search_form_seen( $form ) {
		if ( is_string( $form ) && '' !== $form && ! is_admin() ) {
			$this->generic_search_form = true;
		}
		return $form;
	}

	/** Whether CommerceKit's ajax search is on (its admin-ajax action is registered). */
	private static function commercekit_search(): bool {
		return false !== has_action( 'wp_ajax_nopriv_' . self::COMMERCEKIT_ACTION );
	}

	/**
	 * CommerceKit's search script handles.
	 *
	 * @return string[]
	 */
	private static function commercekit_scripts(): array {
		/**
		 * Filters the handles of CommerceKit's ajax search script, left out of pages where the
		 * live-search island replaces it. CommerceKit 1.x to 2.4 enqueue `commercekit-ajax-search`
		 * (assets/js/ajax-search.js); add a release's other handle here.
		 *
		 * @since 0.2.0
		 *
		 * @param string[] $handles Script handles.
		 */
		$handles = apply_filters( 'shop_islands_commercekit_search_scripts', self::COMMERCEKIT_SCRIPTS );
		return is_array( $handles ) ? array_values( array_filter( $handles, static fn( $handle ): bool => is_string( $handle ) && '' !== $handle ) ) : array();
	}

	/**
	 * The live-search island's props (widgets/live-search/schema.ts) read from WooCommerce's form as
	 * printed (CommerceKit's placeholder in it): the field's id (the island's field keeps it, so the
	 * focus and what was typed carry over), the form's action, the field's value, label and
	 * placeholder, the button's text and class; the admin-ajax URL; CommerceKit's "view all" and
	 * "no results" texts when it has them. Null when the markup is not one
	 * `form.woocommerce-product-search` with its `s` field.
	 *
	 * The admin-ajax URL carries a `commercekit_nonce`: CommerceKit's later releases answer
	 * `commercekit_ajax_search` only with one (`wp_verify_nonce( …, 'commercekit_nonce' )`, else empty
	 * suggestions); earlier ones ignore it. The island keeps the URL's query and adds its own.
	 *
	 * @param string $html The form's HTML.
	 * @return array<string, mixed>|null
	 */
	private static function live_search_props( string $html ): ?array {
		$xpath = self::xpath( $html );
		$forms = $xpath ? $xpath->query( '//form[' . self::has_class( 'woocommerce-product-search' ) . ']' ) : null;
		if ( null === $forms || 1 !== $forms->length ) {
			return null;
		}
		$form   = $forms->item( 0 );
		$inputs = $xpath->query( './/input[@name="s"]', $form );
		$input  = $inputs->item( 0 );
		if ( 1 !== $inputs->length || ! $input instanceof DOMElement || ! $form instanceof DOMElement ) {
			return null;
		}
		$id    = $input->getAttribute( 'id' );
		$props = array(
			'idPrefix' => preg_match( '/^[A-Za-z][\w-]*$/D', $id ) ? $id : 'woocommerce-product-search-field-0',
			'action'   => '' !== trim( $form->getAttribute( 'action' ) ) ? trim( $form->getAttribute( 'action' ) ) : home_url( '/' ),
			'ajaxUrl'  => add_query_arg( 'commercekit_nonce', wp_create_nonce( 'commercekit_nonce' ), admin_url( 'admin-ajax.php' ) ),
			'query'    => $input->getAttribute( 'value' ),
		);
		$label = self::accessible_name( $xpath, $input );
		if ( '' !== $label ) {
			$props['label'] = $label;
		}
		$props['placeholder'] = trim( $input->getAttribute( 'placeholder' ) );
		$button               = $xpath->query( './/button[not(@type) or @type="submit"] | .//input[@type="submit"]', $form )->item( 0 );
		if ( $button instanceof DOMElement ) {
			$submit = 'input' === strtolower( $button->tagName ) ? self::text( $button->getAttribute( 'value' ) ) : self::text( $button->textContent );
			if ( '' === $submit ) {
				$submit = self::text( $button->getAttribute( 'aria-label' ) ?: $button->getAttribute( 'value' ) );
			}
			if ( '' !== $submit ) {
				$props['submitLabel'] = $submit;
			}
			$props['buttonClass'] = trim( $button->getAttribute( 'class' ) );
		}
		$options = get_option( 'commercekit', array() );
		foreach ( array(
			'ajs_all_text' => 'viewAllLabel',
			'ajs_no_text'  => 'noResultsText',
		) as $option => $prop ) {
			$value = is_array( $options ) && isset( $options[ $option ] ) && is_string( $options[ $option ] ) ? self::text( wp_strip_all_tags( wp_unslash( $options[ $option ] ) ) ) : '';
			if ( '' !== $value ) {
				$props[ $prop ] = $value;
			}
		}
		return $props;
	}

	// -- smart-search ---------------------------------------------------------------------------

	/**
	 * `do_shortcode_tag` for `[smart_search id="N"]`: the plugin's search bar as a `smart-search`
	 * island (its markup the fallback), or as it was.
	 *
	 * @param mixed $output The shortcode's output.
	 * @param mixed $tag    The shortcode's tag.
	 * @param mixed $attr   Its attributes.
	 * @return mixed
	 */
	public function smart_search_shortcode( $output, $tag = '', $attr = array() ) {
		if ( ! is_string( $output ) || self::SMART_SEARCH_TAG !== $tag || '' === trim( $output ) || is_admin() || is_feed()
			|| str_contains( $output, 'data-island=' ) || ! $this->integration->enabled( 'smart-search' ) ) {
			return $output;
		}
		$id = is_array( $attr ) && isset( $attr['id'] ) && is_scalar( $attr['id'] ) ? (string) (int) $attr['id'] : '';
		if ( '' === $id || '0' === $id || in_array( self::SMART_SEARCH_SCRIPT, wp_scripts()->done, true ) ) {
			return $output; // main.js printed already, with this bar's settings: it handles the bar.
		}
		// The bar as the plugin prints it: `div.ysm-search-widget-N` around its search form.
		if ( 1 !== preg_match_all( '#<form\b#i', $output ) || ! preg_match( '#\bysm-search-widget-' . $id . '\b#', $output ) ) {
			return $output;
		}
		// Unique ids on the page: `smart-search-N`, then `smart-search-N-2`… for the same bar again.
		$seen   = $this->smart_ids[ $id ] ?? 0;
		$prefix = 'smart-search-' . $id . ( $seen ? '-' . ( $seen + 1 ) : '' );
		$bar    = self::smart_search_bar( $output, $prefix );
		$props  = null === $bar ? null : self::smart_search_props( $id, $bar['form'] );
		if ( null === $props || ! $this->integration->placeable( 'smart-search' ) ) {
			return $output;
		}
		$this->smart_ids[ $id ]    = $seen + 1;
		$this->smart_placed[ $id ] = true;
		return shop_islands_render( 'smart-search', $props, $bar['fallback'] );
	}

	/**
	 * The plugin's bar as the island's fallback, and what the island reads from it: the field's id
	 * becomes the island's (`{idPrefix}-input`, its label's `for` with it) and the form gets the
	 * island's form id, so the focus and what was typed carry over when the island mounts; the
	 * field's value (`query`), its label and the button's name. Null without one `s` field.
	 *
	 * @param string $html   The shortcode's output.
	 * @param string $prefix The island's id prefix.
	 * @return array{form: array<string, string>, fallback: string}|null
	 */
	private static function smart_search_bar( string $html, string $prefix ): ?array {
		$xpath  = self::xpath( $html );
		$inputs = $xpath ? $xpath->query( '//form//input[@name="s"]' ) : null;
		$input  = null === $inputs ? null : $inputs->item( 0 );
		if ( null === $inputs || 1 !== $inputs->length || ! $input instanceof DOMElement ) {
			return null;
		}
		$form  = array(
			'idPrefix' => $prefix,
			'query'    => $input->getAttribute( 'value' ),
		);
		$label = self::accessible_name( $xpath, $input );
		if ( '' === $label ) {
			$label = self::text( $input->getAttribute( 'placeholder' ) );
		}
		if ( '' !== $label ) {
			$form['label'] = $label;
		}
		$button = $xpath->query( '//form//button[not(@type) or @type="submit"]' )->item( 0 );
		$submit = $button instanceof DOMElement ? self::text( $button->getAttribute( 'aria-label' ) ?: $button->textContent ) : '';
		if ( '' !== $submit ) {
			$form['submitLabel'] = $submit;
		}
		$old      = $input->getAttribute( 'id' );
		$fallback = $html;
		if ( '' !== $old ) {
			$fallback = (string) preg_replace(
				'#(\s(?:id|for)\s*=\s*)(["\'])' . preg_quote( esc_attr( $old ), '#' ) . '\2#',
				'${1}"' . esc_attr( $prefix . '-input' ) . '"',
				$fallback
			);
		} else {
			$fallback = (string) preg_replace( '#<input\b(?=(?:[^>"\']|"[^"]*"|\'[^\']*\')*\sname\s*=\s*(["\']?)s\1[\s/>])#i', '<input id="' . esc_attr( $prefix . '-input' ) . '"', $fallback, 1 );
		}
		if ( ! preg_match( '#<form\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*\sid\s*=#i', $fallback ) ) {
			$fallback = (string) preg_replace( '#<form\b#i', '<form id="' . esc_attr( $prefix . '-form' ) . '"', $fallback, 1 );
		}
		return array(
			'form'     => $form,
			'fallback' => $fallback,
		);
	}

	/**
	 * The smart-search island's props (widgets/smart-search/schema.ts) for the plugin's widget `$id`:
	 * its settings as the plugin localizes them for its script (`swsL10n.widgets[id]`), plus the REST
	 * URL and the home URL (the X-WP-Nonce comes from the page's settings block) and what `$form` says
	 * about the bar it goes over (`idPrefix`, `query`, `label`, `submitLabel`), filtered by
	 * `shop_islands_smart_search_props`. Null when the plugin's search is not there (no route, no
	 * settings for this widget on this page) or the filter returns no array.
	 *
	 * @param string               $id   The plugin's widget id (`1`, `product`…).
	 * @param array<string, mixed> $form Props read from the bar's markup.
	 * @return array<string, mixed>|null
	 */
	public static function smart_search_props( string $id, array $form = array() ): ?array {
		$l10n   = self::smart_search_l10n();
		$widget = $l10n['widgets'][ $id ] ?? null;
		if ( ! self::smart_search_route() || ! is_array( $widget ) || ! preg_match( '/^[\w-]+$/D', $id ) ) {
			return null;
		}
		$string = static fn( string $key ): string => isset( $widget[ $key ] ) && is_scalar( $widget[ $key ] ) ? trim( (string) $widget[ $key ] ) : '';
		$int    = static fn( string $key, int $default ): int => isset( $widget[ $key ] ) && is_numeric( $widget[ $key ] ) && (int) $widget[ $key ] >= 1 ? (int) $widget[ $key ] : $default;
		$flag   = static fn( string $key ): bool => ! empty( $widget[ $key ] ) && '0' !== $widget[ $key ];
		$one_of = static fn( string $key, array $allowed, string $default ): string => in_array( $string( $key ), $allowed, true ) ? $string( $key ) : $default;
		$rest   = isset( $l10n['restUrl'] ) && is_string( $l10n['restUrl'] ) ? rtrim( $l10n['restUrl'], '?&' ) : rest_url( 'ysm/v1/search' );
		$props  = array(
			'id'                         => $id,
			'layout'                     => 'product' === $string( 'layout' ) ? 'product' : 'default',
			'columns'                    => $int( 'columns', 1 ),
			'productSlug'                => '' !== $string( 'productSlug' ) ? $string( 'productSlug' ) : 'product',
			'popupHeight'                => $int( 'popupHeight', 500 ),
			'popupHeightMobile'          => $int( 'popupHeightMobile', 400 ),
			'charCount'                  => $int( 'charCount', 3 ),
			'disableAjax'                => $flag( 'disableAjax' ),
			'noResultsText'              => $string( 'noResultsText' ),
			'preventBadQueries'          => ! isset( $widget['preventBadQueries'] ) || $flag( 'preventBadQueries' ),
			'fullScreenMode'             => $one_of( 'fullScreenMode', array( 'desktop_only', 'mobile_only', 'enable' ), '' ),
			'recentSearches'             => $flag( 'recentSearches' ),
			'keywords'                   => $flag( 'keywords' ),
			'selectedCategories'         => self::smart_search_categories( $widget['selectedCategories'] ?? null ),
			'selectedCategoriesLocation' => $one_of( 'selectedCategoriesLocation', array( 'top', 'bottom' ), 'top' ),
			'selectedCategoriesCount'    => $flag( 'selectedCategoriesCount' ),
			'selectedProducts'           => self::smart_search_products( $widget['selectedProducts'] ?? null ),
			'promoBannerImage'           => self::http_url( $string( 'promoBannerImage' ) ) ? $string( 'promoBannerImage' ) : '',
			'promoBannerLink'            => self::http_url( $string( 'promoBannerLink' ) ) ? $string( 'promoBannerLink' ) : '',
			'promoBannerLocation'        => $one_of( 'promoBannerLocation', array( 'top', 'bottom' ), 'bottom' ),
			'restUrl'                    => $rest,
			'homeUrl'                    => isset( $l10n['searchPageUrl'] ) && is_string( $l10n['searchPageUrl'] ) && '' !== $l10n['searchPageUrl'] ? $l10n['searchPageUrl'] : home_url( '/' ),
		);
		// Texts the site set; left out when empty, so the island's own (translated) defaults apply.
		foreach ( array( 'placeholder', 'recentSearchesTitle', 'keywordsLabel', 'selectedCategoriesLabel', 'selectedProductsLabel' ) as $key ) {
			if ( '' !== $string( $key ) ) {
				$props[ $key ] = self::text( $string( $key ) );
			}
		}
		$props += array_intersect_key( $form, array_flip( array( 'idPrefix', 'query', 'label', 'submitLabel' ) ) );
		/**
		 * Filters the props of a smart-search island for one of the plugin's widgets (before the
		 * general `shop_islands_props` filters). Return something that is not an array to leave the
		 * plugin's bar as it is.
		 *
		 * @since 0.2.0
		 *
		 * @param array  $props The props.
		 * @param string $id    The plugin's widget id.
		 * @param array  $widget The widget's settings as the plugin localizes them.
		 */
		$props = apply_filters( 'shop_islands_smart_search_props', $props, $id, $widget );
		return is_array( $props ) ? $props : null;
	}

	/** Whether the plugin's REST route `ysm/v1/search` is (or will be) registered. */
	private static function smart_search_route(): bool {
		// On a page the REST server is not started: the plugin's callback waiting on `rest_api_init` says it.
		$on     = false !== has_action( 'rest_api_init', self::SMART_SEARCH_CALLBACK );
		$server = $GLOBALS['wp_rest_server'] ?? null;
		if ( ! $on && $server instanceof WP_REST_Server && did_action( 'rest_api_init' ) ) {
			$on = isset( $server->get_routes()[ self::SMART_SEARCH_ROUTE ] );
		}
		/**
		 * Filters whether Smart Search for WooCommerce's REST route `ysm/v1/search` is there (a release
		 * that registers it with another callback).
		 *
		 * @since 0.2.0
		 *
		 * @param bool $on Whether the route is registered.
		 */
		return (bool) apply_filters( 'shop_islands_smart_search_route', $on );
	}

	/**
	 * The plugin's `swsL10n` object as localized for its script, or [] when it is not there.
	 *
	 * @return array<string, mixed>
	 */
	private static function smart_search_l10n(): array {
		$data = wp_scripts()->get_data( self::SMART_SEARCH_SCRIPT, 'data' );
		if ( ! is_string( $data ) || ! preg_match( self::smart_search_pattern(), $data, $m ) ) {
			return array();
		}
		$l10n = json_decode( $m[2], true );
		return is_array( $l10n ) ? $l10n : array();
	}

	/**
	 * Where `swsL10n` is in the script's data: `wp_localize_script()` writes `var NAME = JSON;` on one
	 * line (JSON has no raw line breaks), one line per call. Groups: before, the JSON, after.
	 */
	private static function smart_search_pattern(): string {
		return '/((?:^|\n)[ \t]*var[ \t]+' . self::SMART_SEARCH_OBJECT . '[ \t]*=[ \t]*)(\{[^\n]*\})([ \t]*;)/';
	}

	/**
	 * The featured categories (`[{ name, url, count }]`) from the plugin's list.
	 *
	 * @param mixed $list The plugin's `selectedCategories` ('' when none).
	 * @return array<int, array<string, mixed>>
	 */
	private static function smart_search_categories( $list ): array {
		$categories = array();
		foreach ( is_array( $list ) ? $list : array() as $category ) {
			if ( is_array( $category ) && isset( $category['name'], $category['url'] ) && is_string( $category['url'] ) && self::http_url( $category['url'] ) ) {
				$categories[] = array(
					'name'  => self::text( (string) $category['name'] ),
					'url'   => $category['url'],
					'count' => isset( $category['count'] ) && is_numeric( $category['count'] ) ? (int) $category['count'] : 0,
				);
			}
		}
		return $categories;
	}

	/**
	 * The featured products (the plugin's Pro setting) with the fields the island reads.
	 *
	 * @param mixed $list The plugin's `selectedProducts` ('' when none).
	 * @return array<int, array<string, mixed>>
	 */
	private static function smart_search_products( $list ): array {
		$products = array();
		$keys     = array( 'id', 'name', 'permalink', 'image', 'category', 'price', 'type', 'rating_count', 'average_rating', 'icon', 'icon_variable' );
		foreach ( is_array( $list ) ? $list : array() as $product ) {
			if ( is_array( $product ) && isset( $product['id'], $product['name'], $product['permalink'] ) ) {
				$products[] = array_intersect_key( $product, array_flip( $keys ) );
			}
		}
		return $products;
	}

	/**
	 * `wp_print_footer_scripts` (1): the bars made islands are taken out of the plugin's `swsL10n`, so
	 * its main.js does not attach to their fallbacks (it looks its widgets' selectors up on DOM ready).
	 */
	public function smart_search_data(): void {
		if ( ! $this->smart_placed || ! Shop_Islands_Plugin::instance()->assets->printed( 'smart-search' ) ) {
			return;
		}
		$scripts = wp_scripts();
		$data    = $scripts->get_data( self::SMART_SEARCH_SCRIPT, 'data' );
		$l10n    = self::smart_search_l10n();
		if ( ! is_string( $data ) || ! isset( $l10n['widgets'] ) || ! is_array( $l10n['widgets'] ) ) {
			return;
		}
		$l10n['widgets'] = (object) array_diff_key( $l10n['widgets'], $this->smart_placed );
		$json            = wp_json_encode( $l10n );
		if ( false === $json ) {
			return;
		}
		$replaced = preg_replace_callback(
			self::smart_search_pattern(),
			static fn( array $m ): string => $m[1] . $json . $m[3],
			$data,
			1
		);
		if ( is_string( $replaced ) ) {
			$scripts->add_data( self::SMART_SEARCH_SCRIPT, 'data', $replaced );
		}
	}

	// -- scripts --------------------------------------------------------------------------------

	/**
	 * `shop_islands_replaced_scripts`: CommerceKit's search script is the live-search island's on a page
	 * where this integration placed one and no generic search form is printed (and while it decides
	 * whether to); the plugin's main.js is the smart-search island's where every widget it would
	 * handle on the page is one.
	 *
	 * @param mixed $replaced Handle => islands.
	 * @return mixed
	 */
	public function replaced_scripts( $replaced ) {
		if ( ! is_array( $replaced ) ) {
			return $replaced;
		}
		if ( $this->live_deciding || ( $this->live_placed && ! $this->generic_search_form ) ) {
			foreach ( self::commercekit_scripts() as $handle ) {
				$replaced[ $handle ] = array( 'live-search' );
			}
		}
		if ( $this->smart_placed ) {
			$l10n    = self::smart_search_l10n();
			$widgets = isset( $l10n['widgets'] ) && is_array( $l10n['widgets'] ) ? $l10n['widgets'] : array();
			if ( ! array_diff_key( $widgets, $this->smart_placed ) ) {
				$replaced[ self::SMART_SEARCH_SCRIPT ] = array( 'smart-search' );
			}
		}
		return $replaced;
	}

	/**
	 * `wp_print_footer_scripts` (11): where CommerceKit's search script was printed after all (a generic
	 * search form on the page needs it) on a page holding live-search islands, they step aside: their
	 * containers stop being islands (an inline script, which runs before the deferred loader), and
	 * CommerceKit's script runs every search form, as if the islands were off. Both would answer the
	 * same input.
	 */
	public function step_aside(): void {
		if ( is_admin() || ! Shop_Islands_Plugin::instance()->assets->printed( 'live-search' ) ) {
			return;
		}
		if ( ! array_intersect( self::commercekit_scripts(), wp_scripts()->done ) ) {
			return;
		}
		wp_print_inline_script_tag( 'document.querySelectorAll(\'[data-island="live-search"]\').forEach(function(el){el.removeAttribute("data-island");});' );
	}

	// -- helpers --------------------------------------------------------------------------------

	/**
	 * An XPath over an HTML fragment (entities decoded as the browser decodes them), or null.
	 *
	 * @param string $html HTML fragment (UTF-8).
	 */
	private static function xpath( string $html ): ?DOMXPath {
		if ( ! class_exists( 'DOMDocument' ) ) {
			return null;
		}
		$doc      = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$loaded   = $doc->loadHTML( '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>' . $html . '</body></html>', LIBXML_NONET );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return $loaded ? new DOMXPath( $doc ) : null;
	}

	/**
	 * An XPath predicate: the element has the class.
	 *
	 * @param string $class A class name.
	 */
	private static function has_class( string $class ): string {
		return 'contains(concat(" ", normalize-space(@class), " "), " ' . $class . ' ")';
	}

	/**
	 * A control's accessible name as printed: its `aria-label`, else the text of its `<label for>`.
	 *
	 * @param DOMXPath   $xpath   The fragment.
	 * @param DOMElement $control The control.
	 */
	private static function accessible_name( DOMXPath $xpath, DOMElement $control ): string {
		$name = self::text( $control->getAttribute( 'aria-label' ) );
		$id   = $control->getAttribute( 'id' );
		if ( '' === $name && '' !== $id ) {
			foreach ( $xpath->query( '//label[@for]' ) as $label ) {
				if ( $label instanceof DOMElement && $label->getAttribute( 'for' ) === $id ) {
					return self::text( $label->textContent );
				}
			}
		}
		return $name;
	}

	/**
	 * An element's text as shown: without the content of `.screen-reader-text` elements.
	 *
	 * @param DOMNode $node The element.
	 */
	private static function visible_text( DOMNode $node ): string {
		$text = '';
		foreach ( $node->childNodes as $child ) {
			if ( $child instanceof DOMElement ) {
				if ( in_array( 'screen-reader-text', preg_split( '/\s+/', $child->getAttribute( 'class' ) ), true ) ) {
					continue;
				}
				$text .= ' ' . self::visible_text( $child ) . ' ';
			} elseif ( XML_TEXT_NODE === $child->nodeType || XML_CDATA_SECTION_NODE === $child->nodeType ) {
				$text .= $child->textContent;
			}
		}
		return self::text( $text );
	}

	/**
	 * Text with its entities decoded.
	 *
	 * @param string $text Text.
	 */
	private static function decode( string $text ): string {
		return html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}

	/**
	 * Text as the browser shows it: entities decoded, white space (non-breaking included) collapsed.
	 *
	 * @param string $text Text (may hold entities).
	 */
	private static function text( string $text ): string {
		return trim( (string) preg_replace( '/[\s\x{00A0}]+/u', ' ', self::decode( $text ) ) );
	}

	/**
	 * Whether the island accepts `$url` (http(s), or relative).
	 *
	 * @param string $url URL.
	 */
	private static function http_url( string $url ): bool {
		$url = trim( $url );
		if ( '' === $url ) {
			return false;
		}
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		return null === $scheme || false === $scheme ? ! preg_match( '/^[a-z][a-z0-9+.-]*:/i', $url ) : in_array( strtolower( (string) $scheme ), array( 'http', 'https' ), true );
	}
}

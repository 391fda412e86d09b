<?php
/**
 * Automatic integration on the single product page (classic themes): WooCommerce's and Storefront's
 * own output wrapped in island containers, that output kept as the fallback.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where WooCommerce prints a part with no filter on its HTML, the whole action that prints it is
 * buffered (first to last priority), the part is found in what was printed (by its classes, as
 * WooCommerce's own scripts find it) and only that part is wrapped: whatever else themes and plugins
 * print on the same action stays where it was. The props are read from that same HTML (so they
 * match the fallback, whatever filters changed it) and from the product. A part whose props would
 * not pass the widget's schema is left as WooCommerce printed it, with its WooCommerce script.
 *
 * | island               | found in                                                    | action or filter                                  |
 * | -------------------- | ----------------------------------------------------------- | ------------------------------------------------- |
 * | `add-to-cart`        | a simple product's `form.cart` submit button                | `woocommerce_simple_add_to_cart`                  |
 * | `variation-form`     | `form.variations_form`                                      | `woocommerce_variable_add_to_cart`                |
 * | `product-gallery`    | `div.woocommerce-product-gallery` (with images)             | `woocommerce_before_single_product_summary`       |
 * | `sale-badge`         | `span.onsale` of a variable product (Shoptimizer's endpoint) | `woocommerce_sale_flash` in the action above      |
 * | `product-tabs`       | the tab list `ul.wc-tabs` (the panels stay outside)         | `woocommerce_after_single_product_summary`        |
 * | `product-reviews`    | `#respond`, the review form                                 | `comment_form_before` / `comment_form_after`      |
 * | `sticky-add-to-cart` | Storefront's `section.storefront-sticky-add-to-cart`        | `storefront_after_footer`                         |
 */
final class Shop_Islands_Integration_Product {

	/**
	 * The actions whose output is buffered, with the method that wraps it.
	 *
	 * @var array<string, string>
	 */
	const BUFFERED = array(
		'woocommerce_before_single_product_summary' => 'wrap_gallery',
		'woocommerce_after_single_product_summary'  => 'wrap_tabs',
		'woocommerce_simple_add_to_cart'            => 'wrap_simple_add_to_cart',
		'woocommerce_variable_add_to_cart'          => 'wrap_variation_form',
		'storefront_after_footer'                   => 'wrap_sticky_add_to_cart',
	);

	/** Form fields the review island renders: a form with any other (a plugin's) is left alone. */
	const REVIEW_FIELDS = array( 'rating', 'comment', 'author', 'email', 'url', 'wp-comment-cookies-consent', 'submit', 'comment_post_ID', 'comment_parent' );

	/**
	 * Output buffer level of each action being buffered (hook => level), so only our own buffer is closed.
	 *
	 * @var array<string, int>
	 */
	private array $levels = array();

	/** Inside `woocommerce_before_single_product_summary` (where the single product's sale flash is printed). */
	private bool $in_summary_before = false;

	/** WooCommerce asked for its review form (`woocommerce_product_review_comment_form_args`): the next comment form is it. */
	private bool $review_form_next = false;

	/** The review form's `title_reply` (plain text), as WooCommerce asked for it. */
	private string $review_title = '';

	/** Buffer level of the review form, or null. */
	private ?int $review_level = null;

	/**
	 * Constructor.
	 *
	 * @param Shop_Islands_Integration $integration Decides which islands are on.
	 */
	public function __construct( private Shop_Islands_Integration $integration ) {}

	/** Adds the hooks (what is placed is decided when WooCommerce calls them). */
	public function register(): void {
		foreach ( array_keys( self::BUFFERED ) as $hook ) {
			add_action( $hook, fn() => $this->start( $hook ), PHP_INT_MIN );
			add_action( $hook, fn() => $this->finish( $hook ), PHP_INT_MAX );
		}
		add_filter( 'woocommerce_sale_flash', array( $this, 'sale_flash' ), 1000, 3 );
		add_filter( 'woocommerce_product_review_comment_form_args', array( $this, 'review_form_args' ), PHP_INT_MAX );
		add_action( 'comment_form_before', array( $this, 'review_form_start' ), PHP_INT_MAX );
		add_action( 'comment_form_after', array( $this, 'review_form_finish' ), PHP_INT_MIN );
	}

	/**
	 * Starts buffering an action's output, on a single product page when one of its islands is on.
	 *
	 * @param string $hook Action name.
	 */
	private function start( string $hook ): void {
		if ( 'woocommerce_before_single_product_summary' === $hook ) {
			$this->in_summary_before = true;
		}
		if ( ! self::product_page() || ! $this->any_enabled( $hook ) ) {
			return;
		}
		ob_start();
		$this->levels[ $hook ] = ob_get_level();
	}

	/**
	 * Ends an action's buffer and prints it, its part wrapped.
	 *
	 * @param string $hook Action name.
	 */
	private function finish( string $hook ): void {
		if ( 'woocommerce_before_single_product_summary' === $hook ) {
			$this->in_summary_before = false;
		}
		$level = $this->levels[ $hook ] ?? null;
		unset( $this->levels[ $hook ] );
		if ( null === $level || ob_get_level() !== $level ) {
			return; // Not ours, or a callback left a buffer of its own open: printed as it is.
		}
		$html = (string) ob_get_clean();
		echo $this->{self::BUFFERED[ $hook ]}( $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WooCommerce's own output, and escaped containers.
	}

	/**
	 * Whether one of the islands an action places is on.
	 *
	 * @param string $hook Action name.
	 */
	private function any_enabled( string $hook ): bool {
		$islands = array(
			'woocommerce_before_single_product_summary' => array( 'product-gallery' ),
			'woocommerce_after_single_product_summary'  => array( 'product-tabs' ),
			'woocommerce_simple_add_to_cart'            => array( 'add-to-cart' ),
			'woocommerce_variable_add_to_cart'          => array( 'variation-form' ),
			'storefront_after_footer'                   => array( 'sticky-add-to-cart' ),
		);
		foreach ( $islands[ $hook ] ?? array() as $island ) {
			if ( $this->integration->enabled( $island ) ) {
				return true;
			}
		}
		return false;
	}

	/** A single product page (WooCommerce's `is_product()`). */
	private static function product_page(): bool {
		return is_singular( 'product' );
	}

	/** The product the page shows (WooCommerce's global), or null. */
	private static function product(): ?object {
		$product = $GLOBALS['product'] ?? null;
		return is_object( $product ) && method_exists( $product, 'get_id' ) ? $product : null;
	}

	// -- add-to-cart: a simple product's submit button -----------------------------------------

	/**
	 * The submit button of a simple product's `form.cart` becomes an `add-to-cart` island
	 * (`element: 'submit'`): the island adds through the cart store, the form still posts without it.
	 *
	 * @param string $html What `woocommerce_simple_add_to_cart` printed (stock, the form).
	 */
	private function wrap_simple_add_to_cart( string $html ): string {
		$product = self::product();
		if ( null === $product || ! self::is_type( $product, 'simple' ) || ! $this->integration->enabled( 'add-to-cart' ) ) {
			return $html;
		}
		$form = self::find( $html, 'form', '(?<![\w-])cart(?![\w-])', 'class' );
		if ( null === $form ) {
			return $html;
		}
		$button = self::find( $form[2], 'button', '^add-to-cart$', 'name' );
		if ( null === $button || self::has_island( $button[2] ) ) {
			return $html;
		}
		$el = self::root( $button[2], 'button' );
		if ( null === $el || 'submit' !== strtolower( $el->getAttribute( 'type' ) ?: 'submit' ) ) {
			return $html;
		}
		$id    = (int) $el->getAttribute( 'value' );
		$label = self::text( $el->textContent );
		if ( $id <= 0 || $id !== (int) $product->get_id() ) {
			return $html;
		}
		$data = array( 'product_id' => (string) $id );
		$sku  = method_exists( $product, 'get_sku' ) ? (string) $product->get_sku() : '';
		if ( '' !== $sku ) {
			$data['product_sku'] = $sku;
		}
		$data['success_message'] = self::success_message( $product );
		$props                   = array(
			'label'     => '' !== $label ? $label : 'Add to cart',
			'className' => self::text( $el->getAttribute( 'class' ) ),
			'data'      => $data,
			'element'   => 'submit',
		);
		$start = $form[0] + $button[0];
		return substr( $html, 0, $start ) . shop_islands_render( 'add-to-cart', $props, $button[2] ) . substr( $html, $start + strlen( $button[2] ) );
	}

	// -- variation-form ----------------------------------------------------------------------

	/**
	 * `form.variations_form` becomes a `variation-form` island, its props read from the form
	 * WooCommerce printed: the selects (names, labels, options, preselection), `data-product_variations`,
	 * the quantity's id and the button's text.
	 *
	 * @param string $html What `woocommerce_variable_add_to_cart` printed.
	 */
	private function wrap_variation_form( string $html ): string {
		$product = self::product();
		if ( null === $product || ! $this->integration->enabled( 'variation-form' ) || self::has_island( $html, 'variation-form' ) ) {
			return $html;
		}
		$form = self::find( $html, 'form', '(?<![\w-])variations_form(?![\w-])', 'class' );
		if ( null === $form || self::has_island( $form[2] ) ) {
			return $html;
		}
		$props = self::variation_form_props( $form[2], $product );
		if ( null === $props ) {
			return $html;
		}
		$fallback = self::variation_fallback( $form[2], $props, $product );
		return substr( $html, 0, $form[0] ) . shop_islands_render( 'variation-form', $props, $fallback ) . substr( $html, $form[0] + strlen( $form[2] ) );
	}

	/**
	 * WooCommerce's variations form made to work without its script (JavaScript off, or the island
	 * failed): WooCommerce adds a variable product only with a posted `variation_id`, which only its
	 * script fills (the form's hidden field says `0`; the attribute selects alone get "Please choose
	 * product options"). So, as the demo store's fallback does (demo/product/variation-form.ts):
	 *
	 * - a picker, `<select name="variation_id">`, lists the available variations by their options
	 *   (the labels the form prints) with their price, out-of-stock ones disabled, inactive or
	 *   unpurchasable ones left out; selects follow for attributes a variation leaves as "any"
	 *   (WooCommerce requires their value). It is inserted after the attribute table, `hidden`: the
	 *   `<noscript>` style, or the island's stylesheet when the island failed, shows it and hides
	 *   the table;
	 * - the attribute selects and the hidden `variation_id` field lose their `name`, so they can
	 *   neither contradict the picker's choice ("Invalid value posted") nor post `0` after it (the
	 *   last field of a name wins). The island renders its own named fields from its props.
	 *
	 * The picker preselects no variation, unlike the attribute table (WooCommerce's default
	 * attributes, or the URL's): while the island loads, the table is what the shopper sees and may
	 * change, and a click then posts the form natively; a hidden preselected variation would be added
	 * instead of the one shown. Without one, WooCommerce refuses that post ("Please choose product
	 * options"), as it refused WooCommerce's own form before its script ran.
	 *
	 * Everything else is WooCommerce's markup, unchanged. No variation to list: the form as it is.
	 *
	 * @param string               $form    The form's HTML, as WooCommerce printed it.
	 * @param array<string, mixed> $props   The island's props (variation_form_props()).
	 * @param object               $product The product.
	 */
	private static function variation_fallback( string $form, array $props, object $product ): string {
		$variations = is_array( $props['variations'] ) ? $props['variations'] : null;
		if ( null === $variations && method_exists( $product, 'get_available_variations' ) ) {
			// Above WooCommerce's AJAX threshold the form holds `false`: the product lists them.
			$variations = $product->get_available_variations();
		}
		$picker = is_array( $variations ) ? self::variation_picker( $form, $props, $variations ) : '';
		if ( '' === $picker ) {
			return $form;
		}
		$strip = static fn( array $tag ): string => (string) preg_replace( '#\sname\s*=\s*(?:"[^"]*"|\'[^\']*\'|[^\s"\'>]+)#i', '', $tag[0] );
		$form  = (string) preg_replace_callback(
			'#<select\b[^>]*>#i',
			static fn( array $tag ): string => preg_match( '#\sdata-attribute_name\s*=#i', $tag[0] ) ? $strip( $tag ) : $tag[0],
			$form
		);
		$form  = (string) preg_replace_callback(
			'#<input\b[^>]*>#i',
			static fn( array $tag ): string => preg_match( '#\sname\s*=\s*(["\']?)variation_id\1[\s/>]#i', $tag[0] ) ? $strip( $tag ) : $tag[0],
			$form
		);
		$table = self::find( $form, 'table', '(?<![\w-])variations(?![\w-])', 'class' );
		if ( null !== $table ) {
			$at = $table[0] + strlen( $table[2] );
		} else {
			$at = preg_match( '#^<form\b[^>]*>#i', $form, $open ) ? strlen( $open[0] ) : 0;
		}
		return substr( $form, 0, $at ) . $picker . substr( $form, $at );
	}

	/**
	 * The no-JavaScript variation picker (see variation_fallback()), or '' when no variation can be listed.
	 *
	 * @param string               $form       The form's HTML (its "Choose an option" text is reused).
	 * @param array<string, mixed> $props      The island's props: attributes (labels, options), selection.
	 * @param array<int, mixed>    $variations WooCommerce's available variations (objects from JSON, or arrays).
	 */
	private static function variation_picker( string $form, array $props, array $variations ): string {
		$product_id = (int) $props['productId'];
		$attributes = $props['attributes'];
		$selection  = $props['selection'] ?? array();
		$xpath      = self::xpath( $form );
		$none       = $xpath ? $xpath->query( '//select[@data-attribute_name]/option[@value=""]' )->item( 0 ) : null;
		$choose     = $none ? self::text( $none->textContent ) : '';
		if ( '' === $choose ) {
			$choose = __( 'Choose an option', 'shop-islands' );
		}
		$lower   = static fn( string $text ): string => function_exists( 'mb_strtolower' ) ? mb_strtolower( $text, 'UTF-8' ) : strtolower( $text );
		$options = '';
		$any     = array();
		foreach ( $variations as $variation ) {
			$variation = is_object( $variation ) ? get_object_vars( $variation ) : $variation;
			if ( ! is_array( $variation ) ) {
				continue;
			}
			$id     = isset( $variation['variation_id'] ) && is_numeric( $variation['variation_id'] ) ? (int) $variation['variation_id'] : 0;
			$values = $variation['attributes'] ?? null;
			$values = is_object( $values ) ? get_object_vars( $values ) : $values;
			// Inactive or unpurchasable: WooCommerce's cart refuses it ("Sorry, this product cannot be purchased.").
			if ( $id <= 0 || ! is_array( $values ) || false === ( $variation['variation_is_active'] ?? true ) || false === ( $variation['is_purchasable'] ?? true ) ) {
				continue;
			}
			$parts   = array();
			foreach ( $attributes as $attribute ) {
				$field = 'attribute_' . $attribute['name'];
				$value = isset( $values[ $field ] ) && is_scalar( $values[ $field ] ) ? (string) $values[ $field ] : '';
				if ( '' === $value ) {
					$any[ $attribute['name'] ] = $attribute;
					/* translators: %s: an attribute's label in lower case, e.g. "size" */
					$parts[] = sprintf( __( 'Any %s', 'shop-islands' ), $lower( $attribute['label'] ) );
				} else {
					$label = $value;
					foreach ( $attribute['options'] as $option ) {
						if ( $option['value'] === $value ) {
							$label = $option['label'];
							break;
						}
					}
					$parts[] = $label;
				}
			}
			$in_stock = true === ( $variation['is_in_stock'] ?? true );
			$price    = isset( $variation['display_price'] ) && is_numeric( $variation['display_price'] ) ? self::price_text( (float) $variation['display_price'] ) : '';
			$status   = $in_stock ? $price : __( 'Out of stock', 'shop-islands' );
			$text     = implode( ', ', $parts );
			if ( '' !== $status ) {
				/* translators: 1: the variation's options, e.g. "UK 2, Blue"; 2: its price, or "Out of stock" */
				$text = sprintf( __( '%1$s – %2$s', 'shop-islands' ), $text, $status );
			}
			$options .= '<option value="' . esc_attr( (string) $id ) . '"' . ( $in_stock ? '' : ' disabled' ) . '>' . esc_html( $text ) . '</option>';
		}
		if ( '' === $options ) {
			return '';
		}
		$picker_id = 'shop-islands-vf-variation-' . $product_id;
		$html      = '<div class="shop-islands-vf__picker" hidden>'
			. '<p class="form-row"><label for="' . esc_attr( $picker_id ) . '">' . esc_html( implode( ', ', array_column( $attributes, 'label' ) ) ) . '</label>'
			. '<select id="' . esc_attr( $picker_id ) . '" name="variation_id"><option value="">' . esc_html( $choose ) . '</option>' . $options . '</select></p>';
		foreach ( $any as $name => $attribute ) {
			$select_id = $picker_id . '-' . $name;
			$field     = 'attribute_' . $name;
			$html     .= '<p class="form-row"><label for="' . esc_attr( $select_id ) . '">' . esc_html( $attribute['label'] ) . '</label>'
				. '<select id="' . esc_attr( $select_id ) . '" name="' . esc_attr( $field ) . '"><option value="">' . esc_html( $choose ) . '</option>';
			foreach ( $attribute['options'] as $option ) {
				$html .= '<option value="' . esc_attr( $option['value'] ) . '"' . ( ( $selection[ $field ] ?? null ) === $option['value'] ? ' selected' : '' ) . '>' . esc_html( $option['label'] ) . '</option>';
			}
			$html .= '</select></p>';
		}
		// Scripts off: the picker instead of the attribute table (whose selects post nothing).
		return $html . '</div><noscript><style>[data-island="variation-form"] .shop-islands-vf__picker[hidden]{display:block}[data-island="variation-form"] table.variations{display:none}</style></noscript>';
	}

	/**
	 * A price as plain text, formatted as WooCommerce formats it (`wc_price()` without its HTML).
	 *
	 * @param float $amount The amount.
	 */
	private static function price_text( float $amount ): string {
		if ( ! function_exists( 'wc_price' ) ) {
			return number_format_i18n( $amount, 2 );
		}
		return self::text( wp_strip_all_tags( (string) wc_price( $amount ) ) );
	}

	/**
	 * The variation form's props (widgets/variation-form/schema.ts), or null when the form cannot be read.
	 *
	 * @param string $form    The form's HTML.
	 * @param object $product The product.
	 * @return array<string, mixed>|null
	 */
	private static function variation_form_props( string $form, object $product ): ?array {
		$xpath = self::xpath( $form );
		$el    = $xpath ? $xpath->query( '//form' )->item( 0 ) : null;
		if ( ! $el instanceof DOMElement ) {
			return null;
		}
		$id     = (int) $el->getAttribute( 'data-product_id' );
		$action = $el->getAttribute( 'action' );
		$name   = self::text( (string) $product->get_name() );
		if ( $id <= 0 || $id !== (int) $product->get_id() || ! self::http_url( $action ) || '' === $name ) {
			return null;
		}
		// Objects stay objects (an empty `{}` must not come back as `[]`).
		$variations = json_decode( $el->getAttribute( 'data-product_variations' ) );
		if ( false !== $variations && ( ! is_array( $variations ) || ! array_is_list( $variations ) || array() === $variations ) ) {
			return null; // No variation in stock: WooCommerce prints a notice, nothing to choose.
		}
		$attributes = array();
		$selection  = array();
		foreach ( $xpath->query( '//select[@data-attribute_name]' ) as $select ) {
			$field = $select->getAttribute( 'data-attribute_name' );
			if ( ! str_starts_with( $field, 'attribute_' ) || $select->getAttribute( 'name' ) !== $field ) {
				return null;
			}
			$attribute = substr( $field, strlen( 'attribute_' ) );
			$label     = $xpath->query( './/label[@for="' . $select->getAttribute( 'id' ) . '"]', $el )->item( 0 );
			$options   = array();
			foreach ( $xpath->query( './/option', $select ) as $option ) {
				$value = $option->getAttribute( 'value' );
				if ( '' === $value ) {
					continue;
				}
				$options[] = array(
					'value' => $value,
					'label' => self::text( $option->textContent ),
				);
				if ( $option->hasAttribute( 'selected' ) ) {
					$selection[ $field ] = $value;
				}
			}
			$label_text = $label ? self::text( $label->textContent ) : '';
			if ( ! preg_match( '/^[^\s"\'<>&]+$/', $attribute ) || '' === $label_text ) {
				return null;
			}
			$attributes[] = array(
				'name'    => $attribute,
				'label'   => $label_text,
				'options' => $options,
			);
		}
		$quantity = $xpath->query( './/input[@name="quantity"]', $el )->item( 0 );
		$button   = $xpath->query( './/button[contains(concat(" ", normalize-space(@class), " "), " single_add_to_cart_button ")]', $el )->item( 0 );
		$qty_id   = $quantity instanceof DOMElement ? $quantity->getAttribute( 'id' ) : '';
		if ( array() === $attributes || ! preg_match( '/^[A-Za-z][\w-]*$/', $qty_id ) ) {
			return null;
		}
		$props = array(
			'productId'        => $id,
			'productName'      => $name,
			'action'           => $action,
			'attributes'       => $attributes,
			'variations'       => $variations,
			'resetUrl'         => (string) get_permalink( $id ),
			'quantityId'       => $qty_id,
			'soldIndividually' => method_exists( $product, 'is_sold_individually' ) && (bool) $product->is_sold_individually(),
			'successMessage'   => self::success_message( $product ),
		);
		if ( array() !== $selection ) {
			$props['selection'] = $selection; // Omitted when empty: PHP prints an empty array as `[]`, not `{}`.
		}
		$label = $button ? self::text( $button->textContent ) : '';
		if ( '' !== $label ) {
			$props['buttonLabel'] = $label;
		}
		if ( $el->hasAttribute( 'data-custom_data' ) ) {
			$custom              = json_decode( $el->getAttribute( 'data-custom_data' ) );
			$props['customData'] = $custom instanceof stdClass ? $custom : $el->getAttribute( 'data-custom_data' );
		}
		return $props;
	}

	// -- product-gallery and the sale badge -----------------------------------------------------

	/**
	 * `div.woocommerce-product-gallery` becomes a `product-gallery` island, each image read from
	 * `wc_get_gallery_image_html()`'s markup. A gallery without images (WooCommerce's placeholder)
	 * is left alone. WooCommerce hides the gallery (`opacity: 0`) until its script fades it in; that
	 * script is replaced by the island, so the fallback is printed without it (it would stay
	 * invisible should the island not mount).
	 *
	 * @param string $html What `woocommerce_before_single_product_summary` printed.
	 */
	private function wrap_gallery( string $html ): string {
		$product = self::product();
		if ( null === $product || ! $this->integration->enabled( 'product-gallery' ) || self::has_island( $html, 'product-gallery' ) ) {
			return $html;
		}
		$gallery = self::find( $html, 'div', '(?<![\w-])woocommerce-product-gallery(?![\w-])', 'class' );
		if ( null === $gallery || self::has_island( $gallery[2] ) ) {
			return $html;
		}
		$images = self::gallery_images( $gallery[2] );
		if ( null === $images ) {
			return $html;
		}
		$props    = array(
			'images'       => $images,
			'triggerLabel' => self::text( __( 'View full-screen image gallery', 'woocommerce' ) ), // phpcs:ignore WordPress.WP.I18n.TextDomainMismatch -- WooCommerce's own string, in the site's language.
			/* translators: %s: product name */
			'label'        => sprintf( __( '%s images', 'shop-islands' ), self::text( (string) $product->get_name() ) ),
			'rtl'          => is_rtl(),
		);
		$fallback = preg_replace_callback(
			'/^(<div\b[^>]*\sstyle=")([^"]*)"/i',
			static fn( $m ) => $m[1] . trim( (string) preg_replace( '/(^|;)\s*opacity\s*:\s*0\s*(;|$)/i', '$1', $m[2] ) ) . '"',
			$gallery[2],
			1
		);
		return substr( $html, 0, $gallery[0] ) . shop_islands_render( 'product-gallery', $props, (string) $fallback ) . substr( $html, $gallery[0] + strlen( $gallery[2] ) );
	}

	/**
	 * The gallery's images as props, or null when one cannot be read (or is the placeholder).
	 *
	 * @param string $gallery The gallery's HTML.
	 * @return array<int, array<string, mixed>>|null
	 */
	private static function gallery_images( string $gallery ): ?array {
		$xpath = self::xpath( $gallery );
		if ( ! $xpath || $xpath->query( '//*[contains(@class, "woocommerce-product-gallery__image--placeholder")]' )->length > 0 ) {
			return null;
		}
		$images = array();
		foreach ( $xpath->query( '//div[contains(concat(" ", normalize-space(@class), " "), " woocommerce-product-gallery__image ")]' ) as $div ) {
			$img = $xpath->query( './/img', $div )->item( 0 );
			$a   = $xpath->query( './/a[@href]', $div )->item( 0 );
			if ( ! $img instanceof DOMElement ) {
				return null;
			}
			$full  = $img->getAttribute( 'data-large_image' ) ?: ( $a instanceof DOMElement ? $a->getAttribute( 'href' ) : '' );
			$image = array(
				'src'        => $img->getAttribute( 'src' ),
				'width'      => (int) $img->getAttribute( 'width' ),
				'height'     => (int) $img->getAttribute( 'height' ),
				'thumb'      => $div->getAttribute( 'data-thumb' ) ?: $img->getAttribute( 'src' ),
				'full'       => $full,
				'fullWidth'  => (int) $img->getAttribute( 'data-large_image_width' ),
				'fullHeight' => (int) $img->getAttribute( 'data-large_image_height' ),
				'alt'        => $img->getAttribute( 'alt' ),
				'title'      => $img->getAttribute( 'title' ),
				'caption'    => $img->getAttribute( 'data-caption' ),
			);
			foreach ( array( 'srcset', 'sizes' ) as $attribute ) {
				if ( '' !== $img->getAttribute( $attribute ) ) {
					$image[ $attribute ] = $img->getAttribute( $attribute );
				}
			}
			if ( isset( $image['srcset'] ) && ! self::http_srcset( $image['srcset'] ) ) {
				unset( $image['srcset'], $image['sizes'] );
			}
			foreach ( array( 'src', 'thumb', 'full' ) as $url ) {
				if ( ! self::http_url( $image[ $url ] ) ) {
					return null;
				}
			}
			foreach ( array( 'width', 'height', 'fullWidth', 'fullHeight' ) as $size ) {
				if ( $image[ $size ] <= 0 ) {
					return null;
				}
			}
			$images[] = $image;
		}
		return array() === $images ? null : $images;
	}

	/**
	 * `woocommerce_sale_flash` on the single product page (not the listings): a variable product's
	 * badge becomes a `sale-badge` island, which shows the chosen variation's percent. The percents
	 * come from Shoptimizer's `shoptimizer_get_sale_prices`: without a handler for it (a store not on
	 * Shoptimizer), the badge is left as it is.
	 *
	 * @param mixed $html    The badge's HTML.
	 * @param mixed $post    The post (unused).
	 * @param mixed $product The product.
	 * @return mixed
	 */
	public function sale_flash( $html, $post = null, $product = null ) {
		unset( $post );
		if ( ! $this->in_summary_before || ! is_string( $html ) || ! is_object( $product ) || ! method_exists( $product, 'get_id' )
			|| ! self::is_type( $product, 'variable' ) || self::has_island( $html ) || ! self::product_page() ) {
			return $html;
		}
		$action = 'wp_ajax_' . ( is_user_logged_in() ? '' : 'nopriv_' ) . 'shoptimizer_get_sale_prices';
		if ( ! has_action( $action ) || ! $this->integration->enabled( 'sale-badge' ) ) {
			return $html;
		}
		$badge = self::root( $html, 'span' );
		$label = $badge ? self::text( $badge->textContent ) : '';
		$id    = (int) $product->get_id();
		if ( $id <= 0 || '' === $label ) {
			return $html;
		}
		return shop_islands_render(
			'sale-badge',
			array(
				'productId' => $id,
				'label'     => $label,
			),
			$html
		);
	}

	// -- product-tabs --------------------------------------------------------------------------

	/**
	 * The tab list `ul.wc-tabs` becomes a `product-tabs` island; the panels stay the server's nodes
	 * next to it in `.woocommerce-tabs`, which the island shows and hides in place.
	 *
	 * @param string $html What `woocommerce_after_single_product_summary` printed.
	 */
	private function wrap_tabs( string $html ): string {
		if ( ! $this->integration->enabled( 'product-tabs' ) || self::has_island( $html, 'product-tabs' ) ) {
			return $html;
		}
		$wrapper = self::find( $html, 'div', '(?<![\w-])woocommerce-tabs(?![\w-])', 'class' );
		$list    = $wrapper ? self::find( $wrapper[2], 'ul', '(?<![\w-])wc-tabs(?![\w-])', 'class' ) : null;
		if ( null === $list || self::has_island( $list[2] ) ) {
			return $html;
		}
		$xpath = self::xpath( $list[2] );
		$tabs  = array();
		foreach ( $xpath ? $xpath->query( '//ul/li' ) : array() as $li ) {
			$a     = $xpath->query( './/a', $li )->item( 0 );
			$key   = preg_replace( '/^tab-title-/', '', $li->getAttribute( 'id' ), 1, $count );
			$title = $a ? self::text( $a->textContent ) : '';
			if ( 1 !== $count || ! preg_match( '/^[A-Za-z][\w-]*$/', (string) $key ) || '' === $title ) {
				return $html; // A tab the island cannot name: WooCommerce's script keeps the tabs.
			}
			$tabs[] = array(
				'key'   => $key,
				'title' => $title,
			);
		}
		if ( array() === $tabs ) {
			return $html;
		}
		$keys = array_column( $tabs, 'key' );
		// A page rendered for a reply (`?replytocom=`) opens the reviews, where its form is.
		$open  = isset( $_GET['replytocom'] ) && in_array( 'reviews', $keys, true ) ? 'reviews' : null; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read only, as WordPress's comment form reads it.
		$props = array(
			'tabs' => $tabs,
			'open' => $open,
		);
		$start = $wrapper[0] + $list[0];
		return substr( $html, 0, $start ) . shop_islands_render( 'product-tabs', $props, $list[2] ) . substr( $html, $start + strlen( $list[2] ) );
	}

	// -- product-reviews -----------------------------------------------------------------------

	/**
	 * `woocommerce_product_review_comment_form_args`: WooCommerce is about to print its review form.
	 *
	 * @param mixed $args The comment form's arguments (returned as they are).
	 * @return mixed
	 */
	public function review_form_args( $args ) {
		$this->review_form_next = self::product_page();
		$title                  = is_array( $args ) && isset( $args['title_reply'] ) && is_string( $args['title_reply'] ) ? $args['title_reply'] : '';
		$this->review_title     = self::text( wp_strip_all_tags( $title ) );
		return $args;
	}

	/** `comment_form_before`: buffers WooCommerce's review form (`#respond`). */
	public function review_form_start(): void {
		$next                   = $this->review_form_next;
		$this->review_form_next = false;
		if ( ! $next || ! $this->integration->enabled( 'product-reviews' ) ) {
			return;
		}
		ob_start();
		$this->review_level = ob_get_level();
	}

	/** `comment_form_after`: prints the review form, wrapped in a `product-reviews` island. */
	public function review_form_finish(): void {
		$level              = $this->review_level;
		$this->review_level = null;
		if ( null === $level || ob_get_level() !== $level ) {
			return;
		}
		$html    = (string) ob_get_clean();
		$respond = self::find( $html, 'div', '^respond$', 'id' );
		$props   = null !== $respond && ! self::has_island( $html ) ? self::review_props( $respond[2], $this->review_title ) : null;
		if ( null === $props ) {
			echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's comment form, as printed.
			return;
		}
		echo substr( $html, 0, $respond[0] ) . shop_islands_render( 'product-reviews', $props, $respond[2] ) . substr( $html, $respond[0] + strlen( $respond[2] ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's comment form, and an escaped container.
	}

	/**
	 * The review form's props (widgets/product-reviews/schema.ts), read from `#respond`, or null when
	 * it holds no form (log in first) or a field the island does not render (a plugin's).
	 *
	 * @param string $respond The `#respond` element's HTML.
	 * @param string $title   WooCommerce's `title_reply` ('' if unknown: the printed heading then).
	 * @return array<string, mixed>|null
	 */
	private static function review_props( string $respond, string $title ): ?array {
		$xpath = self::xpath( $respond );
		$form  = $xpath ? $xpath->query( '//form[@id="commentform"]' )->item( 0 ) : null;
		if ( ! $form instanceof DOMElement ) {
			return null;
		}
		$fields = array();
		foreach ( $xpath->query( './/*[@name]', $form ) as $field ) {
			$fields[ $field->getAttribute( 'name' ) ] = $field;
		}
		if ( array_diff( array_keys( $fields ), self::REVIEW_FIELDS ) || ! isset( $fields['comment_post_ID'], $fields['comment'] ) ) {
			return null;
		}
		$post_id = (int) $fields['comment_post_ID']->getAttribute( 'value' );
		$parent  = isset( $fields['comment_parent'] ) ? (int) $fields['comment_parent']->getAttribute( 'value' ) : 0;
		$reply   = $xpath->query( '//*[@id="reply-title"]' )->item( 0 );
		$cancel  = $xpath->query( '//*[@id="cancel-comment-reply-link"]' )->item( 0 );
		$heading = '';
		if ( $reply instanceof DOMElement ) {
			foreach ( $reply->childNodes as $child ) {
				if ( ! ( $child instanceof DOMElement && 'small' === strtolower( $child->tagName ) ) ) {
					$heading .= $child->textContent;
				}
			}
		}
		$heading   = self::text( $heading );
		$action    = $form->getAttribute( 'action' );
		$permalink = (string) get_permalink( $post_id );
		if ( $post_id <= 0 || '' === $heading || '' === $action || '' === $permalink ) {
			return null;
		}
		$commenter = wp_get_current_commenter();
		$user      = wp_get_current_user();
		$submit    = isset( $fields['submit'] ) ? self::text( $fields['submit']->getAttribute( 'value' ) ) : '';
		$props     = array(
			'postId'             => $post_id,
			'action'             => $action,
			'permalink'          => $permalink,
			'titleReply'         => $heading,
			'replyTo'            => null,
			'ratingEnabled'      => isset( $fields['rating'] ),
			// phpcs:disable WordPress.WP.I18n.TextDomainMismatch -- WooCommerce's own strings (wc_single_product_params), in the site's language.
			'ratingLabels'       => array(
				self::text( __( '1 of 5 stars', 'woocommerce' ) ),
				self::text( __( '2 of 5 stars', 'woocommerce' ) ),
				self::text( __( '3 of 5 stars', 'woocommerce' ) ),
				self::text( __( '4 of 5 stars', 'woocommerce' ) ),
				self::text( __( '5 of 5 stars', 'woocommerce' ) ),
			),
			'requiredRatingText' => self::text( __( 'Please select a rating', 'woocommerce' ) ),
			// phpcs:enable
			'loggedInAs'         => $user->exists() && '' !== $user->display_name ? $user->display_name : null,
			'commenter'          => array(
				'author'  => (string) ( $commenter['comment_author'] ?? '' ),
				'email'   => (string) ( $commenter['comment_author_email'] ?? '' ),
				'consent' => '' !== (string) ( $commenter['comment_author_email'] ?? '' ),
			),
		);
		if ( '' !== $submit ) {
			$props['submitLabel'] = $submit;
		}
		$cancel_text = $cancel ? self::text( $cancel->textContent ) : '';
		if ( '' !== $cancel_text ) {
			$props['cancelReplyText'] = $cancel_text;
		}
		if ( $parent > 0 ) {
			// WordPress printed the form for a reply: its heading is 'Leave a Reply to …'.
			$props['replyTo']    = array(
				'id'    => $parent,
				'title' => $heading,
			);
			$props['titleReply'] = '' !== $title ? $title : $heading;
		}
		return $props;
	}

	// -- sticky-add-to-cart --------------------------------------------------------------------

	/**
	 * Storefront's sticky bar becomes a `sticky-add-to-cart` island (simple and variable products;
	 * others keep Storefront's bar and script).
	 *
	 * @param string $html What `storefront_after_footer` printed.
	 */
	private function wrap_sticky_add_to_cart( string $html ): string {
		$product = self::product();
		if ( null === $product || ! $this->integration->enabled( 'sticky-add-to-cart' ) || self::has_island( $html, 'sticky-add-to-cart' ) ) {
			return $html;
		}
		$bar = self::find( $html, 'section', '(?<![\w-])storefront-sticky-add-to-cart(?![\w-])', 'class' );
		if ( null === $bar || self::has_island( $bar[2] ) ) {
			return $html;
		}
		$props = self::sticky_props( $bar[2], $product );
		if ( null === $props ) {
			return $html;
		}
		return substr( $html, 0, $bar[0] ) . shop_islands_render( 'sticky-add-to-cart', $props, $bar[2] ) . substr( $html, $bar[0] + strlen( $bar[2] ) );
	}

	/**
	 * The sticky bar's props (widgets/sticky-add-to-cart/schema.ts), read from Storefront's bar.
	 *
	 * @param string $bar     The bar's HTML.
	 * @param object $product The product.
	 * @return array<string, mixed>|null
	 */
	private static function sticky_props( string $bar, object $product ): ?array {
		$variable = self::is_type( $product, 'variable' );
		if ( ! $variable && ! self::is_type( $product, 'simple' ) ) {
			return null;
		}
		$xpath = self::xpath( $bar );
		if ( ! $xpath ) {
			return null;
		}
		$class  = static fn( string $name ): string => '//*[contains(concat(" ", normalize-space(@class), " "), " ' . $name . ' ")]';
		$name   = $xpath->query( $class( 'storefront-sticky-add-to-cart__content-title' ) . '//strong' )->item( 0 );
		$price  = $xpath->query( $class( 'storefront-sticky-add-to-cart__content-price' ) )->item( 0 );
		$rating = $xpath->query( $class( 'storefront-sticky-add-to-cart__content-product-info' ) . '/*[contains(concat(" ", normalize-space(@class), " "), " star-rating ")]' )->item( 0 );
		$button = $xpath->query( $class( 'storefront-sticky-add-to-cart__content-button' ) )->item( 0 );
		$img    = $xpath->query( '//img' )->item( 0 );
		$id     = (int) $product->get_id();
		$title  = $name ? self::text( $name->textContent ) : '';
		if ( ! $button instanceof DOMElement || '' === $title || $id <= 0 ) {
			return null;
		}
		$href  = $button->getAttribute( 'href' );
		$label = self::text( $button->textContent );
		if ( ! self::http_url( $href ) || str_starts_with( trim( $href ), '#' ) || '' === $label ) {
			return null;
		}
		$props = array(
			'productId'      => $id,
			'productName'    => $title,
			'priceHtml'      => $price ? self::inner_html( $price ) : '',
			'ratingHtml'     => $rating ? (string) $rating->ownerDocument->saveHTML( $rating ) : '',
			'button'         => array(
				'kind'  => $variable ? 'select' : 'add',
				'label' => $label,
				'href'  => $href,
			),
			'successMessage' => self::success_message( $product ),
			'triggerClass'   => self::trigger_class(),
			'formSelector'   => '#product-' . $id . ' form.' . ( $variable ? 'variations_form' : 'cart' ),
		);
		if ( $img instanceof DOMElement && self::http_url( $img->getAttribute( 'src' ) ) ) {
			$props['image'] = array( 'src' => $img->getAttribute( 'src' ) );
			foreach ( array( 'width', 'height' ) as $size ) {
				if ( (int) $img->getAttribute( $size ) > 0 ) {
					$props['image'][ $size ] = (int) $img->getAttribute( $size );
				}
			}
		}
		return $props;
	}

	/** `storefront_sticky_add_to_cart_params.trigger_class`, as Storefront filters it. */
	private static function trigger_class(): string {
		$params = apply_filters( 'storefront_sticky_add_to_cart_params', array( 'trigger_class' => 'entry-summary' ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Storefront's filter.
		$class  = is_array( $params ) && isset( $params['trigger_class'] ) && is_string( $params['trigger_class'] ) ? $params['trigger_class'] : '';
		return preg_match( '/^-?[_a-zA-Z][\w-]*$/', $class ) ? $class : 'entry-summary';
	}

	// -- helpers -------------------------------------------------------------------------------

	/**
	 * Whether `$html` holds an island container (of `$island`, or of any island).
	 *
	 * @param string      $html   HTML.
	 * @param string|null $island Island name.
	 */
	private static function has_island( string $html, ?string $island = null ): bool {
		return null === $island ? str_contains( $html, 'data-island=' ) : (bool) preg_match( '/data-island=["\']' . preg_quote( $island, '/' ) . '["\']/', $html );
	}

	/**
	 * The first `<$tag>` element whose attribute `$attribute` matches `$pattern`, with its content
	 * up to the matching end tag: [offset, opening tag, whole element]. Null when there is none or
	 * it is not closed.
	 *
	 * @param string $html      HTML.
	 * @param string $tag       Tag name (lowercase letters).
	 * @param string $pattern   Regular expression (delimited by `#`) the attribute's value matches.
	 * @param string $attribute Attribute name.
	 * @return array{0: int, 1: string, 2: string}|null
	 */
	private static function find( string $html, string $tag, string $pattern, string $attribute ): ?array {
		preg_match_all( '#<(/?)' . $tag . '\b[^>]*>#i', $html, $tags, PREG_OFFSET_CAPTURE | PREG_SET_ORDER );
		$start = null;
		$depth = 0;
		foreach ( $tags as $t ) {
			if ( null === $start ) {
				if ( '' === $t[1][0] && preg_match( '#\s' . $attribute . '\s*=\s*(["\'])(.*?)\1#is', $t[0][0], $value ) && preg_match( '#' . $pattern . '#', $value[2] ) ) {
					$start = (int) $t[0][1];
					$open  = $t[0][0];
					$depth = 1;
				}
				continue;
			}
			$depth += '' === $t[1][0] ? 1 : -1;
			if ( 0 === $depth ) {
				$end = (int) $t[0][1] + strlen( $t[0][0] );
				return array( $start, $open, substr( $html, $start, $end - $start ) );
			}
		}
		return null;
	}

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
	 * The fragment's first element (of `$tag`), or null.
	 *
	 * @param string $html HTML fragment.
	 * @param string $tag  Tag name.
	 */
	private static function root( string $html, string $tag ): ?DOMElement {
		$xpath = self::xpath( $html );
		$el    = $xpath ? $xpath->query( '//body/' . $tag )->item( 0 ) : null;
		return $el instanceof DOMElement ? $el : null;
	}

	/**
	 * An element's content as HTML.
	 *
	 * @param DOMNode $node The element.
	 */
	private static function inner_html( DOMNode $node ): string {
		$html = '';
		foreach ( $node->childNodes as $child ) {
			$html .= (string) $node->ownerDocument->saveHTML( $child );
		}
		return trim( $html );
	}

	/**
	 * Text as the browser shows it: entities decoded, white space collapsed.
	 *
	 * @param string $text Text (may hold entities).
	 */
	private static function text( string $text ): string {
		return trim( (string) preg_replace( '/\s+/u', ' ', html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) );
	}

	/**
	 * Whether the island accepts `$url` (src/security/url: http(s), relative ones resolved to the page).
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

	/**
	 * Whether every URL of a `srcset` is http(s).
	 *
	 * @param string $srcset The srcset.
	 */
	private static function http_srcset( string $srcset ): bool {
		foreach ( explode( ',', $srcset ) as $candidate ) {
			$url = strtok( trim( $candidate ), " \t\n" );
			if ( false === $url || ! self::http_url( $url ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether the product is of a type (`is_type()`).
	 *
	 * @param object $product The product.
	 * @param string $type    Product type.
	 */
	private static function is_type( object $product, string $type ): bool {
		return method_exists( $product, 'is_type' ) && (bool) $product->is_type( $type );
	}

	/**
	 * What screen readers hear after an add: WooCommerce's own message where it has one (9.x, simple
	 * products), else the same sentence.
	 *
	 * @param object $product The product.
	 */
	private static function success_message( object $product ): string {
		if ( method_exists( $product, 'add_to_cart_success_message' ) ) {
			return self::text( wp_strip_all_tags( (string) $product->add_to_cart_success_message() ) );
		}
		/* translators: %s: product name */
		return sprintf( __( '“%s” has been added to your cart', 'shop-islands' ), self::text( (string) $product->get_name() ) );
	}
}

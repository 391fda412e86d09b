<?php
/**
 * The `[shop_island]` shortcode.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * `[shop_island name="store-notice" hydrate="idle" props='{"noticeId":"…"}' prop-message="…"]fallback[/shop_island]`
 *
 * - `name`: the island (required).
 * - `props`: a JSON object (single-quote the attribute). WordPress's shortcode parser does not allow
 *   `]` inside attributes and strips backslashes, so keep it to simple values; use `prop-*` for strings.
 * - `prop-<kebab-name>="text"`: one string prop each, the name in camelCase (`prop-notice-id` → `noticeId`);
 *   they override the same keys of `props`.
 * - `hydrate`, `tag` ('div' | 'span'), `class`, `id`: as in `shop_islands_render()`.
 * - The enclosed content is the fallback markup (shortcodes in it are expanded).
 */
final class Shop_Islands_Shortcode {

	/** The shortcode tag. */
	const TAG = 'shop_island';

	/**
	 * The plugin, for the renderer.
	 *
	 * @param Shop_Islands_Plugin $plugin The plugin.
	 */
	public function __construct( private Shop_Islands_Plugin $plugin ) {
	}

	/** Registers the shortcode (on `init`). */
	public function register(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/**
	 * The shortcode's output.
	 *
	 * @param array|string $atts    Attributes ('' when there are none).
	 * @param string|null  $content Enclosed content: the fallback.
	 * @return string
	 */
	public function render( $atts, $content = null ): string {
		$atts     = is_array( $atts ) ? $atts : array();
		$fallback = is_string( $content ) ? do_shortcode( $content ) : '';

		$name = isset( $atts['name'] ) && is_string( $atts['name'] ) ? trim( $atts['name'] ) : '';
		if ( '' === $name ) {
			_doing_it_wrong( 'shop_island', esc_html__( 'The [shop_island] shortcode needs a name attribute. Only the fallback markup was printed.', 'shop-islands' ), '0.1.0' );
			return '<!-- shop_island: no name attribute; only the fallback is shown. -->' . $fallback;
		}

		$props = array();
		if ( isset( $atts['props'] ) && '' !== trim( (string) $atts['props'] ) ) {
			$props = self::decode_props( (string) $atts['props'] );
			if ( null === $props ) {
				_doing_it_wrong(
					'shop_island',
					sprintf(
						/* translators: %s: the island name. */
						esc_html__( 'The props attribute of [shop_island name="%s"] is not a JSON object. Only the fallback markup was printed.', 'shop-islands' ),
						esc_html( $name )
					),
					'0.1.0'
				);
				return '<!-- shop_island: the props attribute is not a JSON object; only the fallback is shown. -->' . $fallback;
			}
		}

		foreach ( $atts as $key => $value ) {
			if ( is_string( $key ) && str_starts_with( $key, 'prop-' ) && strlen( $key ) > 5 ) {
				$props[ self::camel_case( substr( $key, 5 ) ) ] = (string) $value;
			}
		}

		$args = array();
		foreach ( array( 'hydrate', 'tag' ) as $key ) {
			if ( isset( $atts[ $key ] ) && '' !== $atts[ $key ] ) {
				$args[ $key ] = (string) $atts[ $key ];
			}
		}
		$attributes = array();
		foreach ( array( 'id', 'class' ) as $key ) {
			if ( isset( $atts[ $key ] ) && '' !== $atts[ $key ] ) {
				$attributes[ $key ] = (string) $atts[ $key ];
			}
		}
		if ( array() !== $attributes ) {
			$args['attributes'] = $attributes;
		}

		return $this->plugin->renderer->render( $name, $props, $fallback, $args );
	}

	/**
	 * The props attribute as an array of props, or null when it is not a JSON object. Nested objects
	 * stay objects (an empty `{}` must not turn into `[]`). Quotes the editor turned into entities
	 * (`&quot;`) are accepted.
	 *
	 * @param string $json The attribute's value.
	 * @return array|null
	 */
	private static function decode_props( string $json ): ?array {
		foreach ( array( $json, html_entity_decode( $json, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) as $candidate ) {
			$decoded = json_decode( $candidate );
			if ( JSON_ERROR_NONE === json_last_error() && $decoded instanceof stdClass ) {
				return get_object_vars( $decoded );
			}
		}
		return null;
	}

	/**
	 * `notice-id` → `noticeId` (shortcode attribute names are lower-cased by WordPress).
	 *
	 * @param string $name Kebab-case name.
	 */
	private static function camel_case( string $name ): string {
		return (string) preg_replace_callback(
			'/-+([a-z0-9])/',
			static fn( array $m ): string => strtoupper( $m[1] ),
			strtolower( $name )
		);
	}
}

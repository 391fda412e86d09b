<?php
/**
 * Island containers.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints island containers exactly as demo/html.ts `renderIsland()` does (ARCHITECTURE.md §1):
 * `<div data-island="NAME" data-island-src="CHUNK URL" data-hydrate="STRATEGY"><script
 * type="application/json" data-island-props>JSON</script>FALLBACK</div>`. The chunk URL is the dist
 * URL plus the island's file from the manifest (the loader imports only scripts under its own
 * folder); the strategy is the one asked for, else the widget's default from `islands.json`.
 */
final class Shop_Islands_Renderer {

	/** Hydration strategies the loader knows (`data-hydrate`). */
	const STRATEGIES = Shop_Islands_Manifest::STRATEGIES;

	/** Container elements: `span` where the island sits in phrasing content. */
	const TAGS = array( 'div', 'span' );

	/**
	 * The plugin, for the manifest and the assets.
	 *
	 * @param Shop_Islands_Plugin $plugin The plugin.
	 */
	public function __construct( private Shop_Islands_Plugin $plugin ) {
	}

	/**
	 * An island container with its chunk URL, strategy, props and fallback, preceded on the page's
	 * first container of its type by its stylesheets and module preloads; enqueues the loader. An
	 * island the build does not have gets no chunk URL (the loader reports it). Without a usable
	 * build (or in a feed), only the fallback: the page keeps working.
	 *
	 * @param string $island   Island name: a widget folder name (`store-notice`).
	 * @param array  $props    Props, validated in the browser by the widget's schema.
	 * @param string $fallback Trusted server markup shown until (and unless) the island mounts. Not escaped.
	 * @param array  $args {
	 *     Optional.
	 *
	 *     @type string $hydrate    'load', 'idle', 'visible' or 'interaction'. Default: the widget's own.
	 *     @type string $tag        'div' (default) or 'span'.
	 *     @type array  $attributes Extra attributes of the container (class, id…); `data-island*` are reserved.
	 * }
	 * @return string HTML.
	 */
	public function render( string $island, array $props = array(), string $fallback = '', array $args = array() ): string {
		if ( 1 !== preg_match( '/^[a-z0-9-]+$/D', $island ) ) {
			_doing_it_wrong(
				'shop_islands_render',
				sprintf(
					/* translators: %s: the island name given. */
					esc_html__( 'Invalid island name "%s": use lower-case letters, digits and hyphens (a widget folder name). Only the fallback markup was printed.', 'shop-islands' ),
					esc_html( $island )
				),
				'0.1.0'
			);
			return $fallback;
		}

		$hydrate = $args['hydrate'] ?? null;
		if ( null !== $hydrate && ! in_array( $hydrate, self::STRATEGIES, true ) ) {
			_doing_it_wrong(
				'shop_islands_render',
				sprintf(
					/* translators: 1: the strategy given, 2: the island name, 3: the valid strategies. */
					esc_html__( 'Invalid hydrate strategy "%1$s" for island "%2$s" (expected one of %3$s): the widget\'s default strategy applies.', 'shop-islands' ),
					esc_html( is_scalar( $hydrate ) ? (string) $hydrate : gettype( $hydrate ) ),
					esc_html( $island ),
					esc_html( implode( ', ', self::STRATEGIES ) )
				),
				'0.1.0'
			);
			$hydrate = null;
		}

		$tag = $args['tag'] ?? 'div';
		if ( ! in_array( $tag, self::TAGS, true ) ) {
			_doing_it_wrong(
				'shop_islands_render',
				sprintf(
					/* translators: %s: the island name. */
					esc_html__( 'The container tag of island "%s" must be "div" or "span"; "div" is used.', 'shop-islands' ),
					esc_html( $island )
				),
				'0.1.0'
			);
			$tag = 'div';
		}

		$attributes = $args['attributes'] ?? array();
		if ( ! is_array( $attributes ) ) {
			$attributes = array();
		}

		/**
		 * Filters the props of an island before they are printed.
		 *
		 * @since 0.1.0
		 *
		 * @param array  $props  The props.
		 * @param string $island Island name.
		 * @param array  $args   The render arguments.
		 */
		$props = apply_filters( 'shop_islands_props', $props, $island, $args );

		/**
		 * Filters the props of one island type, e.g. `shop_islands_props_store-notice`.
		 *
		 * @since 0.1.0
		 *
		 * @param array $props The props.
		 * @param array $args  The render arguments.
		 */
		$props = apply_filters( "shop_islands_props_{$island}", $props, $args );

		// Feeds get the server markup only; without a usable build, so does every page.
		$manifest = $this->plugin->manifest();
		if ( is_wp_error( $manifest ) || is_feed() ) {
			return $fallback;
		}

		// The strategy asked for, else the widget's default (idle when the build does not say).
		$hydrate = $hydrate ?? $manifest->default_strategy( $island );
		$file    = $manifest->island_file( $island );
		$src     = null === $file ? null : $this->plugin->assets->url( $file );

		if ( null === $file && defined( 'WP_DEBUG' ) && WP_DEBUG ) {
			_doing_it_wrong(
				'shop_islands_render',
				sprintf(
					/* translators: 1: the island name, 2: its expected module. */
					esc_html__( 'The build has no island "%1$s" (no %2$s in the manifest). The container is printed; the loader will report it.', 'shop-islands' ),
					esc_html( $island ),
					esc_html( Shop_Islands_Manifest::island_source( $island ) )
				),
				'0.1.0'
			);
		}

		$container = self::container( $island, $props, $fallback, $hydrate, $tag, $attributes, $src );
		if ( null === $container ) {
			_doing_it_wrong(
				'shop_islands_render',
				sprintf(
					/* translators: %s: the island name. */
					esc_html__( 'The props of island "%s" could not be encoded as JSON. Only the fallback markup was printed.', 'shop-islands' ),
					esc_html( $island )
				),
				'0.1.0'
			);
			return $fallback;
		}

		$html = $this->plugin->assets->before_island( $island, $hydrate ) . $container;

		/**
		 * Fires after an island container was rendered.
		 *
		 * @since 0.1.0
		 *
		 * @param string $island Island name.
		 * @param mixed  $props  The props printed (after the filters).
		 * @param string $html   The HTML returned (links and container).
		 */
		do_action( 'shop_islands_after_render', $island, $props, $html );

		return $html;
	}

	/**
	 * The container element alone (no links): demo/html.ts `renderIsland()`.
	 *
	 * @param string      $island     Island name (valid).
	 * @param mixed       $props      Props.
	 * @param string      $fallback   Trusted fallback markup.
	 * @param string|null $hydrate    Strategy (valid) or null to leave `data-hydrate` out.
	 * @param string      $tag        'div' or 'span'.
	 * @param array       $attributes Extra attributes: true prints a bare attribute, false/null leave it out.
	 * @param string|null $src        URL of the island's chunk (`data-island-src`), null to leave it out.
	 * @return string|null Null when the props cannot be encoded.
	 */
	public static function container( string $island, mixed $props, string $fallback, ?string $hydrate = null, string $tag = 'div', array $attributes = array(), ?string $src = null ): ?string {
		$json = Shop_Islands_Json::for_script( $props );
		if ( false === $json ) {
			return null;
		}

		$head = ' data-island="' . esc_attr( $island ) . '"';
		if ( null !== $src ) {
			$head .= ' data-island-src="' . esc_url( $src ) . '"';
		}
		if ( null !== $hydrate ) {
			$head .= ' data-hydrate="' . esc_attr( $hydrate ) . '"';
		}
		foreach ( $attributes as $name => $value ) {
			$name = strtolower( (string) $name );
			if ( str_starts_with( $name, 'data-island' ) || 'data-hydrate' === $name ) {
				_doing_it_wrong(
					'shop_islands_render',
					sprintf(
						/* translators: %s: the attribute name. */
						esc_html__( 'The attribute "%s" is set by the plugin and cannot be overridden.', 'shop-islands' ),
						esc_html( $name )
					),
					'0.1.0'
				);
				continue;
			}
			if ( 1 !== preg_match( '/^[a-z_:][a-z0-9_.:-]*$/D', $name ) || null === $value || false === $value ) {
				continue;
			}
			if ( true === $value ) {
				$head .= ' ' . $name;
			} elseif ( is_scalar( $value ) ) {
				$head .= ' ' . $name . '="' . esc_attr( (string) $value ) . '"';
			}
		}

		return '<' . $tag . $head . '><script type="application/json" data-island-props>' . $json . '</script>'
			. $fallback . '</' . $tag . '>';
	}
}

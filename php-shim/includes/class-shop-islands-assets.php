<?php
/**
 * The loader script, its translations, and the links an island needs before it mounts.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers and enqueues the loader (a module script in the footer) only on pages that print an
 * island, and prints each island's stylesheets and module preloads right before its first container.
 *
 * Every URL is the dist URL (`shop_islands_dist_url`) plus a file name from the manifest, so the
 * loader's relative chunk imports and the preloads resolve to the same URLs wherever the plugin is
 * installed or served from. File names are hashed, so the loader is registered without a version
 * (no `?ver=`, which would also make the preloaded URLs differ from the imported ones).
 */
final class Shop_Islands_Assets {

	/** Script handle of the loader. */
	const HANDLE = 'shop-islands-loader';

	/**
	 * Script handle of the order attribution tracker's standalone entry, printed in the loader's
	 * place on a page whose only island is the tracker (`standalone_page()`).
	 */
	const STANDALONE_HANDLE = 'shop-islands-order-attribution';

	/** The island the standalone entry mounts. */
	const STANDALONE_ISLAND = 'order-attribution';

	/** Text domain of the plugin's PHP and JavaScript strings. */
	const TEXT_DOMAIN = 'shop-islands';

	/**
	 * Files already linked on this page (stylesheets and module preloads), by file name.
	 *
	 * @var array<string, true>
	 */
	private array $linked = array();

	/**
	 * Island types already printed on this page.
	 *
	 * @var array<string, true>
	 */
	private array $islands = array();

	/** Whether an island asked for the loader during this request (the settings block follows it). */
	private bool $requested = false;

	/**
	 * Whether `shop_islands_enqueue()` asked for the loader (islands will be added to the page later,
	 * which only the loader mounts): the standalone tracker entry is then never used.
	 */
	private bool $explicit = false;

	/** Whether the footer scripts were printed already (later islands print their own loader tag). */
	private bool $footer_printed = false;

	/**
	 * The plugin, for the manifest and the dist URL.
	 *
	 * @param Shop_Islands_Plugin $plugin The plugin.
	 */
	public function __construct( private Shop_Islands_Plugin $plugin ) {
	}

	/** Forgets what this request printed (tests; a new request starts from scratch anyway). */
	public function reset(): void {
		$this->linked              = array();
		$this->islands             = array();
		$this->requested           = false;
		$this->explicit            = false;
		$this->footer_printed      = false;
		$this->left_to_woocommerce = array();
	}

	/**
	 * The URL of a file of the build.
	 *
	 * @param string $file File name relative to the dist folder (from the manifest).
	 */
	public function url( string $file ): string {
		return $this->plugin->dist_url() . $file;
	}

	/**
	 * Registers the loader with the current `wp_scripts()` (once), with its translations when the
	 * locale has any. Nothing is registered when the build is missing.
	 */
	public function register(): bool {
		if ( wp_script_is( self::HANDLE, 'registered' ) ) {
			return true;
		}
		$manifest = $this->plugin->manifest();
		if ( is_wp_error( $manifest ) ) {
			return false;
		}
		// phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the file name is hashed.
		wp_register_script( self::HANDLE, $this->url( $manifest->loader_file() ), array(), null, true );

		$translations = $this->translations_script( $manifest );
		if ( null !== $translations ) {
			$script = wp_scripts()->registered[ self::HANDLE ];
			if ( ! in_array( 'wp-i18n', $script->deps, true ) ) {
				$script->deps[] = 'wp-i18n';
			}
			wp_add_inline_script( self::HANDLE, $translations, 'before' );
		}
		return true;
	}

	/**
	 * Enqueues the loader and records that this page needs the settings block, whatever islands the
	 * page prints (`shop_islands_enqueue()`: islands inserted later need the loader).
	 *
	 * @return bool False when there is no usable build.
	 */
	public function enqueue(): bool {
		if ( ! $this->enqueue_loader() ) {
			return false;
		}
		$this->explicit = true;
		return true;
	}

	/**
	 * Enqueues the loader for an island printed on the page, and records that the page needs the
	 * settings block (unless, when the footer scripts print, the tracker's standalone entry takes
	 * the loader's place: `standalone_page()`).
	 *
	 * @return bool False when there is no usable build.
	 */
	private function enqueue_loader(): bool {
		if ( ! $this->register() ) {
			return false;
		}
		wp_enqueue_script( self::HANDLE );
		$this->requested = true;
		return true;
	}

	/**
	 * Whether the page needs the loader's settings block now (`wp_footer`, 19): the loader was
	 * enqueued by an island (or `shop_islands_enqueue()`), and the page is not, so far, one the
	 * tracker's standalone entry serves (which reads no settings). Should an island that needs the
	 * loader come later, the block is printed with the loader's tag (`module_tag()`,
	 * `before_island()`).
	 */
	public function is_requested(): bool {
		return $this->requested && ! $this->standalone_page();
	}

	/**
	 * The file of the tracker's standalone entry when the build has a usable one (in the manifest,
	 * and on disk), else null: the loader then.
	 */
	private function standalone_file(): ?string {
		$manifest = $this->plugin->manifest();
		if ( is_wp_error( $manifest ) ) {
			return null;
		}
		$file = $manifest->standalone_tracker_file();
		return null !== $file && is_file( $this->plugin->dist_dir() . $file ) ? $file : null;
	}

	/**
	 * Whether the tracker's standalone entry takes the loader's place on this page: the only island
	 * printed so far is `order-attribution`, nobody asked for the loader itself
	 * (`shop_islands_enqueue()`), the footer scripts are not printed yet (a tracker container printed
	 * after them gets the loader: the standalone entry mounts only the containers it finds when it
	 * runs), and the build has the entry. Any other island printed before the footer scripts, and
	 * the loader is printed as before (it skips the containers the standalone entry claimed, so both
	 * can be on the page).
	 */
	private function standalone_page(): bool {
		return $this->requested && ! $this->explicit && ! $this->footer_printed
			&& array( self::STANDALONE_ISLAND ) === array_map( 'strval', array_keys( $this->islands ) )
			&& null !== $this->standalone_file();
	}

	/**
	 * The loader's tag swapped for the tracker's standalone entry in the footer's script list, when
	 * this is a page it serves (`standalone_page()`): the entry is registered (a module script in the
	 * footer, no version: its file name is hashed; no translations and no settings block: the tracker
	 * shows no text and reads no settings) and enqueued, the loader dequeued, and the loader's own
	 * dependencies (wp-i18n, for its translations) left out unless something else that stays needs
	 * them or they were enqueued for themselves.
	 *
	 * @param string[] $to_do Handles about to be printed, dependencies first.
	 * @return string[]
	 */
	private function swap_for_standalone( array $to_do ): array {
		$at = array_search( self::HANDLE, $to_do, true );
		if ( false === $at || ! $this->standalone_page() ) {
			return $to_do;
		}
		$file = (string) $this->standalone_file();
		if ( ! wp_script_is( self::STANDALONE_HANDLE, 'registered' ) ) {
			// phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the file name is hashed.
			wp_register_script( self::STANDALONE_HANDLE, $this->url( $file ), array(), null, true );
		}
		if ( wp_script_is( self::STANDALONE_HANDLE, 'done' ) ) {
			unset( $to_do[ $at ] );
		} else {
			$to_do[ $at ] = self::STANDALONE_HANDLE;
		}
		wp_dequeue_script( self::HANDLE );
		wp_enqueue_script( self::STANDALONE_HANDLE );

		// The loader's dependencies, less those that something staying needs, or that were enqueued.
		$scripts = wp_scripts();
		$unused  = array_flip( $this->dependencies( self::HANDLE ) );
		$queued  = array_map( 'strval', $scripts->queue );
		foreach ( array_merge( $to_do, $scripts->done, $queued ) as $handle ) {
			$handle = (string) $handle;
			if ( isset( $unused[ $handle ] ) && ! in_array( $handle, $queued, true ) ) {
				continue;
			}
			unset( $unused[ $handle ] );
			foreach ( $this->dependencies( $handle ) as $needed ) {
				unset( $unused[ $needed ] );
			}
		}
		return array_values( array_diff( $to_do, array_map( 'strval', array_keys( $unused ) ) ) );
	}

	/**
	 * WooCommerce's (and Storefront's) scripts that islands replace: handle => the islands that,
	 * printed together on a page, do everything the script does there. Both would otherwise handle
	 * the same markup (two adds per click, two variation checks, two sets of tabs).
	 */
	const REPLACED_SCRIPTS = array(
		'wc-add-to-cart'                => array( 'add-to-cart' ),
		'wc-cart-fragments'             => array( 'mini-cart' ),
		'wc-add-to-cart-variation'      => array( 'variation-form' ),
		'wc-single-product'             => array( 'product-gallery', 'product-tabs', 'product-reviews' ),
		'flexslider'                    => array( 'product-gallery' ),
		'zoom'                          => array( 'product-gallery' ),
		'photoswipe'                    => array( 'product-gallery' ),
		'photoswipe-ui-default'         => array( 'product-gallery' ),
		'storefront-sticky-add-to-cart' => array( 'sticky-add-to-cart' ),
		// WooCommerce 8.5+'s order attribution tracker and the library it runs on; Storefront's navigation.js.
		'wc-order-attribution'          => array( 'order-attribution' ),
		'sourcebuster-js'               => array( 'order-attribution' ),
		'storefront-navigation'         => array( 'site-menu' ),
		// The classic checkout: checkout.js, and the scripts of the country and state selects it
		// depends on. They stay on the cart page, where the checkout island is not placed (and
		// cart.js, with its shipping calculator, depends on wc-country-select and wc-address-i18n).
		'wc-checkout'                   => array( 'checkout' ),
		'wc-country-select'             => array( 'checkout' ),
		'wc-address-i18n'               => array( 'checkout' ),
		// Libraries (SHARED_LIBRARIES): left out only when nothing else on the page uses them.
		'selectWoo'                     => array( 'checkout' ),
		'select2'                       => array( 'checkout' ),
		// The same libraries under `wc-` prefixed handles, as later WooCommerce releases name them (not
		// verified here: 9.9.5 and 7.8.2, the stores tested, use the names above).
		'wc-flexslider'                 => array( 'product-gallery' ),
		'wc-zoom'                       => array( 'product-gallery' ),
		'wc-photoswipe'                 => array( 'product-gallery' ),
		'wc-photoswipe-ui-default'      => array( 'product-gallery' ),
	);

	/**
	 * Scripts that do two jobs, each done by its own island: handle => the islands that do the
	 * script's other job. add-to-cart.js runs the listings' Add to cart buttons (the `add-to-cart`
	 * island, REPLACED_SCRIPTS) and the remove links of WooCommerce's cart widget (the `mini-cart`
	 * island). On a page with the mini-cart island and no Add to cart button left to WooCommerce (a
	 * product page without listing buttons) the script has nothing left to do, and kept it would
	 * send a second `remove_from_cart` for each removal in the header mini-cart.
	 */
	const REPLACED_WHEN_NOTHING_LEFT = array(
		'wc-add-to-cart' => array( 'mini-cart' ),
	);

	/**
	 * Libraries among the replaced scripts: handle => the scripts that use the library without
	 * listing it as a dependency. A library does nothing by itself, and others use it too: WooCommerce's
	 * product categories and layered nav widgets turn their dropdowns into selectWoo pickers (inline
	 * code queued with `wc_enqueue_js()`), plugins list it as a dependency, country-select.js uses it
	 * when it is loaded. So it is left out with its islands only when nothing else on the page uses it:
	 * no script that stays lists it (directly or through another) or is one of its users here, and no
	 * inline code on the page (WooCommerce's queued code, a staying script's inline scripts) calls
	 * it. And a script that needs it keeps it without keeping the islands off (no conflict is
	 * recorded), unlike the other replaced scripts.
	 */
	const SHARED_LIBRARIES = array(
		'selectWoo' => array( 'wc-country-select' ),
		'select2'   => array(),
	);

	/** Inline code that calls a select library (`$( … ).selectWoo(`, `.select2(`). */
	const LIBRARY_CALL = '/\b(?:selectWoo|select2)\s*\(/';

	/**
	 * Islands whose part was printed without its island on this page (the automatic integration
	 * could not, or may not, place it): island name => true.
	 *
	 * @var array<string, true>
	 */
	private $left_to_woocommerce = array();

	/**
	 * Records that a part the `$island` island would handle was printed as WooCommerce's own markup,
	 * which WooCommerce's script must then still handle (REPLACED_WHEN_NOTHING_LEFT).
	 *
	 * @param string $island Island name.
	 */
	public function left_to_woocommerce( string $island ): void {
		$this->left_to_woocommerce[ $island ] = true;
	}

	/**
	 * Whether the script `$handle` has nothing left to do on this page: the islands it is replaced
	 * by are all printed, or (REPLACED_WHEN_NOTHING_LEFT) those doing its other job are, and no part
	 * of the first ones was left to WooCommerce.
	 *
	 * @param string   $handle  Script handle.
	 * @param string[] $islands The islands that replace it (replaced_scripts()).
	 */
	private function replaced_here( string $handle, array $islands ): bool {
		if ( $this->all_printed( $islands ) ) {
			return true;
		}
		if ( ! isset( self::REPLACED_WHEN_NOTHING_LEFT[ $handle ] ) || ! $this->all_printed( self::REPLACED_WHEN_NOTHING_LEFT[ $handle ] ) ) {
			return false;
		}
		foreach ( $islands as $island ) {
			if ( isset( $this->left_to_woocommerce[ $island ] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The scripts islands replace (REPLACED_SCRIPTS through the `shop_islands_replaced_scripts`
	 * filter), the unusable entries of a filter left out: handle => island names.
	 *
	 * @return array<string, string[]>
	 */
	private function replaced_scripts(): array {
		/**
		 * Filters which scripts the islands replace: handle => island names that must all be on
		 * the page for the script to be left out. Return an empty array to keep every script.
		 *
		 * @since 0.1.0
		 *
		 * @param array $replaced The map.
		 */
		$replaced = apply_filters( 'shop_islands_replaced_scripts', self::REPLACED_SCRIPTS );
		if ( ! is_array( $replaced ) ) {
			return array();
		}
		$valid = array();
		foreach ( $replaced as $handle => $islands ) {
			if ( ! is_string( $handle ) || ! is_array( $islands ) || ! $islands ) {
				continue;
			}
			$names = array_filter( $islands, 'is_string' );
			if ( count( $names ) === count( $islands ) ) {
				$valid[ $handle ] = array_values( $names );
			}
		}
		return $valid;
	}

	/**
	 * `wp_enqueue_scripts` (last), and again on `wp_print_scripts` (right before `<head>`'s scripts
	 * print, for scripts enqueued later): the scripts islands replace are moved to the footer group.
	 * WooCommerce 9 prints them in `<head>` with `defer` (another plugin may ask for `async`, or for
	 * `<head>` with no strategy), before the page has said which islands it prints, so they could not
	 * be left out there and every add to cart was sent twice (once by the island, once by
	 * add-to-cart.js). In the footer `dequeue_replaced_scripts()` decides, with the page's islands
	 * known. Nothing changes for the shopper when a script stays: a `defer` or `async` script runs
	 * once the document is parsed or later wherever it is printed, and its strategy stays with it
	 * (WooCommerce 7 printed them in the footer). A script that a `<head>` script depends on is still
	 * printed in `<head>` (WordPress moves a dependency up to its dependant's group), and then kept.
	 */
	public function move_replaced_scripts_to_footer(): void {
		if ( is_admin() ) {
			return; // wp_print_scripts also fires on admin screens, which print no islands.
		}
		$scripts = wp_scripts();
		foreach ( array_keys( $this->replaced_scripts() ) as $handle ) {
			if ( isset( $scripts->registered[ $handle ] ) && ! in_array( $handle, $scripts->done, true ) ) {
				$scripts->add_data( $handle, 'group', 1 );
			}
		}
	}

	/**
	 * Whether every island of `$islands` was printed on this page.
	 *
	 * @param string[] $islands Island names.
	 */
	private function all_printed( array $islands ): bool {
		foreach ( $islands as $island ) {
			if ( ! isset( $this->islands[ $island ] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether an island of this type was printed on this page (by the theme, the shortcode or the
	 * automatic integration).
	 *
	 * @param string $island Island name.
	 */
	public function printed( string $island ): bool {
		return isset( $this->islands[ $island ] );
	}

	/**
	 * `wp_footer` (priority 19, before the footer scripts print): dequeues the scripts replaced by
	 * the islands printed on this page (`replaced_scripts()`). A script another enqueued script
	 * depends on is still printed by WordPress: that is recorded for the settings page
	 * (`record_conflicts()`), since the island and the script then both handle the same markup.
	 */
	public function dequeue_replaced_scripts(): void {
		if ( ! $this->islands ) {
			return;
		}
		$libraries = array();
		foreach ( $this->replaced_scripts() as $handle => $islands ) {
			if ( ! $this->replaced_here( $handle, $islands ) ) {
				continue;
			}
			if ( isset( self::SHARED_LIBRARIES[ $handle ] ) ) {
				$libraries[] = $handle; // Once the others are out: what stays decides.
			} else {
				wp_dequeue_script( $handle );
			}
		}
		if ( $libraries ) {
			$scripts = wp_scripts();
			$staying = array();
			foreach ( array_merge( $scripts->queue, $scripts->done ) as $handle ) {
				$staying[] = (string) $handle;
				array_push( $staying, ...$this->dependencies( (string) $handle ) );
			}
			foreach ( $libraries as $library ) {
				if ( ! $this->library_used( $library, array_diff( $staying, array( $library ) ) ) ) {
					wp_dequeue_script( $library );
				}
			}
		}
		foreach ( array_keys( $this->islands ) as $island ) {
			$conflicts = $this->dependants_of_replaced( $island, true );
			if ( $conflicts ) {
				$this->record_conflicts( $island, $conflicts );
			}
		}
	}

	/**
	 * `print_scripts_array`: the last word on what WordPress prints. A script replaced by islands that
	 * are all on the page is taken out of the list, unless a script of the list needs it; this also
	 * catches a script enqueued after `dequeue_replaced_scripts()` ran (later on `wp_footer`). In
	 * `<head>` (`wp_head`) every replaced script is taken out (unless a `<head>` script needs it):
	 * it stays enqueued, and the footer decides, even for one enqueued for `<head>` after
	 * `move_replaced_scripts_to_footer()` ran.
	 *
	 * @param mixed $to_do Handles about to be printed, dependencies first.
	 * @return mixed
	 */
	public function filter_printed_scripts( $to_do ) {
		$head = doing_action( 'wp_head' );
		if ( ! is_array( $to_do ) || ( ! $head && ! $this->islands ) ) {
			return $to_do;
		}
		if ( ! $head ) {
			// The footer scripts (or a script printed on its own): now the page's islands are known.
			$to_do = $this->swap_for_standalone( $to_do );
		}
		$scripts = wp_scripts();
		$remove  = array();
		foreach ( $this->replaced_scripts() as $handle => $islands ) {
			// In <head> the page's islands are not known yet: every replaced script waits for the footer.
			if ( in_array( $handle, $to_do, true ) && ( $head || $this->replaced_here( $handle, $islands ) ) ) {
				$remove[ $handle ] = true;
			}
		}
		if ( ! $remove ) {
			return $to_do;
		}
		// Kept when something that stays in the list (or was printed already) depends on it.
		$staying = array_merge( array_diff( $to_do, array_keys( $remove ) ), $scripts->done );
		foreach ( $staying as $other ) {
			foreach ( $this->dependencies( (string) $other ) as $dependency ) {
				unset( $remove[ $dependency ] );
			}
		}
		// A library also when something else on the page uses it (in <head> the footer decides).
		if ( ! $head ) {
			$staying = array_map( 'strval', array_merge( array_diff( $to_do, array_keys( $remove ) ), $scripts->done ) );
			foreach ( array_keys( $remove ) as $handle ) {
				if ( isset( self::SHARED_LIBRARIES[ $handle ] ) && $this->library_used( $handle, $staying ) ) {
					unset( $remove[ $handle ] );
				}
			}
		}
		return array_values( array_diff( $to_do, array_keys( $remove ) ) );
	}

	/**
	 * Whether something that stays on the page uses the library `$library` (SHARED_LIBRARIES): a
	 * script of `$staying` that needs it or is one of its users, inline code of those scripts that
	 * calls it, or WooCommerce's queued inline code (`wc_enqueue_js()`, printed later in the footer)
	 * that does.
	 *
	 * @param string   $library A key of SHARED_LIBRARIES.
	 * @param string[] $staying The handles that stay on the page (or were printed already).
	 */
	private function library_used( string $library, array $staying ): bool {
		$scripts = wp_scripts();
		$users   = self::SHARED_LIBRARIES[ $library ] ?? array();
		foreach ( $staying as $handle ) {
			if ( $handle === $library ) {
				continue;
			}
			if ( in_array( $handle, $users, true ) || in_array( $library, $this->dependencies( $handle ), true ) ) {
				return true;
			}
			foreach ( array( 'before', 'after' ) as $position ) {
				$inline = $scripts->get_data( $handle, $position );
				if ( is_array( $inline ) && preg_match( self::LIBRARY_CALL, implode( "\n", array_filter( $inline, 'is_string' ) ) ) ) {
					return true;
				}
			}
		}
		$queued = $GLOBALS['wc_queued_js'] ?? '';
		return is_string( $queued ) && 1 === preg_match( self::LIBRARY_CALL, $queued );
	}

	/**
	 * Every script `$handle` needs, directly or through others (registered ones only).
	 *
	 * @param string $handle Script handle.
	 * @return string[]
	 */
	private function dependencies( string $handle ): array {
		$scripts = wp_scripts();
		$found   = array();
		$pending = array( $handle );
		while ( $pending ) {
			$current = array_pop( $pending );
			$deps    = isset( $scripts->registered[ $current ] ) ? (array) $scripts->registered[ $current ]->deps : array();
			foreach ( $deps as $dep ) {
				if ( is_string( $dep ) && ! isset( $found[ $dep ] ) ) {
					$found[ $dep ] = true;
					$pending[]     = $dep;
				}
			}
		}
		return array_keys( $found );
	}

	/**
	 * The scripts on this page (enqueued, printed already, or needed by those) that need a script
	 * `$island` replaces: replaced handle => the handles that need it. WooCommerce's own scripts
	 * that islands replace are not counted (they go with theirs). Such a script cannot be left
	 * out without breaking the one that needs it, so the island must stay off on this page: the
	 * two would handle the same markup (two requests per click).
	 *
	 * @param string $island   Island name.
	 * @param bool   $complete Only scripts whose islands are all printed (the ones the page would
	 *                         leave out): what the footer checks. Otherwise every script `$island`
	 *                         is one of the replacements of: what is checked before placing it.
	 * @return array<string, string[]>
	 */
	public function dependants_of_replaced( string $island, bool $complete = false ): array {
		$replaced = $this->replaced_scripts();
		$mine     = array();
		foreach ( $replaced as $handle => $islands ) {
			// A library another script needs just stays (SHARED_LIBRARIES): no conflict.
			if ( in_array( $island, $islands, true ) && ( ! $complete || $this->all_printed( $islands ) ) && ! isset( self::SHARED_LIBRARIES[ $handle ] ) ) {
				$mine[ $handle ] = true;
			}
		}
		if ( ! $mine ) {
			return array();
		}
		$scripts = wp_scripts();
		$page    = array();
		foreach ( array_merge( $scripts->queue, $scripts->done ) as $handle ) {
			$page[ $handle ] = true;
			foreach ( $this->dependencies( (string) $handle ) as $dependency ) {
				$page[ $dependency ] = true;
			}
		}
		$conflicts = array();
		foreach ( array_keys( $page ) as $handle ) {
			$handle = (string) $handle;
			if ( isset( $replaced[ $handle ] ) ) {
				continue;
			}
			foreach ( array_intersect_key( $mine, array_flip( $this->dependencies( $handle ) ) ) as $needed => $unused ) {
				$conflicts[ $needed ][] = $handle;
			}
		}
		ksort( $conflicts );
		return $conflicts;
	}

	/** Option of the conflicts seen (island => replaced handle => dependant handle => details). */
	const CONFLICTS_OPTION = 'shop_islands_script_conflicts';

	/** How many dependants are remembered per replaced script. */
	const CONFLICTS_KEPT = 10;

	/**
	 * Remembers, for the settings page, that a script on this page needs one that `$island`
	 * replaces: the dependant's handle and source, the page and the time. Written only when the
	 * pair (replaced script, dependant) is new, so a page view costs no write.
	 *
	 * @param string                  $island    Island name.
	 * @param array<string, string[]> $conflicts Replaced handle => dependant handles.
	 */
	public function record_conflicts( string $island, array $conflicts ): void {
		$stored  = get_option( self::CONFLICTS_OPTION, array() );
		$stored  = is_array( $stored ) ? $stored : array();
		$changed = false;
		$scripts = wp_scripts();
		foreach ( $conflicts as $handle => $dependants ) {
			foreach ( $dependants as $dependant ) {
				if ( isset( $stored[ $island ][ $handle ][ $dependant ] ) || count( $stored[ $island ][ $handle ] ?? array() ) >= self::CONFLICTS_KEPT ) {
					continue;
				}
				$src = isset( $scripts->registered[ $dependant ] ) && is_string( $scripts->registered[ $dependant ]->src ) ? $scripts->registered[ $dependant ]->src : '';
				$uri = isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? sanitize_url( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';

				$stored[ $island ][ $handle ][ $dependant ] = array(
					'src'  => substr( $src, 0, 500 ),
					'page' => substr( $uri, 0, 500 ),
					'time' => time(),
				);
				$changed = true;
			}
		}
		if ( $changed ) {
			update_option( self::CONFLICTS_OPTION, $stored, false );
		}
	}

	/** Called after the footer scripts were printed: later islands bring their own loader tag. */
	public function mark_footer_printed(): void {
		$this->footer_printed = true;
	}

	/**
	 * What goes right before an island's container: on the first container of its type, its
	 * stylesheets (so it mounts with its CSS applied, no layout shift) and, when it mounts early
	 * (`load` or `idle`: the container's effective strategy, the widget's default included),
	 * `modulepreload` links for its chunk and static imports. Files already linked on this page are not linked again. When the footer scripts were
	 * already printed (an island rendered by a late `wp_footer` callback), also the settings block and
	 * the loader's tag, or the island would never mount.
	 *
	 * @param string $island  Island name (valid).
	 * @param string $hydrate Strategy of this container: the one asked for, else the widget's default.
	 * @return string HTML; '' when there is no usable build.
	 */
	public function before_island( string $island, string $hydrate ): string {
		$manifest = $this->plugin->manifest();
		if ( is_wp_error( $manifest ) || ! $this->enqueue_loader() ) {
			return '';
		}

		$html = '';
		if ( ! isset( $this->islands[ $island ] ) ) {
			$this->islands[ $island ] = true;
			foreach ( $manifest->island_css( $island ) as $file ) {
				if ( ! isset( $this->linked[ $file ] ) ) {
					$this->linked[ $file ] = true;
					$html                 .= '<link rel="stylesheet" href="' . esc_url( $this->url( $file ) ) . '">';
				}
			}
		}
		if ( 'load' === $hydrate || 'idle' === $hydrate ) {
			foreach ( $manifest->island_js( $island ) as $file ) {
				if ( ! isset( $this->linked[ $file ] ) ) {
					$this->linked[ $file ] = true;
					$html                 .= '<link rel="modulepreload" href="' . esc_url( $this->url( $file ) ) . '">';
				}
			}
		}

		if ( $this->footer_printed && ! wp_script_is( self::HANDLE, 'done' ) ) {
			$html .= $this->plugin->settings->take_block();
			ob_start();
			wp_print_scripts( array( self::HANDLE ) );
			$html .= ob_get_clean();
		}
		return $html;
	}

	/**
	 * `script_loader_tag`: the loader (and the tracker's standalone entry) is an ES module. Only its
	 * own `<script src>` element changes; the inline scripts printed with it (translations) stay
	 * classic scripts. The loader's tag comes after the settings block: when the page's block was
	 * left out at `wp_footer` (19) because the page then held only the tracker, and an island that
	 * needs the loader came before the footer scripts, the block is printed here, first.
	 *
	 * @param string $tag    The tags printed for the handle.
	 * @param string $handle Script handle.
	 * @return string
	 */
	public function module_tag( $tag, $handle ) {
		if ( ( self::HANDLE !== $handle && self::STANDALONE_HANDLE !== $handle ) || ! is_string( $tag ) ) {
			return $tag;
		}
		$block = self::HANDLE === $handle && $this->requested ? $this->plugin->settings->take_block() : '';
		return $block . (string) preg_replace_callback(
			'/<script\b[^>]*\bid=(["\'])' . preg_quote( $handle, '/' ) . '-js\1[^>]*>/',
			static function ( array $m ): string {
				$open = preg_replace( '/\s+type=(["\'])[^"\']*\1/', '', $m[0] );
				return (string) preg_replace( '/^<script\b/', '<script type="module"', (string) $open );
			},
			$tag
		);
	}

	/**
	 * The inline script that hands the translations of the loader and of every chunk to
	 * `wp.i18n.setLocaleData()`: the chunks are imported lazily by the loader, so WordPress never
	 * sees them as scripts. Files are looked up as `load_script_textdomain()` does (the plugin's
	 * `languages/` folder, then `WP_LANG_DIR/plugins/`), named
	 * `shop-islands-{locale}-{md5 of "dist/assets/…js"}.json` (what `wp i18n make-json` writes), with
	 * its filters (`load_script_textdomain_relative_path`, `pre_load_script_translations`,
	 * `load_script_translation_file`, `load_script_translations`).
	 *
	 * Null for en_US and when no file has translations, so English pages do not load wp-i18n
	 * (the scripts then show their English source text).
	 *
	 * @param Shop_Islands_Manifest $manifest The build.
	 */
	public function translations_script( Shop_Islands_Manifest $manifest ): ?string {
		$locale = determine_locale();
		if ( 'en_US' === $locale ) {
			return null;
		}
		$domain = self::TEXT_DOMAIN;
		$path   = untrailingslashit( plugin_dir_path( SHOP_ISLANDS_FILE ) . 'languages' );
		$base   = $domain . '-' . $locale;

		$merged = array();
		foreach ( $manifest->script_files() as $index => $file ) {
			$candidates = array();
			if ( 0 === $index ) {
				$candidates[] = $path . '/' . $base . '-' . self::HANDLE . '.json';
			}
			/** This filter is documented in wp-includes/l10n.php */
			$relative = apply_filters( 'load_script_textdomain_relative_path', 'dist/' . $file, $this->url( $file ) );
			if ( is_string( $relative ) && '' !== $relative ) {
				if ( str_ends_with( $relative, '.min.js' ) ) {
					$relative = substr( $relative, 0, -7 ) . '.js';
				}
				$md5_file     = $base . '-' . md5( $relative ) . '.json';
				$candidates[] = $path . '/' . $md5_file;
				$candidates[] = WP_LANG_DIR . '/plugins/' . $md5_file;
			}
			foreach ( $candidates as $candidate ) {
				$json = load_script_translations( $candidate, self::HANDLE, $domain );
				if ( ! is_string( $json ) || '' === $json ) {
					continue;
				}
				$data     = json_decode( $json, true );
				$messages = $data['locale_data'][ $domain ] ?? $data['locale_data']['messages'] ?? null;
				if ( is_array( $messages ) ) {
					foreach ( $messages as $key => $value ) {
						if ( ! array_key_exists( $key, $merged ) ) {
							$merged[ $key ] = $value;
						}
					}
				}
				break;
			}
		}

		$header = $merged[''] ?? array();
		unset( $merged[''] );
		if ( array() === $merged ) {
			return null;
		}
		$header = is_array( $header ) ? $header : array();
		if ( ! isset( $header['lang'] ) ) {
			$header['lang'] = $locale;
		}
		$header['domain'] = $domain;

		$json = wp_json_encode(
			array( 'locale_data' => array( 'messages' => array( '' => $header ) + $merged ) ),
			JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
		);
		if ( false === $json ) {
			return null;
		}
		return '( function( domain, translations ) {' . "\n"
			. "\tvar localeData = translations.locale_data[ domain ] || translations.locale_data.messages;\n"
			. "\tlocaleData[\"\"].domain = domain;\n"
			. "\twp.i18n.setLocaleData( localeData, domain );\n"
			. '} )( "' . $domain . '", ' . $json . ' );';
	}
}

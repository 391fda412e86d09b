<?php
/**
 * The plugin: hooks, the dist folder, the manifest, the admin notice.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * One instance per request (`Shop_Islands_Plugin::instance()`), holding the parts and the state of
 * the page being rendered; `reset()` forgets that state.
 */
final class Shop_Islands_Plugin {

	/** The instance. */
	private static ?Shop_Islands_Plugin $instance = null;

	/** Loader, translations, stylesheet and preload links. */
	public readonly Shop_Islands_Assets $assets;

	/** The settings block. */
	public readonly Shop_Islands_Settings $settings;

	/** Island containers. */
	public readonly Shop_Islands_Renderer $renderer;

	/** The `[shop_island]` shortcode. */
	public readonly Shop_Islands_Shortcode $shortcode;

	/** Islands placed through WooCommerce's hooks. */
	public readonly Shop_Islands_Integration $integration;

	/** Settings → Shop Islands. */
	public readonly Shop_Islands_Admin $admin;

	/**
	 * The manifest (or why there is none) read from $manifest_dir during this request.
	 *
	 * @var Shop_Islands_Manifest|WP_Error|null
	 */
	private Shop_Islands_Manifest|WP_Error|null $manifest = null;

	/** The dist folder $manifest was read from. */
	private ?string $manifest_dir = null;

	/** Whether boot() ran. */
	private bool $booted = false;

	/** Use instance(). */
	private function __construct() {
		$this->assets      = new Shop_Islands_Assets( $this );
		$this->settings    = new Shop_Islands_Settings( $this );
		$this->renderer    = new Shop_Islands_Renderer( $this );
		$this->shortcode   = new Shop_Islands_Shortcode( $this );
		$this->integration = new Shop_Islands_Integration();
		$this->admin       = new Shop_Islands_Admin( $this );
	}

	/** The plugin. */
	public static function instance(): Shop_Islands_Plugin {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/** Adds the hooks (once). */
	public function boot(): void {
		if ( $this->booted ) {
			return;
		}
		$this->booted = true;

		add_action( 'init', array( $this, 'load_textdomain' ) );
		add_action( 'init', array( $this->shortcode, 'register' ) );
		$this->integration->register();
		$this->admin->register();
		add_filter( 'script_loader_tag', array( $this->assets, 'module_tag' ), 10, 2 );
		// Before wp_print_footer_scripts (20), after the footer's own islands (the store notice is at 10).
		add_action( 'wp_footer', array( $this->settings, 'print_footer' ), 19 );
		add_action( 'wp_footer', array( $this->assets, 'dequeue_replaced_scripts' ), 19 );
		// After every plugin and theme enqueued theirs (WooCommerce's are at 10).
		add_action( 'wp_enqueue_scripts', array( $this->assets, 'move_replaced_scripts_to_footer' ), PHP_INT_MAX );
		// Again right before <head>'s scripts print, for scripts enqueued after wp_enqueue_scripts.
		add_action( 'wp_print_scripts', array( $this->assets, 'move_replaced_scripts_to_footer' ), PHP_INT_MAX );
		// The last word on what is printed, whenever it is enqueued.
		add_filter( 'print_scripts_array', array( $this->assets, 'filter_printed_scripts' ), PHP_INT_MAX );
		add_action( 'wp_print_footer_scripts', array( $this->assets, 'mark_footer_printed' ), 100 );
		add_action( 'admin_notices', array( $this, 'admin_notice' ) );
	}

	/**
	 * Forgets everything about the page rendered so far: the manifest read, the islands and links
	 * printed, the settings block. For tests, which render many "pages" in one process.
	 */
	public function reset(): void {
		$this->manifest     = null;
		$this->manifest_dir = null;
		$this->assets->reset();
		$this->settings->reset();
	}

	/** `load_plugin_textdomain()` for the PHP strings (settings i18n, notices). */
	public function load_textdomain(): void {
		load_plugin_textdomain( 'shop-islands', false, dirname( plugin_basename( SHOP_ISLANDS_FILE ) ) . '/languages' );
	}

	/** The dist folder (with a trailing slash): `dist/` next to shop-islands.php, filterable. */
	public function dist_dir(): string {
		/**
		 * Filters the folder of the build (Vite's `dist/`, with `.vite/manifest.json`, `islands.json` and `assets/`).
		 *
		 * @since 0.1.0
		 *
		 * @param string $dir Absolute path. Default: the plugin's `dist/` folder.
		 */
		return trailingslashit( (string) apply_filters( 'shop_islands_dist_dir', plugin_dir_path( SHOP_ISLANDS_FILE ) . 'dist/' ) );
	}

	/** The URL of the dist folder (with a trailing slash), filterable for a CDN. */
	public function dist_url(): string {
		/**
		 * Filters the URL the build is served from, e.g. a CDN mirroring the plugin's `dist/` folder.
		 * Every script, preload, stylesheet and chunk (`data-island-src`) URL is this base plus a file
		 * name from the manifest (the loader imports only chunks under its own folder). A CDN on
		 * another origin must send `Access-Control-Allow-Origin`: the scripts are ES modules.
		 *
		 * @since 0.1.0
		 *
		 * @param string $url Default: `plugins_url( 'dist/', SHOP_ISLANDS_FILE )`.
		 */
		return trailingslashit( (string) apply_filters( 'shop_islands_dist_url', plugins_url( 'dist/', SHOP_ISLANDS_FILE ) ) );
	}

	/**
	 * The build's manifest with the widgets' default strategies (`islands.json` in the dist folder),
	 * read once per request (again when the dist folder changes), or why it is unusable: missing,
	 * unreadable, not JSON, no loader entry, loader file missing. A missing or broken `islands.json`
	 * is not an error: the defaults are then `idle`.
	 *
	 * @return Shop_Islands_Manifest|WP_Error
	 */
	public function manifest(): Shop_Islands_Manifest|WP_Error {
		$dir = $this->dist_dir();
		if ( null !== $this->manifest && $dir === $this->manifest_dir ) {
			return $this->manifest;
		}
		$this->manifest_dir = $dir;

		if ( ! is_dir( $dir ) ) {
			$this->manifest = new WP_Error( 'shop_islands_dist_missing', sprintf( 'The build folder %s does not exist.', $dir ) );
			return $this->manifest;
		}
		$path = $dir . '.vite/manifest.json';
		if ( ! file_exists( $path ) && file_exists( $dir . 'manifest.json' ) ) {
			$path = $dir . 'manifest.json'; // Vite 4 and older.
		}
		$manifest = Shop_Islands_Manifest::from_file( $path );
		if ( ! is_wp_error( $manifest ) && ! is_file( $dir . $manifest->loader_file() ) ) {
			$manifest = new WP_Error( 'shop_islands_loader_missing', sprintf( 'The loader %s named by the build manifest does not exist.', $dir . $manifest->loader_file() ) );
		}
		if ( ! is_wp_error( $manifest ) ) {
			// Each widget's default strategy; without a usable islands.json every widget mounts when idle.
			$manifest = $manifest->with_defaults( Shop_Islands_Manifest::defaults_from_file( $dir . 'islands.json' ) );
		}
		$this->manifest = $manifest;
		return $this->manifest;
	}

	/**
	 * `admin_notices`: tells whoever can fix it (`activate_plugins`) that the build is missing or
	 * broken, and that islands show their fallback markup meanwhile.
	 */
	public function admin_notice(): void {
		if ( ! current_user_can( 'activate_plugins' ) ) {
			return;
		}
		$manifest = $this->manifest();
		if ( ! is_wp_error( $manifest ) ) {
			return;
		}
		printf(
			'<div class="notice notice-error"><p><strong>%1$s</strong> %2$s</p><p><code>%3$s</code></p></div>',
			esc_html__( 'Shop Islands:', 'shop-islands' ),
			esc_html__( 'the plugin\'s build (its dist folder) is missing or unreadable, so islands show only their server markup. Reinstall the plugin from its release zip.', 'shop-islands' ),
			esc_html( $manifest->get_error_message() )
		);
	}
}

<?php
/**
 * Base class of the plugin's tests: a fresh "page" per test on the real WordPress.
 *
 * @package ShopIslands
 */

use PHPUnit\Framework\TestCase;

/**
 * Resets WordPress's script and style registries and the plugin's per-request state before each
 * test, removes the hooks a test added after it, and records `_doing_it_wrong()` calls (instead of
 * letting WP_DEBUG turn them into notices).
 */
abstract class Shop_Islands_Test_Case extends TestCase {

	/**
	 * Hooks added by the test: [hook, callback, priority].
	 *
	 * @var array<int, array{0: string, 1: callable, 2: int}>
	 */
	private array $added_hooks = array();

	/**
	 * `_doing_it_wrong()` calls during the test: [function, message].
	 *
	 * @var array<int, array{0: string, 1: string}>
	 */
	protected array $doing_it_wrong = array();

	/**
	 * Temporary directories to remove after the test.
	 *
	 * @var string[]
	 */
	private array $temp_dirs = array();

	protected function setUp(): void {
		parent::setUp();
		$GLOBALS['wp_scripts'] = new WP_Scripts();
		$GLOBALS['wp_styles']  = new WP_Styles();
		Shop_Islands_Plugin::instance()->reset();
		wp_set_current_user( 0 );
		$this->doing_it_wrong = array();
		$this->add_hook( 'doing_it_wrong_trigger_error', '__return_false' );
		$this->add_hook(
			'doing_it_wrong_run',
			function ( $name, $message ) {
				$this->doing_it_wrong[] = array( (string) $name, (string) $message );
			},
			10,
			2
		);
	}

	protected function tearDown(): void {
		foreach ( array_reverse( $this->added_hooks ) as [ $hook, $callback, $priority ] ) {
			remove_filter( $hook, $callback, $priority );
		}
		$this->added_hooks = array();
		foreach ( $this->temp_dirs as $dir ) {
			self::remove_dir( $dir );
		}
		$this->temp_dirs = array();
		wp_set_current_user( 0 );
		Shop_Islands_Plugin::instance()->reset();
		parent::tearDown();
	}

	/**
	 * Adds a filter or action for this test only.
	 *
	 * @param string   $hook     Hook name.
	 * @param callable $callback Callback.
	 * @param int      $priority Priority.
	 * @param int      $args     Accepted arguments.
	 */
	protected function add_hook( string $hook, callable $callback, int $priority = 10, int $args = 1 ): void {
		add_filter( $hook, $callback, $priority, $args );
		$this->added_hooks[] = array( $hook, $callback, $priority );
	}

	/** The output of `wp_footer` (settings block, footer scripts). */
	protected function footer(): string {
		ob_start();
		do_action( 'wp_footer' );
		return (string) ob_get_clean();
	}

	/**
	 * The output of an action.
	 *
	 * @param string $hook Action name.
	 */
	protected function capture_action( string $hook ): string {
		ob_start();
		do_action( $hook );
		return (string) ob_get_clean();
	}

	/**
	 * The text of every `<script type="application/json" data-island-props>` element, in order. The
	 * element ends at the first `</script`, as the HTML parser sees it.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	protected static function props_json( string $html ): array {
		preg_match_all( '#<script type="application/json" data-island-props>(.*?)</script#is', $html, $m );
		return $m[1];
	}

	/**
	 * The text of the settings element, or null.
	 *
	 * @param string $html Page HTML.
	 */
	protected static function settings_json( string $html ): ?string {
		return preg_match( '#<script type="application/json" id="shop-islands-settings">(.*?)</script#is', $html, $m ) ? $m[1] : null;
	}

	/**
	 * The loader's `<script src>` tags.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	protected static function loader_tags( string $html ): array {
		preg_match_all( '#<script\b[^>]*\bid=(["\'])shop-islands-loader-js\1[^>]*>#', $html, $m );
		return $m[0];
	}

	/**
	 * The `href` of every `<link rel="…">` of one kind.
	 *
	 * @param string $html Page HTML.
	 * @param string $rel  `stylesheet` or `modulepreload`.
	 * @return string[]
	 */
	protected static function links( string $html, string $rel ): array {
		preg_match_all( '#<link rel="' . preg_quote( $rel, '#' ) . '" href="([^"]*)">#', $html, $m );
		return array_map( 'html_entity_decode', $m[1] );
	}

	/** A temporary directory, removed after the test. */
	protected function temp_dir(): string {
		$dir = sys_get_temp_dir() . '/shop-islands-test-' . bin2hex( random_bytes( 6 ) );
		mkdir( $dir, 0777, true );
		$this->temp_dirs[] = $dir;
		return $dir;
	}

	/**
	 * Points the plugin at another dist folder for this test.
	 *
	 * @param string $dir Absolute path.
	 */
	protected function use_dist_dir( string $dir ): void {
		$this->add_hook(
			'shop_islands_dist_dir',
			static function () use ( $dir ) {
				return $dir;
			}
		);
	}

	/**
	 * A temporary build with a loader and the given islands (each an entry importing one shared
	 * chunk, with a stylesheet), used for this test. `islands.json` holds $islands_json when it is a
	 * string, and is absent when it is null.
	 *
	 * @param string[]    $islands      Island names.
	 * @param string|null $islands_json Contents of islands.json, or null for none.
	 * @return string The dist folder (with a trailing slash).
	 */
	protected function use_temp_build( array $islands, ?string $islands_json ): string {
		$dir = trailingslashit( $this->temp_dir() );
		mkdir( $dir . '.vite' );
		mkdir( $dir . 'assets' );
		$manifest = array(
			'src/islands/loader.ts' => array(
				'file'    => 'assets/loader-t1.js',
				'name'    => 'loader',
				'src'     => 'src/islands/loader.ts',
				'isEntry' => true,
			),
			'_react.js'             => array(
				'file' => 'assets/react-t1.js',
				'name' => 'react',
			),
		);
		foreach ( $islands as $island ) {
			$manifest[ "widgets/$island/island.tsx" ] = array(
				'file'    => "assets/$island-t1.js",
				'name'    => $island,
				'src'     => "widgets/$island/island.tsx",
				'isEntry' => true,
				'imports' => array( '_react.js' ),
				'assets'  => array( "assets/$island-t1.css" ),
			);
		}
		foreach ( $manifest as $chunk ) {
			file_put_contents( $dir . $chunk['file'], 'export {};' );
			foreach ( $chunk['assets'] ?? array() as $asset ) {
				file_put_contents( $dir . $asset, '.x{}' );
			}
		}
		file_put_contents( $dir . '.vite/manifest.json', (string) wp_json_encode( $manifest ) );
		if ( null !== $islands_json ) {
			file_put_contents( $dir . 'islands.json', $islands_json );
		}
		$this->use_dist_dir( $dir );
		return $dir;
	}

	/**
	 * The `data-island-src` the plugin must print for an island of the real build: the plugin's dist
	 * URL plus the island's file, read here from the raw manifest.
	 *
	 * @param string $island Island name.
	 */
	protected static function real_src( string $island ): string {
		$file = self::real_manifest()[ "widgets/$island/island.tsx" ]['file'] ?? null;
		self::assertIsString( $file, "The build has no widgets/$island/island.tsx." );
		return plugins_url( 'dist/', SHOP_ISLANDS_FILE ) . $file;
	}

	/**
	 * The opening tag of every island container, in order.
	 *
	 * @param string $html Page HTML.
	 * @return string[]
	 */
	protected static function container_tags( string $html ): array {
		preg_match_all( '#<(?:div|span) data-island="[^>]*>#', $html, $m );
		return $m[0];
	}

	/** The real build's manifest, decoded. */
	protected static function real_manifest(): array {
		$dir  = Shop_Islands_Plugin::instance()->dist_dir();
		$data = json_decode( (string) file_get_contents( $dir . '.vite/manifest.json' ), true );
		self::assertIsArray( $data, 'The plugin has no dist/.vite/manifest.json: build and install it first.' );
		return $data;
	}

	/**
	 * Functions named by the `_doing_it_wrong()` calls so far.
	 *
	 * @return string[]
	 */
	protected function doing_it_wrong_functions(): array {
		return array_column( $this->doing_it_wrong, 0 );
	}

	/**
	 * Removes a directory tree.
	 *
	 * @param string $dir Directory.
	 */
	protected static function remove_dir( string $dir ): void {
		if ( ! is_dir( $dir ) ) {
			return;
		}
		$items = new RecursiveIteratorIterator(
			new RecursiveDirectoryIterator( $dir, FilesystemIterator::SKIP_DOTS ),
			RecursiveIteratorIterator::CHILD_FIRST
		);
		foreach ( $items as $item ) {
			if ( $item->isDir() && ! $item->isLink() ) {
				rmdir( $item->getPathname() );
			} else {
				unlink( $item->getPathname() );
			}
		}
		rmdir( $dir );
	}
}

<?php
/**
 * Vite's build manifest (`dist/.vite/manifest.json`) and the build's `dist/islands.json` (each
 * widget's default strategy), read the way demo/manifest.ts reads them.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * What a page needs from the build: the loader's file, and per island its chunk's file (printed on
 * its container as `data-island-src`: the loader has no list of widgets), its default strategy
 * (`data-hydrate` when the page asks for none), the files of its chunk with its static imports (for
 * `modulepreload`) and its stylesheets (`css` entries and `.css` files in `assets`, which is where
 * CSS imported with `?url` lands), both transitively over `imports`.
 *
 * Every file name is relative to the dist folder (`assets/loader-HASH.js`); the caller prefixes the
 * dist URL. Entries that are not usable (not an object, no `file`, a file name that could leave the
 * dist folder) are left out rather than failing the whole build; only a build without a usable
 * loader entry is an error.
 */
final class Shop_Islands_Manifest {

	/** Manifest key of the loader entry (the source path Vite was given). */
	const LOADER_SOURCE = 'src/islands/loader.ts';

	/**
	 * Manifest key of the order attribution tracker's standalone entry: it mounts the page's
	 * `order-attribution` containers by itself, printed instead of the loader on a page whose only
	 * island is the tracker (vite.config.ts builds it when the widget is in the build).
	 */
	const STANDALONE_TRACKER_SOURCE = 'widgets/order-attribution/standalone.ts';

	/** Hydration strategies the loader knows (`data-hydrate`). */
	const STRATEGIES = array( 'load', 'idle', 'visible', 'interaction' );

	/** The strategy of a widget the build gives no (known) default for. */
	const DEFAULT_STRATEGY = 'idle';

	/**
	 * Chunks by manifest key, normalized: file (string), imports (string[]), css (string[]).
	 *
	 * @var array<string, array{file: string, imports: string[], css: string[], is_entry: bool}>
	 */
	private array $chunks;

	/** Manifest key of the loader entry. */
	private string $entry_key;

	/**
	 * Default strategies by island name, from `islands.json`: known strategies only.
	 *
	 * @var array<string, string>
	 */
	private array $defaults = array();

	/**
	 * Use one of the named constructors.
	 *
	 * @param array  $chunks    Normalized chunks.
	 * @param string $entry_key Key of the loader entry in $chunks.
	 */
	private function __construct( array $chunks, string $entry_key ) {
		$this->chunks    = $chunks;
		$this->entry_key = $entry_key;
	}

	/**
	 * Reads a manifest file.
	 *
	 * @param string $path Absolute path of manifest.json.
	 * @return Shop_Islands_Manifest|WP_Error
	 */
	public static function from_file( string $path ): Shop_Islands_Manifest|WP_Error {
		if ( ! is_file( $path ) ) {
			return new WP_Error( 'shop_islands_manifest_missing', sprintf( 'The build manifest %s does not exist.', $path ) );
		}
		if ( ! is_readable( $path ) ) {
			return new WP_Error( 'shop_islands_manifest_unreadable', sprintf( 'The build manifest %s is not readable.', $path ) );
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		$json = file_get_contents( $path );
		if ( false === $json ) {
			return new WP_Error( 'shop_islands_manifest_unreadable', sprintf( 'The build manifest %s could not be read.', $path ) );
		}
		return self::from_json( $json );
	}

	/**
	 * Parses the manifest's JSON text.
	 *
	 * @param string $json Contents of manifest.json.
	 * @return Shop_Islands_Manifest|WP_Error
	 */
	public static function from_json( string $json ): Shop_Islands_Manifest|WP_Error {
		$data = json_decode( $json, true );
		if ( JSON_ERROR_NONE !== json_last_error() ) {
			return new WP_Error( 'shop_islands_manifest_invalid', sprintf( 'The build manifest is not valid JSON (%s).', json_last_error_msg() ) );
		}
		return self::from_array( $data );
	}

	/**
	 * Builds the manifest from decoded JSON.
	 *
	 * @param mixed $data Decoded manifest (an object of chunks).
	 * @return Shop_Islands_Manifest|WP_Error
	 */
	public static function from_array( mixed $data ): Shop_Islands_Manifest|WP_Error {
		if ( ! is_array( $data ) || ( array() !== $data && array_is_list( $data ) ) ) {
			return new WP_Error( 'shop_islands_manifest_invalid', 'The build manifest is not a JSON object of chunks.' );
		}

		$chunks = array();
		foreach ( $data as $key => $chunk ) {
			if ( ! is_array( $chunk ) || ! isset( $chunk['file'] ) || ! is_string( $chunk['file'] ) || ! self::is_safe_file( $chunk['file'] ) ) {
				continue;
			}
			$css = self::strings( $chunk['css'] ?? array() );
			foreach ( self::strings( $chunk['assets'] ?? array() ) as $asset ) {
				if ( str_ends_with( strtolower( $asset ), '.css' ) ) {
					$css[] = $asset;
				}
			}
			$chunks[ (string) $key ] = array(
				'file'     => $chunk['file'],
				'imports'  => self::strings( $chunk['imports'] ?? array() ),
				'css'      => array_values( array_filter( $css, array( self::class, 'is_safe_file' ) ) ),
				'is_entry' => true === ( $chunk['isEntry'] ?? false ),
			);
		}

		$entry_key = null;
		if ( isset( $chunks[ self::LOADER_SOURCE ] ) ) {
			$entry_key = self::LOADER_SOURCE;
		} else {
			foreach ( $chunks as $key => $chunk ) {
				// The tracker's standalone entry is no loader: it mounts the tracker only.
				if ( $chunk['is_entry'] && self::STANDALONE_TRACKER_SOURCE !== (string) $key ) {
					$entry_key = $key;
					break;
				}
			}
		}
		if ( null === $entry_key ) {
			return new WP_Error( 'shop_islands_manifest_no_loader', sprintf( 'The build manifest has no loader entry (%s).', self::LOADER_SOURCE ) );
		}
		if ( ! str_ends_with( $chunks[ $entry_key ]['file'], '.js' ) ) {
			return new WP_Error( 'shop_islands_manifest_no_loader', 'The loader entry of the build manifest is not a JavaScript file.' );
		}

		return new self( $chunks, (string) $entry_key );
	}

	/**
	 * The manifest key of an island's module: `widgets/<name>/island.tsx`.
	 *
	 * @param string $island Island name.
	 */
	public static function island_source( string $island ): string {
		return 'widgets/' . $island . '/island.tsx';
	}

	/**
	 * Reads the build's default strategies (`dist/islands.json`:
	 * `{ "<widget>": { "hydrate": "idle" } }`). A missing, unreadable or invalid file gives no
	 * defaults (every widget then mounts when idle): the page must not break over it.
	 *
	 * @param string $path Absolute path of islands.json.
	 * @return array<string, string> Island name => strategy.
	 */
	public static function defaults_from_file( string $path ): array {
		if ( ! is_file( $path ) || ! is_readable( $path ) ) {
			return array();
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		$json = file_get_contents( $path );
		if ( false === $json ) {
			return array();
		}
		return self::defaults_from_array( json_decode( $json, true ) );
	}

	/**
	 * The usable default strategies of decoded `islands.json` (a JSON object): entries whose name is a
	 * widget folder name and whose `hydrate` is a known strategy. Anything else is ignored, never
	 * printed.
	 *
	 * @param mixed $data Decoded islands.json.
	 * @return array<string, string> Island name => strategy.
	 */
	public static function defaults_from_array( mixed $data ): array {
		if ( ! is_array( $data ) || array_is_list( $data ) ) {
			return array();
		}
		$defaults = array();
		foreach ( $data as $island => $entry ) {
			$island = (string) $island;
			if ( 1 !== preg_match( '/^[a-z0-9-]+$/D', $island ) || ! is_array( $entry ) ) {
				continue;
			}
			$hydrate = $entry['hydrate'] ?? null;
			if ( is_string( $hydrate ) && in_array( $hydrate, self::STRATEGIES, true ) ) {
				$defaults[ $island ] = $hydrate;
			}
		}
		return $defaults;
	}

	/**
	 * This build with the widgets' default strategies (from `defaults_from_file()`); unknown
	 * strategies and names are dropped.
	 *
	 * @param array $defaults Island name => strategy.
	 */
	public function with_defaults( array $defaults ): Shop_Islands_Manifest {
		$copy           = clone $this;
		$copy->defaults = self::defaults_from_array(
			array_map( static fn( $hydrate ) => array( 'hydrate' => $hydrate ), $defaults )
		);
		return $copy;
	}

	/** The loader's file, relative to the dist folder. */
	public function loader_file(): string {
		return $this->chunks[ $this->entry_key ]['file'];
	}

	/**
	 * The file of the order attribution tracker's standalone entry (relative to the dist folder), or
	 * null when the build has none (or none usable: the entry is read like every chunk, so its file
	 * is a safe name under the dist folder, and it must be a JavaScript file): the loader then.
	 */
	public function standalone_tracker_file(): ?string {
		$file = $this->chunks[ self::STANDALONE_TRACKER_SOURCE ]['file'] ?? null;
		return null !== $file && str_ends_with( $file, '.js' ) ? $file : null;
	}

	/**
	 * Whether the build has a module for the island.
	 *
	 * @param string $island Island name.
	 */
	public function has_island( string $island ): bool {
		return isset( $this->chunks[ self::island_source( $island ) ] );
	}

	/**
	 * The file of an island's own chunk (its `data-island-src`, relative to the dist folder), or null
	 * when the build does not have the island.
	 *
	 * @param string $island Island name.
	 */
	public function island_file( string $island ): ?string {
		return $this->chunks[ self::island_source( $island ) ]['file'] ?? null;
	}

	/**
	 * The widget's default strategy, from `islands.json`; `idle` when the build does not say (or
	 * says something the loader does not know).
	 *
	 * @param string $island Island name.
	 */
	public function default_strategy( string $island ): string {
		return $this->defaults[ $island ] ?? self::DEFAULT_STRATEGY;
	}

	/** Names of the islands in the build. */
	public function islands(): array {
		$names = array();
		foreach ( array_keys( $this->chunks ) as $key ) {
			if ( preg_match( '#^widgets/([a-z0-9-]+)/island\.tsx$#D', $key, $m ) ) {
				$names[] = $m[1];
			}
		}
		return $names;
	}

	/**
	 * Module files an island needs before it runs: its chunk and its static imports, transitively
	 * (the `modulepreload` list). Empty for an island the build does not have.
	 *
	 * @param string $island Island name.
	 * @return string[]
	 */
	public function island_js( string $island ): array {
		$files = array();
		$seen  = array();
		$this->collect_js( self::island_source( $island ), $seen, $files );
		return $files;
	}

	/**
	 * Stylesheets an island needs before it mounts: the loader's own (if any), then those of its
	 * chunk and of the chunks it imports statically. Without duplicates.
	 *
	 * @param string $island Island name.
	 * @return string[]
	 */
	public function island_css( string $island ): array {
		$files = array();
		$seen  = array();
		$this->collect_css( $this->entry_key, $seen, $files );
		if ( $this->has_island( $island ) ) {
			$seen = array();
			$this->collect_css( self::island_source( $island ), $seen, $files );
		}
		return array_values( array_unique( $files ) );
	}

	/**
	 * Every JavaScript file of the build (the loader first): the files whose translations are needed,
	 * since the loader imports any of them lazily.
	 *
	 * @return string[]
	 */
	public function script_files(): array {
		$files = array( $this->loader_file() );
		foreach ( $this->chunks as $chunk ) {
			if ( str_ends_with( $chunk['file'], '.js' ) ) {
				$files[] = $chunk['file'];
			}
		}
		return array_values( array_unique( $files ) );
	}

	/**
	 * Depth-first over static imports: the chunk's file, then its imports' files.
	 *
	 * @param string $key   Manifest key.
	 * @param array  $seen  Keys visited.
	 * @param array  $files Collected files.
	 */
	private function collect_js( string $key, array &$seen, array &$files ): void {
		if ( ! isset( $this->chunks[ $key ] ) || isset( $seen[ $key ] ) ) {
			return;
		}
		$seen[ $key ] = true;
		$files[]      = $this->chunks[ $key ]['file'];
		foreach ( $this->chunks[ $key ]['imports'] as $imported ) {
			$this->collect_js( $imported, $seen, $files );
		}
	}

	/**
	 * Depth-first over static imports: the chunk's stylesheets, then its imports'.
	 *
	 * @param string $key   Manifest key.
	 * @param array  $seen  Keys visited.
	 * @param array  $files Collected files.
	 */
	private function collect_css( string $key, array &$seen, array &$files ): void {
		if ( ! isset( $this->chunks[ $key ] ) || isset( $seen[ $key ] ) ) {
			return;
		}
		$seen[ $key ] = true;
		foreach ( $this->chunks[ $key ]['css'] as $css ) {
			$files[] = $css;
		}
		foreach ( $this->chunks[ $key ]['imports'] as $imported ) {
			$this->collect_css( $imported, $seen, $files );
		}
	}

	/**
	 * The strings of a JSON array (anything else is ignored).
	 *
	 * @param mixed $value Decoded JSON value.
	 * @return string[]
	 */
	private static function strings( mixed $value ): array {
		if ( ! is_array( $value ) ) {
			return array();
		}
		return array_values( array_filter( $value, 'is_string' ) );
	}

	/**
	 * A file name that stays inside the dist folder and needs no escaping in a URL path:
	 * `assets/name-HASH.js`. No scheme, no leading slash, no `..`, no query or fragment.
	 *
	 * @param string $file File name from the manifest.
	 */
	public static function is_safe_file( string $file ): bool {
		return 1 === preg_match( '#^[A-Za-z0-9_][A-Za-z0-9._~@+-]*(/[A-Za-z0-9_][A-Za-z0-9._~@+-]*)*$#D', $file )
			&& ! preg_match( '#(^|/)\.\.(/|$)#', $file );
	}
}

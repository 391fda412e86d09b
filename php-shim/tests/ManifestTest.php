<?php
/**
 * Reading Vite's manifest.
 *
 * @package ShopIslands
 */

/**
 * The real build's manifest, odd manifests, invalid JSON, missing files.
 */
class ManifestTest extends Shop_Islands_Test_Case {

	/**
	 * A chunk's file and its static imports' files, transitively: computed here independently of
	 * the plugin, from the raw manifest.
	 *
	 * @param array  $manifest Raw manifest.
	 * @param string $key      Chunk key.
	 * @return string[]
	 */
	private static function closure( array $manifest, string $key ): array {
		$files = array();
		$queue = array( $key );
		$seen  = array();
		while ( $queue ) {
			$current = array_shift( $queue );
			if ( isset( $seen[ $current ] ) || ! isset( $manifest[ $current ] ) ) {
				continue;
			}
			$seen[ $current ] = true;
			$files[]          = $manifest[ $current ]['file'];
			foreach ( $manifest[ $current ]['imports'] ?? array() as $imported ) {
				$queue[] = $imported;
			}
		}
		return $files;
	}

	public function test_reads_the_real_build(): void {
		$raw      = self::real_manifest();
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$this->assertInstanceOf( Shop_Islands_Manifest::class, $manifest );

		$this->assertSame( $raw['src/islands/loader.ts']['file'], $manifest->loader_file() );
		$this->assertMatchesRegularExpression( '#^assets/loader-[A-Za-z0-9_-]+\.js$#', $manifest->loader_file() );

		$islands = $manifest->islands();
		$this->assertContains( 'store-notice', $islands );
		$this->assertContains( 'loading-indicator', $islands );
		$dist = Shop_Islands_Plugin::instance()->dist_dir();

		foreach ( $islands as $island ) {
			$key = "widgets/$island/island.tsx";
			$this->assertTrue( $manifest->has_island( $island ) );
			$this->assertSame( $raw[ $key ]['file'], $manifest->island_file( $island ), "$island: its chunk (data-island-src)" );
			$this->assertTrue( $raw[ $key ]['isEntry'] ?? false, "$island: an entry of the build" );

			$js = $manifest->island_js( $island );
			$this->assertSame( $raw[ $key ]['file'], $js[0], "$island: its own chunk comes first" );
			$this->assertEqualsCanonicalizing( self::closure( $raw, $key ), $js, "$island: chunk + static imports" );
			$this->assertSame( array_values( array_unique( $js ) ), $js, "$island: no duplicates" );
			$this->assertNotContains( $manifest->loader_file(), $js );

			$expected_css = array();
			foreach ( self::closure( $raw, $key ) as $file ) {
				foreach ( $raw as $chunk ) {
					if ( $chunk['file'] === $file ) {
						$expected_css = array_merge(
							$expected_css,
							$chunk['css'] ?? array(),
							array_filter( $chunk['assets'] ?? array(), static fn( $a ) => str_ends_with( $a, '.css' ) )
						);
					}
				}
			}
			$this->assertEqualsCanonicalizing( array_values( array_unique( $expected_css ) ), $manifest->island_css( $island ), "$island: stylesheets" );

			foreach ( array_merge( $js, $manifest->island_css( $island ) ) as $file ) {
				$this->assertFileExists( $dist . $file );
			}
		}

		// The widgets import their CSS with `?url`: it is in `assets`, not `css`.
		$this->assertSame( array( $raw['widgets/loading-indicator/island.tsx']['assets'][0] ), $manifest->island_css( 'loading-indicator' ) );
		$this->assertMatchesRegularExpression( '#^assets/loading-indicator-[A-Za-z0-9_-]+\.css$#', $manifest->island_css( 'loading-indicator' )[0] );

		$this->assertFalse( $manifest->has_island( 'no-such-island' ) );
		$this->assertNull( $manifest->island_file( 'no-such-island' ) );
		$this->assertSame( array(), $manifest->island_js( 'no-such-island' ) );

		// Each widget's default strategy, from dist/islands.json beside the manifest.
		$defaults = json_decode( (string) file_get_contents( $dist . 'islands.json' ), true );
		$this->assertIsArray( $defaults );
		$this->assertEqualsCanonicalizing( $islands, array_keys( $defaults ), 'islands.json lists the islands of the build' );
		foreach ( $defaults as $island => $entry ) {
			$this->assertSame( $entry['hydrate'], $manifest->default_strategy( $island ), $island );
		}
		$this->assertSame( 'visible', $manifest->default_strategy( 'product-gallery' ) );
		$this->assertSame( 'interaction', $manifest->default_strategy( 'wishlist-button' ) );
		$this->assertSame( 'idle', $manifest->default_strategy( 'no-such-island' ) );

		$scripts = $manifest->script_files();
		$this->assertSame( $manifest->loader_file(), $scripts[0] );
		$this->assertEqualsCanonicalizing(
			array_values( array_unique( array_filter( array_column( $raw, 'file' ), static fn( $f ) => str_ends_with( $f, '.js' ) ) ) ),
			$scripts
		);
	}

	public function test_odd_manifest_content(): void {
		$manifest = Shop_Islands_Manifest::from_json(
			(string) wp_json_encode(
				array(
					'/abs/path/widgets/a/a.css' => array( 'file' => 'assets/a-1.css', 'src' => '/abs/path/widgets/a/a.css' ),
					'main.ts'                   => array(
						'file'    => 'assets/main-1.js',
						'isEntry' => true,
						'css'     => array( 'assets/main-1.css' ),
					),
					'widgets/a/island.tsx'      => array(
						'file'    => 'assets/a-1.js',
						'imports' => array( '_shared.js', '_missing.js', 42, array( 'x' ) ),
						'css'     => 'not-a-list',
						'assets'  => array( 'assets/a-1.css', 'assets/logo-1.svg', '../../escape.css' ),
					),
					'_shared.js'                => array(
						'file'    => 'assets/shared-1.js',
						'imports' => array( 'widgets/a/island.tsx', '_shared.js' ),
						'css'     => array( 'assets/shared-1.css', 'assets/main-1.css' ),
					),
					'widgets/b/island.tsx'      => array( 'file' => '../../wp-config.php' ),
					'widgets/c/island.tsx'      => 'not an object',
					'widgets/d/island.tsx'      => array( 'imports' => array() ),
					'widgets/e/island.tsx'      => array( 'file' => 'https://evil.example/x.js' ),
					'widgets/f/island.tsx'      => array( 'file' => '/etc/passwd' ),
					'widgets/g/island.tsx'      => array( 'file' => 'assets/g-1.js?x=<script>' ),
					'widgets/h/island.tsx'      => array( 'file' => 'assets/h-1.js', 'imports' => 'nope' ),
					'widgets/Bad Name/island.tsx' => array( 'file' => 'assets/bad-1.js' ),
				)
			)
		);
		$this->assertInstanceOf( Shop_Islands_Manifest::class, $manifest );

		// No `src/islands/loader.ts` key: the chunk marked isEntry is the loader.
		$this->assertSame( 'assets/main-1.js', $manifest->loader_file() );

		// Import cycles and self-imports end; unknown and non-string imports are skipped.
		$this->assertSame( array( 'assets/a-1.js', 'assets/shared-1.js' ), $manifest->island_js( 'a' ) );
		// The loader's CSS first, then the island's `?url` CSS (not the .svg, not the escaping path), then its imports', once each.
		$this->assertSame( array( 'assets/main-1.css', 'assets/a-1.css', 'assets/shared-1.css' ), $manifest->island_css( 'a' ) );

		foreach ( array( 'b', 'c', 'd', 'e', 'f', 'g' ) as $unusable ) {
			$this->assertFalse( $manifest->has_island( $unusable ), "entry $unusable is not usable" );
			$this->assertNull( $manifest->island_file( $unusable ), "entry $unusable has no chunk URL" );
		}
		$this->assertSame( 'assets/a-1.js', $manifest->island_file( 'a' ) );
		$this->assertSame( 'assets/h-1.js', $manifest->island_file( 'h' ) );
		$this->assertSame( 'idle', $manifest->default_strategy( 'a' ), 'no islands.json read: idle' );
		$this->assertSame( array( 'assets/h-1.js' ), $manifest->island_js( 'h' ) );
		$this->assertEqualsCanonicalizing( array( 'a', 'h' ), $manifest->islands() );
		$this->assertNotContains( '../../wp-config.php', $manifest->script_files() );
		$this->assertEqualsCanonicalizing(
			array( 'assets/main-1.js', 'assets/a-1.js', 'assets/shared-1.js', 'assets/h-1.js', 'assets/bad-1.js' ),
			$manifest->script_files()
		);
	}

	public function test_default_strategies_keep_only_known_strategies_of_widget_names(): void {
		$this->assertSame(
			array(
				'a'   => 'load',
				'b-2' => 'idle',
				'c'   => 'visible',
				'd'   => 'interaction',
				'0'   => 'visible',
			),
			Shop_Islands_Manifest::defaults_from_array(
				array(
					'a'               => array( 'hydrate' => 'load' ),
					'b-2'             => array( 'hydrate' => 'idle', 'other' => 1 ),
					'c'               => array( 'hydrate' => 'visible' ),
					'd'               => array( 'hydrate' => 'interaction' ),
					'0'               => array( 'hydrate' => 'visible' ),
					'e'               => array( 'hydrate' => '" onload="x' ),
					'f'               => array( 'hydrate' => 'Idle' ),
					'g'               => array( 'hydrate' => array( 'idle' ) ),
					'h'               => array( 'hydrate' => null ),
					'i'               => array(),
					'j'               => 'visible',
					'Bad Name'        => array( 'hydrate' => 'visible' ),
					'x"><script>'     => array( 'hydrate' => 'load' ),
					'../store-notice' => array( 'hydrate' => 'load' ),
				)
			)
		);
		foreach ( array( null, '', 'visible', 42, true, array( array( 'hydrate' => 'visible' ) ) ) as $not_an_object ) {
			$this->assertSame( array(), Shop_Islands_Manifest::defaults_from_array( $not_an_object ) );
		}

		$dir = $this->temp_dir();
		$this->assertSame( array(), Shop_Islands_Manifest::defaults_from_file( $dir . '/missing.json' ) );
		$this->assertSame( array(), Shop_Islands_Manifest::defaults_from_file( $dir ), 'a directory' );
		file_put_contents( $dir . '/islands.json', '{"a": {"hydrate": "visible"}, "b": {"hydrate": "soon"}}' );
		$this->assertSame( array( 'a' => 'visible' ), Shop_Islands_Manifest::defaults_from_file( $dir . '/islands.json' ) );
		file_put_contents( $dir . '/islands.json', '{"a": {"hydrate": "visible"}' );
		$this->assertSame( array(), Shop_Islands_Manifest::defaults_from_file( $dir . '/islands.json' ) );

		$manifest = Shop_Islands_Manifest::from_json( '{"src/islands/loader.ts": {"file": "assets/loader-1.js", "isEntry": true}}' );
		$with     = $manifest->with_defaults( array( 'a' => 'visible', 'b' => 'eager', 'c' => array( 'load' ) ) );
		$this->assertSame( 'visible', $with->default_strategy( 'a' ) );
		$this->assertSame( 'idle', $with->default_strategy( 'b' ), 'unknown strategies are dropped' );
		$this->assertSame( 'idle', $with->default_strategy( 'c' ) );
		$this->assertSame( 'idle', $manifest->default_strategy( 'a' ), 'the original is unchanged' );
	}

	/**
	 * @dataProvider broken_manifests
	 *
	 * @param string $json Manifest text.
	 * @param string $code Expected error code.
	 */
	public function test_broken_manifests_are_errors( string $json, string $code ): void {
		$manifest = Shop_Islands_Manifest::from_json( $json );
		$this->assertInstanceOf( WP_Error::class, $manifest );
		$this->assertSame( $code, $manifest->get_error_code() );
		$this->assertNotSame( '', $manifest->get_error_message() );
	}

	public function broken_manifests(): array {
		return array(
			'invalid JSON'         => array( '{"src/islands/loader.ts": {"file": "assets/loader.js",', 'shop_islands_manifest_invalid' ),
			'empty file'           => array( '', 'shop_islands_manifest_invalid' ),
			'a list'               => array( '[{"file": "assets/loader.js", "isEntry": true}]', 'shop_islands_manifest_invalid' ),
			'a string'             => array( '"manifest"', 'shop_islands_manifest_invalid' ),
			'null'                 => array( 'null', 'shop_islands_manifest_invalid' ),
			'empty object'         => array( '{}', 'shop_islands_manifest_no_loader' ),
			'no entry'             => array( '{"widgets/a/island.tsx": {"file": "assets/a.js"}}', 'shop_islands_manifest_no_loader' ),
			'entry without a file' => array( '{"src/islands/loader.ts": {"isEntry": true}}', 'shop_islands_manifest_no_loader' ),
			'entry is CSS'         => array( '{"src/islands/loader.ts": {"file": "assets/loader.css", "isEntry": true}}', 'shop_islands_manifest_no_loader' ),
		);
	}

	public function test_missing_and_unreadable_files(): void {
		$dir = $this->temp_dir();

		$missing = Shop_Islands_Manifest::from_file( $dir . '/nope.json' );
		$this->assertInstanceOf( WP_Error::class, $missing );
		$this->assertSame( 'shop_islands_manifest_missing', $missing->get_error_code() );

		$this->assertSame( 'shop_islands_manifest_missing', Shop_Islands_Manifest::from_file( $dir )->get_error_code(), 'a directory is not a manifest' );

		file_put_contents( $dir . '/invalid.json', "{ not json \xff" );
		$this->assertSame( 'shop_islands_manifest_invalid', Shop_Islands_Manifest::from_file( $dir . '/invalid.json' )->get_error_code() );

		if ( function_exists( 'posix_geteuid' ) && 0 !== posix_geteuid() ) {
			file_put_contents( $dir . '/locked.json', '{}' );
			chmod( $dir . '/locked.json', 0 );
			$this->assertSame( 'shop_islands_manifest_unreadable', Shop_Islands_Manifest::from_file( $dir . '/locked.json' )->get_error_code() );
			chmod( $dir . '/locked.json', 0644 );
		}
	}

	public function test_plugin_reads_the_manifest_of_the_filtered_dist_dir(): void {
		$plugin = Shop_Islands_Plugin::instance();

		$dir = $this->temp_dir();
		$this->use_dist_dir( $dir );
		$this->assertSame( 'shop_islands_manifest_missing', $plugin->manifest()->get_error_code() );

		mkdir( $dir . '/.vite' );
		mkdir( $dir . '/assets' );
		file_put_contents( $dir . '/.vite/manifest.json', '{"src/islands/loader.ts": {"file": "assets/loader-1.js", "isEntry": true}}' );
		$plugin->reset();
		$this->assertSame( 'shop_islands_loader_missing', $plugin->manifest()->get_error_code(), 'the loader the manifest names must exist' );

		file_put_contents( $dir . '/assets/loader-1.js', 'export {};' );
		$plugin->reset();
		$this->assertSame( 'assets/loader-1.js', $plugin->manifest()->loader_file() );
		$this->assertSame( trailingslashit( $dir ), $plugin->dist_dir() );
		$this->assertSame( 'idle', $plugin->manifest()->default_strategy( 'a' ), 'no islands.json: idle' );

		file_put_contents( $dir . '/islands.json', '{"a": {"hydrate": "visible"}}' );
		$plugin->reset();
		$this->assertSame( 'visible', $plugin->manifest()->default_strategy( 'a' ), 'islands.json in the dist folder' );

		// Vite 4 wrote the manifest at the top of dist/.
		$old = $this->temp_dir();
		mkdir( $old . '/assets' );
		file_put_contents( $old . '/manifest.json', '{"src/islands/loader.ts": {"file": "assets/loader-2.js", "isEntry": true}}' );
		file_put_contents( $old . '/assets/loader-2.js', 'export {};' );
		file_put_contents( $old . '/islands.json', '{"a": {"hydrate": "interaction"}}' );
		$this->use_dist_dir( $old );
		$this->assertSame( 'assets/loader-2.js', $plugin->manifest()->loader_file(), 'read again when the dist dir changes' );
		$this->assertSame( 'interaction', $plugin->manifest()->default_strategy( 'a' ), 'with its islands.json' );
	}

	public function test_the_real_builds_standalone_tracker_entry(): void {
		$raw      = self::real_manifest();
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$key      = Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE;
		$this->assertSame( 'widgets/order-attribution/standalone.ts', $key );
		$this->assertArrayHasKey( $key, $raw, 'vite.config.ts builds the tracker\'s standalone entry' );
		$this->assertSame( $raw[ $key ]['file'], $manifest->standalone_tracker_file() );
		$this->assertMatchesRegularExpression( '#^assets/[A-Za-z0-9_.-]+\.js$#', $manifest->standalone_tracker_file() );
		$this->assertFileExists( Shop_Islands_Plugin::instance()->dist_dir() . $manifest->standalone_tracker_file() );
		$this->assertNotSame( $manifest->loader_file(), $manifest->standalone_tracker_file() );
		$this->assertNotContains( 'order-attribution-standalone', $manifest->islands() );
	}

	public function test_the_standalone_tracker_entry_is_read_like_an_island_file(): void {
		$loader = array(
			'file'    => 'assets/loader-1.js',
			'isEntry' => true,
		);
		$read   = static fn( $entry ) => Shop_Islands_Manifest::from_array(
			array(
				'src/islands/loader.ts'                         => $loader,
				Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE => $entry,
			)
		)->standalone_tracker_file();

		$this->assertSame( 'assets/order-attribution-standalone-1.js', $read( array( 'file' => 'assets/order-attribution-standalone-1.js', 'isEntry' => true ) ) );
		foreach ( array( '../standalone.js', '/etc/passwd', 'https://evil.example/x.js', '//cdn/x.js', 'assets/x.js?v=1', 'assets/../../x.js', 'assets/x.css', 'assets/x' ) as $bad ) {
			$this->assertNull( $read( array( 'file' => $bad, 'isEntry' => true ) ), $bad );
		}
		foreach ( array( 'not an object', array(), array( 'file' => 42 ), array( 'file' => array( 'assets/x.js' ) ) ) as $odd ) {
			$this->assertNull( $read( $odd ), (string) wp_json_encode( $odd ) );
		}

		$none = Shop_Islands_Manifest::from_array( array( 'src/islands/loader.ts' => $loader ) );
		$this->assertNull( $none->standalone_tracker_file(), 'a build without the entry: the loader' );

		// Without the loader's key, the first entry is the loader: never the tracker's standalone entry.
		$manifest = Shop_Islands_Manifest::from_array(
			array(
				Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE => array(
					'file'    => 'assets/order-attribution-standalone-1.js',
					'isEntry' => true,
				),
				'main.ts'                                        => array(
					'file'    => 'assets/main-1.js',
					'isEntry' => true,
				),
			)
		);
		$this->assertSame( 'assets/main-1.js', $manifest->loader_file() );
		$this->assertSame( 'assets/order-attribution-standalone-1.js', $manifest->standalone_tracker_file() );
		$only = Shop_Islands_Manifest::from_array(
			array(
				Shop_Islands_Manifest::STANDALONE_TRACKER_SOURCE => array(
					'file'    => 'assets/order-attribution-standalone-1.js',
					'isEntry' => true,
				),
			)
		);
		$this->assertInstanceOf( WP_Error::class, $only );
		$this->assertSame( 'shop_islands_manifest_no_loader', $only->get_error_code() );
	}

	public function test_safe_file_names(): void {
		foreach ( array( 'assets/loader-W-5fXoOM.js', 'assets/zod-Bej8--gy.js', 'a.css', 'assets/x_y~z@1+2.js' ) as $ok ) {
			$this->assertTrue( Shop_Islands_Manifest::is_safe_file( $ok ), $ok );
		}
		foreach ( array( '', '/etc/passwd', '../x.js', 'assets/../../x.js', 'assets/./x.js', 'https://x/y.js', '//cdn/x.js', 'a b.js', 'x.js?v=1', 'x.js#f', "x\n.js", "assets/x.js\n", 'a\\b.js', 'a//b.js', '.htaccess' ) as $bad ) {
			$this->assertFalse( Shop_Islands_Manifest::is_safe_file( $bad ), $bad );
		}
	}
}

<?php
/**
 * Script translations for the loader and its lazily imported chunks.
 *
 * @package ShopIslands
 */

/**
 * Translations of every chunk are merged into one `wp.i18n.setLocaleData()` before the loader;
 * wp-i18n is loaded only when there are translations.
 */
class TranslationsTest extends Shop_Islands_Test_Case {

	/**
	 * Files WordPress was asked for (basename => JSON to answer, or null).
	 *
	 * @var array<string, string|null>
	 */
	private array $files = array();

	/**
	 * Paths looked up.
	 *
	 * @var string[]
	 */
	private array $asked = array();

	/**
	 * Answers translation lookups from $this->files (what `wp i18n make-json` would have written).
	 *
	 * @param string $locale Locale of the page.
	 */
	private function serve_translations( string $locale ): void {
		$this->add_hook( 'pre_determine_locale', static fn() => $locale );
		$this->add_hook(
			'pre_load_script_translations',
			function ( $translations, $file, $handle, $domain ) {
				$this->asked[] = (string) $file;
				if ( 'shop-islands' !== $domain || Shop_Islands_Assets::HANDLE !== $handle ) {
					return $translations;
				}
				return $this->files[ basename( (string) $file ) ] ?? false;
			},
			10,
			4
		);
	}

	/**
	 * A Jed file as `wp i18n make-json` writes it.
	 *
	 * @param array $messages msgid => translation.
	 */
	private static function jed( array $messages ): string {
		$data = array( '' => array( 'domain' => 'messages', 'lang' => 'de_DE', 'plural-forms' => 'nplurals=2; plural=(n != 1);' ) );
		foreach ( $messages as $id => $text ) {
			$data[ $id ] = array( $text );
		}
		return (string) wp_json_encode(
			array(
				'translation-revision-date' => '2026-01-01 00:00+0000',
				'generator'                 => 'WP-CLI/2.10.0',
				'source'                    => 'dist/assets/x.js',
				'domain'                    => 'messages',
				'locale_data'               => array( 'messages' => $data ),
			)
		);
	}

	public function test_english_pages_do_not_load_wp_i18n(): void {
		$this->serve_translations( 'en_US' );
		shop_islands_render( 'store-notice', array(), '' );
		$footer = $this->footer();

		$this->assertSame( array(), wp_scripts()->registered[ Shop_Islands_Assets::HANDLE ]->deps );
		$this->assertFalse( wp_script_is( 'wp-i18n', 'done' ) );
		$this->assertStringNotContainsString( 'setLocaleData', $footer );
		$this->assertSame( array(), $this->asked, 'no lookup at all for en_US' );
	}

	public function test_a_locale_without_translation_files_does_not_load_wp_i18n(): void {
		$this->serve_translations( 'de_DE' );
		shop_islands_render( 'store-notice', array(), '' );
		$footer = $this->footer();

		$this->assertSame( array(), wp_scripts()->registered[ Shop_Islands_Assets::HANDLE ]->deps );
		$this->assertStringNotContainsString( 'setLocaleData', $footer );
		$this->assertNotEmpty( $this->asked );
	}

	public function test_translations_of_the_loader_and_of_lazy_chunks_are_merged(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$chunk    = $manifest->island_js( 'store-notice' )[0];

		$this->files = array(
			'shop-islands-de_DE-' . md5( 'dist/' . $manifest->loader_file() ) . '.json' => self::jed( array( 'Loading' => 'Lädt' ) ),
			'shop-islands-de_DE-' . md5( 'dist/' . $chunk ) . '.json'                   => self::jed(
				array(
					'Store notice' => 'Shop-Hinweis',
					'</script>'    => '<!-- x -->',
				)
			),
		);
		$this->serve_translations( 'de_DE' );

		shop_islands_render( 'store-notice', array(), '' );
		$footer = $this->footer();

		$this->assertSame( array( 'wp-i18n' ), wp_scripts()->registered[ Shop_Islands_Assets::HANDLE ]->deps );
		$this->assertTrue( wp_script_is( 'wp-i18n', 'done' ), 'wp-i18n printed' );

		$this->assertMatchesRegularExpression( "#<script[^>]*id='shop-islands-loader-js-before'>#", $footer );
		$this->assertDoesNotMatchRegularExpression( "#<script type=\"module\"[^>]*id='shop-islands-loader-js-before'#", $footer, 'the inline script stays classic' );
		$this->assertCount( 1, self::loader_tags( $footer ) );
		$this->assertStringStartsWith( '<script type="module"', self::loader_tags( $footer )[0] );

		$i18n_at   = strpos( $footer, "id='wp-i18n-js'" );
		$inline_at = strpos( $footer, 'setLocaleData' );
		$loader_at = strpos( $footer, self::loader_tags( $footer )[0] );
		$this->assertNotFalse( $i18n_at );
		$this->assertLessThan( $inline_at, $i18n_at );
		$this->assertLessThan( $loader_at, $inline_at );

		$this->assertSame( 1, preg_match( '#\( "shop-islands", (\{.*\}) \);#', $footer, $m ) );
		$data = json_decode( $m[1], true );
		$this->assertSame( array( 'Lädt' ), $data['locale_data']['messages']['Loading'] );
		$this->assertSame( array( 'Shop-Hinweis' ), $data['locale_data']['messages']['Store notice'] );
		$this->assertSame( 'shop-islands', $data['locale_data']['messages']['']['domain'] );
		$this->assertSame( 'nplurals=2; plural=(n != 1);', $data['locale_data']['messages']['']['plural-forms'] );
		$this->assertStringNotContainsString( '</script>', $m[1] );
		$this->assertStringNotContainsString( '<!--', $m[1] );
	}

	public function test_lookup_follows_load_script_textdomain(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$this->serve_translations( 'fr_FR' );
		Shop_Islands_Plugin::instance()->assets->register();

		$languages = untrailingslashit( plugin_dir_path( SHOP_ISLANDS_FILE ) ) . '/languages/';
		$md5       = md5( 'dist/' . $manifest->loader_file() );
		$this->assertSame( $languages . 'shop-islands-fr_FR-shop-islands-loader.json', $this->asked[0] );
		$this->assertContains( $languages . "shop-islands-fr_FR-$md5.json", $this->asked );
		$this->assertContains( WP_LANG_DIR . "/plugins/shop-islands-fr_FR-$md5.json", $this->asked );
		foreach ( $manifest->script_files() as $file ) {
			$this->assertContains( WP_LANG_DIR . '/plugins/shop-islands-fr_FR-' . md5( 'dist/' . $file ) . '.json', $this->asked, $file );
		}
	}

	public function test_the_cdn_does_not_change_the_lookup(): void {
		$manifest = Shop_Islands_Plugin::instance()->manifest();
		$this->files = array(
			'shop-islands-de_DE-' . md5( 'dist/' . $manifest->loader_file() ) . '.json' => self::jed( array( 'Loading' => 'Lädt' ) ),
		);
		$this->serve_translations( 'de_DE' );
		$this->add_hook( 'shop_islands_dist_url', static fn() => 'https://cdn.example.test/si/' );
		shop_islands_render( 'store-notice', array(), '' );
		$this->assertStringContainsString( 'Lädt', $this->footer() );
	}

	public function test_the_text_domain_is_loaded_from_the_languages_folder(): void {
		$this->assertSame( 10, has_action( 'init', array( Shop_Islands_Plugin::instance(), 'load_textdomain' ) ) );
		$this->assertDirectoryExists( plugin_dir_path( SHOP_ISLANDS_FILE ) . 'languages' );
	}
}

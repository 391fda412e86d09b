<?php
/**
 * PHPUnit bootstrap: loads the real WordPress the harness installed (scripts/wordpress.sh), where the
 * plugin is active (`wp-content/plugins/shop-islands`, with its `dist/`).
 *
 * Environment: WP_DIR (required), the WordPress directory; WP_URL (optional), its URL, for HTTP_HOST.
 *
 * @package ShopIslands
 */

// PHPUnit includes this file inside a function: wp-config.php's `$table_prefix` and the other
// globals WordPress sets with plain assignments must be global.
global $table_prefix, $wpdb, $wp_version, $wp_db_version, $blog_id, $current_site, $current_blog,
	$wp_rewrite, $wp, $wp_query, $wp_the_query, $shortcode_tags, $wp_locale, $wp_embed, $wp_roles,
	$wp_plugin_paths, $wp_theme_directories, $allowedposttags, $allowedtags, $pagenow, $locale;

$shop_islands_wp_dir = rtrim( (string) getenv( 'WP_DIR' ), '/' );
if ( '' === $shop_islands_wp_dir || ! is_file( $shop_islands_wp_dir . '/wp-load.php' ) ) {
	fwrite( STDERR, "bootstrap.php: set WP_DIR to a WordPress install with the plugin active (scripts/wordpress.sh does).\n" );
	exit( 1 );
}

$shop_islands_url          = parse_url( (string) getenv( 'WP_URL' ) ) ?: array();
$shop_islands_host         = $shop_islands_url['host'] ?? 'localhost';
$_SERVER['HTTP_HOST']      = $shop_islands_host . ( isset( $shop_islands_url['port'] ) ? ':' . $shop_islands_url['port'] : '' );
$_SERVER['SERVER_NAME']    = $shop_islands_host;
$_SERVER['SERVER_PORT']    = (string) ( $shop_islands_url['port'] ?? 80 );
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';

define( 'WP_USE_THEMES', false );
require $shop_islands_wp_dir . '/wp-load.php';

if ( ! function_exists( 'shop_islands_render' ) || ! class_exists( 'Shop_Islands_Plugin' ) ) {
	fwrite( STDERR, "bootstrap.php: the shop-islands plugin is not active in $shop_islands_wp_dir.\n" );
	exit( 1 );
}

require_once __DIR__ . '/class-shop-islands-test-case.php';

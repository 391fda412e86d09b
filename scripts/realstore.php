<?php
/**
 * The real-store suite's store chores (scripts/realstore.sh), on one store of the rig in
 * ../shared/realstore: `php scripts/realstore.php <docroot> <action>` with the ports in the
 * environment (REALWC_WP_PORT / REALWC_WP9_PORT / REALWC_DB_PORT: the store's wp-config.php reads
 * them) and REALWC_PORT, the store's own port.
 *
 * Actions:
 *   activate    activate shop-islands/shop-islands.php (unzipped into wp-content/plugins/ before)
 *   deactivate  deactivate it (the JS weight is measured with it and without it)
 *   status      print "active" or "inactive" and the WordPress / WooCommerce versions
 *   reset       empty every cart: WooCommerce's sessions and the customers' persistent carts, and
 *               delete the reviews the suite posted (WordPress refuses a duplicate comment, and
 *               throttles a user's comments)
 *
 * @package ShopIslands
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput -- a CLI script.

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
if ( $argc < 3 ) {
	fwrite( STDERR, "usage: php scripts/realstore.php <docroot> activate|deactivate|status|reset\n" );
	exit( 2 );
}
$shop_islands_root   = rtrim( $argv[1], '/' );
$shop_islands_action = $argv[2];
if ( ! is_file( $shop_islands_root . '/wp-load.php' ) ) {
	fwrite( STDERR, "no WordPress in $shop_islands_root\n" );
	exit( 2 );
}
$shop_islands_port = getenv( 'REALWC_PORT' );
if ( false === $shop_islands_port || ! ctype_digit( $shop_islands_port ) ) {
	fwrite( STDERR, "REALWC_PORT (the store's port) is not set\n" );
	exit( 2 );
}

// What WordPress reads of the request when it loads from the command line.
$_SERVER['HTTP_HOST']   = '127.0.0.1:' . $shop_islands_port;
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = $shop_islands_port;
$_SERVER['REQUEST_URI'] = '/';

require $shop_islands_root . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

const SHOP_ISLANDS_PLUGIN = 'shop-islands/shop-islands.php';
/** The text every review the suite posts starts with (e2e/realstore/journeys.spec.ts). */
const SHOP_ISLANDS_REVIEW_MARK = '[realstore suite]';

wp_set_current_user( 1 );

switch ( $shop_islands_action ) {
	case 'activate':
		if ( ! is_file( WP_PLUGIN_DIR . '/' . SHOP_ISLANDS_PLUGIN ) ) {
			fwrite( STDERR, 'not installed: ' . WP_PLUGIN_DIR . '/' . SHOP_ISLANDS_PLUGIN . "\n" );
			exit( 1 );
		}
		$shop_islands_result = activate_plugin( SHOP_ISLANDS_PLUGIN );
		if ( is_wp_error( $shop_islands_result ) ) {
			fwrite( STDERR, 'activate: ' . $shop_islands_result->get_error_message() . "\n" );
			exit( 1 );
		}
		echo 'shop-islands active on ', home_url( '/' ), "\n";
		break;

	case 'deactivate':
		deactivate_plugins( SHOP_ISLANDS_PLUGIN );
		echo 'shop-islands inactive on ', home_url( '/' ), "\n";
		break;

	case 'status':
		echo is_plugin_active( SHOP_ISLANDS_PLUGIN ) ? 'active' : 'inactive',
			' wordpress=', get_bloginfo( 'version' ),
			' woocommerce=', defined( 'WC_VERSION' ) ? WC_VERSION : 'none',
			' theme=', get_option( 'stylesheet' ), "\n";
		break;

	case 'reset':
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->prefix}woocommerce_sessions" );
		$wpdb->query( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE '\\_woocommerce\\_persistent\\_cart\\_%'" );
		$shop_islands_reviews = get_comments(
			array(
				'search' => SHOP_ISLANDS_REVIEW_MARK,
				'status' => 'all',
				'fields' => 'ids',
			)
		);
		foreach ( $shop_islands_reviews as $shop_islands_review ) {
			wp_delete_comment( (int) $shop_islands_review, true );
		}
		wp_cache_flush();
		echo 'carts emptied, ', count( $shop_islands_reviews ), " suite review(s) deleted\n";
		break;

	default:
		fwrite( STDERR, "unknown action $shop_islands_action\n" );
		exit( 2 );
}

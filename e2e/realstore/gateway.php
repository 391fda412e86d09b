<?php
/**
 * A store chore of the real-store suite (e2e/realstore/stores.ts `gatewayChore()`): turns one of the
 * store's payment gateways on or off, as its settings page does (`enabled` in
 * `woocommerce_<id>_settings`), and prints what it was before, so the test puts it back.
 *
 *   php e2e/realstore/gateway.php <docroot> <gateway id> [yes|no] [setting]
 *
 * `setting` is the yes/no setting to read or write (`enabled` when left out: `saved_cards`,
 * `express_checkout`… for the Stripe gateway's options a store owner ticks).
 *
 * with the rig's ports in the environment (REALWC_WP_PORT / REALWC_WP9_PORT / REALWC_DB_PORT: the
 * store's wp-config.php reads them) and REALWC_PORT, the store's own port. Without yes|no it only
 * prints the setting ('yes', 'no', or 'none' when the gateway has no settings).
 *
 * @package ShopIslands
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput -- a CLI script.

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
if ( $argc < 3 || ! preg_match( '/^[a-z0-9_-]+$/', $argv[2] ) || ( isset( $argv[3] ) && ! in_array( $argv[3], array( 'yes', 'no', '' ), true ) ) || ( isset( $argv[4] ) && ! preg_match( '/^[a-z0-9_]+$/', $argv[4] ) ) ) {
	fwrite( STDERR, "usage: php e2e/realstore/gateway.php <docroot> <gateway id> [yes|no|''] [setting]\n" );
	exit( 2 );
}
$shop_islands_root = rtrim( $argv[1], '/' );
$shop_islands_port = getenv( 'REALWC_PORT' );
if ( ! is_file( $shop_islands_root . '/wp-load.php' ) || false === $shop_islands_port || ! ctype_digit( $shop_islands_port ) ) {
	fwrite( STDERR, "gateway.php: no WordPress in $shop_islands_root, or REALWC_PORT is not set\n" );
	exit( 2 );
}

// What WordPress reads of the request when it loads from the command line.
$_SERVER['HTTP_HOST']   = '127.0.0.1:' . $shop_islands_port;
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = $shop_islands_port;
$_SERVER['REQUEST_URI'] = '/';

require $shop_islands_root . '/wp-load.php';

$shop_islands_option   = 'woocommerce_' . $argv[2] . '_settings';
$shop_islands_settings = get_option( $shop_islands_option );
$shop_islands_setting  = $argv[4] ?? 'enabled';
$shop_islands_before   = is_array( $shop_islands_settings ) && isset( $shop_islands_settings[ $shop_islands_setting ] ) ? (string) $shop_islands_settings[ $shop_islands_setting ] : 'none';
if ( isset( $argv[3] ) && '' !== $argv[3] ) {
	if ( ! is_array( $shop_islands_settings ) ) {
		fwrite( STDERR, "gateway.php: the store has no settings for the gateway {$argv[2]}\n" );
		exit( 1 );
	}
	$shop_islands_settings[ $shop_islands_setting ] = $argv[3];
	update_option( $shop_islands_option, $shop_islands_settings );
}
echo $shop_islands_before, "\n";

<?php
/**
 * Installs the test WordPress from the command line, then installs the plugin from its zip with
 * WordPress's own unzip_file() (as an upload through Plugins → Add New does), activates it and
 * creates the pages the tests open. Usage: php install.php WP_DIR URL ZIP ADMIN_PASSWORD
 */
[ , $wp_dir, $url, $zip, $password ] = $argv;
$parts                  = parse_url( $url );
$_SERVER['HTTP_HOST']   = $parts['host'] . ':' . $parts['port'];
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_INSTALLING', true );
require $wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

function fail( string $message ): void {
	fwrite( STDERR, "install.php: $message\n" );
	exit( 1 );
}

// There is no mail server here: WordPress would try to send the new-site e-mail.
add_filter( 'pre_wp_mail', '__return_false' );
$installed = wp_install( 'Shop Islands Test', 'admin', 'admin@example.test', false, '', $password );
if ( is_wp_error( $installed ) || empty( $installed['user_id'] ) ) {
	fail( 'wp_install failed' );
}
update_option( 'permalink_structure', '/%postname%/' );
switch_theme( 'shop-islands-test' );

WP_Filesystem();
$unzipped = unzip_file( $zip, WP_PLUGIN_DIR );
if ( is_wp_error( $unzipped ) ) {
	fail( 'unzip_file: ' . $unzipped->get_error_message() );
}
$activated = activate_plugin( 'shop-islands/shop-islands.php' );
if ( is_wp_error( $activated ) ) {
	fail( 'activate_plugin: ' . $activated->get_error_message() );
}

$notice_id = md5( 'Free delivery on orders over €50' );
$fallback  = '<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store" data-notice-id="' . $notice_id . '">Free delivery on orders over €50 <a role="button" href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p>';
$pages     = array(
	// A Custom HTML block: its markup reaches the_content as it is (no wpautop around the fallback).
	'islands' => '<!-- wp:html -->[shop_island name="store-notice" hydrate="load" props=\'{"noticeId":"' . $notice_id . '","message":"Free delivery on orders over €50"}\']' . $fallback . '[/shop_island]<!-- /wp:html -->',
	'plain'   => '<!-- wp:paragraph --><p>A page without islands.</p><!-- /wp:paragraph -->',
);
foreach ( $pages as $slug => $content ) {
	// Shortcode attributes must survive kses: insert as the administrator would.
	wp_set_current_user( $installed['user_id'] );
	$id = wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_title'   => ucfirst( $slug ),
			'post_name'    => $slug,
			'post_content' => $content,
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fail( "page $slug: " . $id->get_error_message() );
	}
}
echo "WordPress installed at $url with the plugin active.\n";

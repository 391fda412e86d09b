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
 *   images      give the products the journeys open (Pro Match Football, Junior Football Boots) a
 *               product image and a gallery of small generated PNGs (PHP GD), so WooCommerce prints
 *               a real gallery and the product-gallery island is placed; idempotent (the rig's
 *               products have no images, and a placeholder-only gallery is left to WooCommerce)
 *   theme       switch the store's theme: `theme <stylesheet>` (the block-theme check switches to
 *               twentytwentyfive and back to storefront); prints the theme active before
 *   reset       empty every cart: WooCommerce's sessions and the customers' persistent carts, and
 *               delete the reviews the suite posted (WordPress refuses a duplicate comment, and
 *               throttles a user's comments)
 *   pay-order   `pay-order <login>`: a pending order of that customer for one Pro Match Football
 *               (as a store manager creates one to send its payment link), printed as its order-pay
 *               URL (WooCommerce's "Customer payment page")
 *
 * @package ShopIslands
 */

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.Security.EscapeOutput -- a CLI script.

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
if ( $argc < 3 ) {
	fwrite( STDERR, "usage: php scripts/realstore.php <docroot> activate|deactivate|status|images|theme <name>|reset|pay-order <login>\n" );
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

	case 'images':
		require_once ABSPATH . 'wp-admin/includes/image.php';
		foreach ( array( 'pro-match-football', 'junior-football-boots' ) as $shop_islands_slug ) {
			$shop_islands_product = get_page_by_path( $shop_islands_slug, OBJECT, 'product' );
			if ( ! $shop_islands_product ) {
				fwrite( STDERR, "images: no product $shop_islands_slug\n" );
				exit( 1 );
			}
			$shop_islands_ids = array();
			foreach ( array( array( 46, 111, 196 ), array( 221, 119, 40 ), array( 76, 175, 80 ) ) as $shop_islands_i => $shop_islands_rgb ) {
				$shop_islands_ids[] = shop_islands_realstore_image( $shop_islands_slug . '-' . ( $shop_islands_i + 1 ), $shop_islands_rgb, $shop_islands_product->ID );
			}
			update_post_meta( $shop_islands_product->ID, '_thumbnail_id', $shop_islands_ids[0] );
			update_post_meta( $shop_islands_product->ID, '_product_image_gallery', implode( ',', array_slice( $shop_islands_ids, 1 ) ) );
			if ( function_exists( 'wc_delete_product_transients' ) ) {
				wc_delete_product_transients( $shop_islands_product->ID );
			}
			echo $shop_islands_slug, ': image ', $shop_islands_ids[0], ', gallery ', implode( ',', array_slice( $shop_islands_ids, 1 ) ), "\n";
		}
		break;

	case 'theme':
		$shop_islands_theme = $argv[3] ?? '';
		if ( '' === $shop_islands_theme || ! wp_get_theme( $shop_islands_theme )->exists() ) {
			fwrite( STDERR, "theme: no theme '$shop_islands_theme' in " . get_theme_root() . "\n" );
			exit( 1 );
		}
		echo get_option( 'stylesheet' ), "\n";
		switch_theme( $shop_islands_theme );
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

	case 'pay-order':
		$shop_islands_user    = get_user_by( 'login', $argv[3] ?? '' );
		$shop_islands_product = get_page_by_path( 'pro-match-football', OBJECT, 'product' );
		if ( ! $shop_islands_user || ! $shop_islands_product || ! function_exists( 'wc_create_order' ) ) {
			fwrite( STDERR, "pay-order: no such customer, product or WooCommerce\n" );
			exit( 1 );
		}
		$shop_islands_order = wc_create_order(
			array(
				'customer_id' => $shop_islands_user->ID,
				'status'      => 'pending',
			)
		);
		$shop_islands_order->add_product( wc_get_product( $shop_islands_product->ID ), 1 );
		$shop_islands_order->set_address(
			array(
				'first_name' => 'Aoife',
				'last_name'  => 'Byrne',
				'address_1'  => '12 Main Street',
				'city'       => 'Dublin',
				'state'      => 'D',
				'postcode'   => 'D02 X285',
				'country'    => 'IE',
				'email'      => $shop_islands_user->user_email,
			),
			'billing'
		);
		$shop_islands_order->calculate_totals();
		$shop_islands_order->save();
		echo $shop_islands_order->get_checkout_payment_url(), "\n";
		break;

	default:
		fwrite( STDERR, "unknown action $shop_islands_action\n" );
		exit( 2 );
}

/**
 * The attachment the suite generated under `$key` (post meta `_shop_islands_realstore_image`), made
 * once: a 600×600 PNG of one colour with a white square, from PHP GD.
 *
 * @param string $key    Unique name of the image.
 * @param int[]  $rgb    Its colour.
 * @param int    $parent The product it is attached to.
 * @return int The attachment's id.
 */
function shop_islands_realstore_image( $key, $rgb, $parent ) {
	$found = get_posts(
		array(
			'post_type'   => 'attachment',
			'post_status' => 'inherit',
			'meta_key'    => '_shop_islands_realstore_image', // phpcs:ignore WordPress.DB.SlowDBQuery
			'meta_value'  => $key, // phpcs:ignore WordPress.DB.SlowDBQuery
			'fields'      => 'ids',
		)
	);
	if ( $found && is_file( (string) get_attached_file( (int) $found[0] ) ) ) {
		return (int) $found[0];
	}
	if ( ! function_exists( 'imagecreatetruecolor' ) ) {
		fwrite( STDERR, "images: PHP GD is not installed (php-gd)\n" );
		exit( 1 );
	}
	$image = imagecreatetruecolor( 600, 600 );
	imagefill( $image, 0, 0, imagecolorallocate( $image, $rgb[0], $rgb[1], $rgb[2] ) );
	imagefilledrectangle( $image, 200, 200, 400, 400, imagecolorallocate( $image, 255, 255, 255 ) );
	ob_start();
	imagepng( $image );
	$png = (string) ob_get_clean();
	$upload = wp_upload_bits( $key . '.png', null, $png );
	if ( ! empty( $upload['error'] ) ) {
		fwrite( STDERR, 'images: ' . $upload['error'] . "\n" );
		exit( 1 );
	}
	$id = wp_insert_attachment(
		array(
			'post_title'     => $key,
			'post_mime_type' => 'image/png',
			'post_status'    => 'inherit',
		),
		$upload['file'],
		$parent
	);
	wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $upload['file'] ) );
	update_post_meta( $id, '_shop_islands_realstore_image', $key );
	return (int) $id;
}

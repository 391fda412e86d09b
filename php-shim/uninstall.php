<?php
/**
 * Uninstall: removes the one option the plugin reads (`shop_islands_automatic`, set by the site
 * owner to turn automatic islands on or off). Nothing else is stored.
 *
 * @package ShopIslands
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'shop_islands_automatic' );

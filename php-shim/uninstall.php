<?php
/**
 * Uninstall: removes the plugin's two options: `shop_islands_automatic` (the site owner's switches
 * of the automatic islands, Settings → Shop Islands) and `shop_islands_script_conflicts` (scripts
 * seen needing one an island replaces, shown on that page). Nothing else is stored.
 *
 * @package ShopIslands
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'shop_islands_automatic' );
delete_option( 'shop_islands_script_conflicts' );

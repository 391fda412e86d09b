<?php
/**
 * Plugin Name:       Shop Islands
 * Description:       Self-mounting React islands for a WooCommerce storefront: prints island containers with escaped props around the theme's own markup, and loads each widget's code only where it is used.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Shop Islands contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       shop-islands
 * Domain Path:       /languages
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

define( 'SHOP_ISLANDS_VERSION', '0.1.0' );
define( 'SHOP_ISLANDS_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-shop-islands-manifest.php';
require_once __DIR__ . '/includes/class-shop-islands-json.php';
require_once __DIR__ . '/includes/class-shop-islands-assets.php';
require_once __DIR__ . '/includes/class-shop-islands-settings.php';
require_once __DIR__ . '/includes/class-shop-islands-renderer.php';
require_once __DIR__ . '/includes/class-shop-islands-shortcode.php';
require_once __DIR__ . '/includes/class-shop-islands-integration.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-product.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-checkout.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-cart-totals.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-account-payment.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-express-checkout.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-discovery.php';
require_once __DIR__ . '/includes/class-shop-islands-integration-chrome.php';
require_once __DIR__ . '/includes/class-shop-islands-plugin.php';
require_once __DIR__ . '/includes/class-shop-islands-admin.php';
require_once __DIR__ . '/includes/functions.php';

Shop_Islands_Plugin::instance()->boot();

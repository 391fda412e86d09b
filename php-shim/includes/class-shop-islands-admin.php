<?php
/**
 * Settings → Shop Islands: one switch per automatic island, and why an island is off.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * The settings page. Its form posts to `admin-post.php` (action `shop_islands_save`), checked
 * there with a nonce and the `manage_options` capability, and stores in the option
 * `shop_islands_automatic` only the switches that differ from the theme's default (on for a
 * classic theme, off for a block theme), so switching themes later still applies that default to
 * the islands the site owner left alone.
 */
final class Shop_Islands_Admin {

	/** The page's slug (`options-general.php?page=…`). */
	const PAGE = 'shop-islands';

	/** The form's `admin-post.php` action, also the nonce's action. */
	const ACTION = 'shop_islands_save';

	/** Who may see and change the settings. */
	const CAPABILITY = 'manage_options';

	/**
	 * The plugin (the integration, the build, the recorded script conflicts).
	 *
	 * @param Shop_Islands_Plugin $plugin The plugin.
	 */
	public function __construct( private Shop_Islands_Plugin $plugin ) {
	}

	/** Adds the page, its form handler and the Settings link on the Plugins screen. */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle_save' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( SHOP_ISLANDS_FILE ), array( $this, 'action_links' ) );
	}

	/** `admin_menu`: Settings → Shop Islands. */
	public function add_page(): void {
		add_options_page(
			__( 'Shop Islands', 'shop-islands' ),
			__( 'Shop Islands', 'shop-islands' ),
			self::CAPABILITY,
			self::PAGE,
			array( $this, 'render' )
		);
	}

	/**
	 * `plugin_action_links_…`: a Settings link next to Deactivate.
	 *
	 * @param mixed $links The plugin's links.
	 * @return mixed
	 */
	public function action_links( $links ) {
		if ( ! is_array( $links ) || ! current_user_can( self::CAPABILITY ) ) {
			return $links;
		}
		array_unshift( $links, '<a href="' . esc_url( self::url() ) . '">' . esc_html__( 'Settings', 'shop-islands' ) . '</a>' );
		return $links;
	}

	/** The page's URL. */
	public static function url(): string {
		return admin_url( 'options-general.php?page=' . self::PAGE );
	}

	/**
	 * What each automatic island does, for its row (islands without an entry show their name).
	 *
	 * @return array<string, string>
	 */
	private static function descriptions(): array {
		return array(
			'add-to-cart'         => __( 'Add-to-cart buttons of product listings (shop, categories, related products) and of a simple product’s page.', 'shop-islands' ),
			'mini-cart'           => __( 'The mini-cart of WooCommerce’s cart widget (the header cart of Storefront, a sidebar’s cart).', 'shop-islands' ),
			'cart-drawer'         => __( 'A cart drawer, opened after an add to cart or from the header cart (not on the cart and checkout pages).', 'shop-islands' ),
			'cart-quantity'       => __( '− / + quantity steppers on the cart page.', 'shop-islands' ),
			'store-notice'        => __( 'The store notice (WooCommerce → Customize → Store Notice) and its Dismiss link.', 'shop-islands' ),
			'variation-form'      => __( 'A variable product’s options, price and add to cart.', 'shop-islands' ),
			'product-gallery'     => __( 'The product gallery: slider, thumbnails, zoom and full-screen viewer.', 'shop-islands' ),
			'sale-badge'          => __( 'The sale badge’s percentage for the chosen variation (needs Shoptimizer’s sale prices).', 'shop-islands' ),
			'product-tabs'        => __( 'The product page’s description, additional information and reviews tabs.', 'shop-islands' ),
			'product-reviews'     => __( 'The review form: star rating, replies, Ctrl/Cmd+Enter.', 'shop-islands' ),
			'sticky-add-to-cart'  => __( 'Storefront’s sticky add-to-cart bar on product pages.', 'shop-islands' ),
			'shipping-calculator' => __( 'The cart page’s shipping calculator: the country’s address rules, country and state pickers, one post per Update.', 'shop-islands' ),
			'checkout'            => __( 'The classic checkout page (the [woocommerce_checkout] shortcode): address rules and country pickers, order review, coupons, payment list and place order, over WooCommerce’s own forms.', 'shop-islands' ),
			'add-payment-method'  => __( 'My Account’s add payment method form with the Stripe gateway’s card box (it replaces the gateway’s classic script there).', 'shop-islands' ),
			'express-checkout'    => __( 'The Stripe gateway’s express checkout buttons (Apple Pay, Google Pay, Link) on product pages, the cart and the checkout (it replaces the gateway’s express checkout script there).', 'shop-islands' ),
			'catalog-ordering'    => __( 'The listings’ sort select (shop, categories, search results), wherever the theme prints it: it sorts on change, and with a Sort button without JavaScript.', 'shop-islands' ),
			'result-count'        => __( 'The listings’ result count, announced again to screen readers after the page loads.', 'shop-islands' ),
			'category-finder'     => __( 'WooCommerce’s Product Categories widget in dropdown mode becomes a chain of dropdowns (a category, then its subcategories) with a Go button; it replaces the widget’s inline script.', 'shop-islands' ),
			'live-search'         => __( 'Live product suggestions in WooCommerce’s product search form, where CommerceKit’s ajax search is on (it replaces CommerceKit’s search script there).', 'shop-islands' ),
			'smart-search'        => __( 'The search bars of Smart Search for WooCommerce ([smart_search] and its widget): suggestions, full-screen search, recent searches.', 'shop-islands' ),
			'order-attribution'   => __( 'WooCommerce’s order attribution (where an order came from: utm, search, referral, direct), tracked with no React in place of its sourcebuster and order-attribution scripts, and sent with the classic checkout.', 'shop-islands' ),
			'site-menu'           => __( 'Storefront’s primary menu: the mobile menu drawer and the desktop sub-menus and mega-menus, by keyboard, pointer and touch (it replaces Storefront’s navigation script).', 'shop-islands' ),
			'popups'              => __( 'The popups registered with the shop_islands_popups filter: their timing conditions, triggers and display settings, as accessible dialogs.', 'shop-islands' ),
			'anchor-scroll'       => __( 'In-page links scroll smoothly to their section below a sticky header and move the focus there (only on pages that have such links).', 'shop-islands' ),
		);
	}

	/**
	 * The switch as the site owner set it (the option), else the theme's default.
	 *
	 * @param string $island Island name.
	 */
	private static function chosen( string $island ): bool {
		$option = get_option( Shop_Islands_Integration::OPTION, array() );
		if ( is_array( $option ) && isset( $option[ $island ] ) ) {
			return (bool) $option[ $island ];
		}
		return ! wp_is_block_theme();
	}

	/**
	 * Why `$island` is off, or on where the switch says off: one sentence each (plain text).
	 *
	 * @param string $island Island name.
	 * @return string[]
	 */
	public function reasons( string $island ): array {
		$reasons = array();
		$chosen  = self::chosen( $island );
		$on      = $this->plugin->integration->enabled( $island );
		$option  = get_option( Shop_Islands_Integration::OPTION, array() );
		$stored  = is_array( $option ) && isset( $option[ $island ] );

		if ( ! $on && ! $stored && wp_is_block_theme() ) {
			$reasons[] = __( 'Off by default: the active theme is a block theme, whose blocks print their own markup and scripts. Turn it on only if the theme prints WooCommerce’s classic markup.', 'shop-islands' );
		}
		if ( $on !== $chosen ) {
			$reasons[] = $on
				? __( 'On although switched off here: a theme or plugin turns it on with the shop_islands_automatic filter.', 'shop-islands' )
				: __( 'Off although switched on here: a theme or plugin turns it off with the shop_islands_automatic filter.', 'shop-islands' );
		}
		if ( ! class_exists( 'WooCommerce' ) ) {
			$reasons[] = __( 'WooCommerce is not active: there is nothing to place it on.', 'shop-islands' );
		}
		if ( is_wp_error( $this->plugin->manifest() ) ) {
			$reasons[] = __( 'The plugin’s build is missing or broken: islands show only WooCommerce’s own markup. Reinstall the plugin from its release zip.', 'shop-islands' );
		}
		foreach ( self::conflicts()[ $island ] ?? array() as $handle => $dependants ) {
			foreach ( is_array( $dependants ) ? $dependants : array() as $dependant => $seen ) {
				$seen      = is_array( $seen ) ? $seen : array();
				$reasons[] = sprintf(
					/* translators: 1: a script's handle, 2: its URL, 3: WooCommerce's script handle, 4: a page address, 5: a date. */
					__( 'Off on pages where the script %1$s (%2$s) is loaded: it needs WooCommerce’s %3$s, which this island replaces, so that script stays and the island is not placed. Last seen on %4$s, %5$s.', 'shop-islands' ),
					(string) $dependant,
					'' !== (string) ( $seen['src'] ?? '' ) ? (string) $seen['src'] : __( 'no file', 'shop-islands' ),
					(string) $handle,
					'' !== (string) ( $seen['page'] ?? '' ) ? (string) $seen['page'] : '/',
					isset( $seen['time'] ) && is_int( $seen['time'] ) ? wp_date( (string) get_option( 'date_format', 'Y-m-d' ) . ' H:i', $seen['time'] ) : '?'
				);
			}
		}
		return $reasons;
	}

	/**
	 * The script conflicts recorded on the site's pages (Shop_Islands_Assets::record_conflicts()).
	 *
	 * @return array<string, array<string, array<string, mixed>>>
	 */
	private static function conflicts(): array {
		$stored = get_option( Shop_Islands_Assets::CONFLICTS_OPTION, array() );
		return is_array( $stored ) ? $stored : array();
	}

	/** The page (Settings → Shop Islands). */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'shop-islands' ), 403 );
		}
		$descriptions = self::descriptions();
		echo '<div class="wrap"><h1>' . esc_html__( 'Shop Islands', 'shop-islands' ) . '</h1>';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only shows a notice.
		if ( isset( $_GET['updated'] ) ) {
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html__( 'Settings saved.', 'shop-islands' ) . '</p></div>';
		}
		echo '<p>' . esc_html__( 'On a classic theme the plugin places these islands over WooCommerce’s own markup, which stays as the fallback. A theme’s own islands always win.', 'shop-islands' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::ACTION ) . '">';
		wp_nonce_field( self::ACTION );
		echo '<table class="form-table" role="presentation"><tbody>';
		foreach ( Shop_Islands_Integration::ISLANDS as $island => $hook ) {
			$id = 'shop-islands-automatic-' . $island;
			echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '"><code>' . esc_html( $island ) . '</code></label></th><td>';
			echo '<label><input type="checkbox" id="' . esc_attr( $id ) . '" name="' . esc_attr( Shop_Islands_Integration::OPTION . '[' . $island . ']' ) . '" value="1"' . checked( self::chosen( $island ), true, false ) . '> ';
			echo esc_html__( 'Place automatically', 'shop-islands' ) . '</label>';
			echo '<p class="description">' . esc_html( $descriptions[ $island ] ?? $island );
			/* translators: %s: a WordPress or WooCommerce hook. */
			echo ' ' . esc_html( sprintf( __( 'Hook: %s.', 'shop-islands' ), $hook ) ) . '</p>';
			$reasons = $this->reasons( $island );
			if ( $reasons ) {
				echo '<ul class="shop-islands-reasons">';
				foreach ( $reasons as $reason ) {
					echo '<li><span class="dashicons dashicons-warning" aria-hidden="true"></span> ' . esc_html( $reason ) . '</li>';
				}
				echo '</ul>';
			}
			echo '</td></tr>';
		}
		echo '</tbody></table>';
		echo '<p class="submit">';
		submit_button( __( 'Save Changes', 'shop-islands' ), 'primary', 'submit', false );
		if ( self::conflicts() ) {
			echo ' ';
			submit_button( __( 'Save and forget the scripts seen', 'shop-islands' ), 'secondary', 'shop_islands_forget_conflicts', false );
		}
		echo '</p></form></div>';
	}

	/**
	 * Stores the posted switches: only those that differ from the theme's default (on for a
	 * classic theme, off for a block theme); entries for islands this version does not place are
	 * kept. With `shop_islands_forget_conflicts`, also forgets the script conflicts recorded (they
	 * are recorded again on the next page where they happen). Dies (403) without the capability or
	 * a valid nonce.
	 */
	public function save(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'shop-islands' ), 403 );
		}
		check_admin_referer( self::ACTION );

		$posted  = isset( $_POST[ Shop_Islands_Integration::OPTION ] ) && is_array( $_POST[ Shop_Islands_Integration::OPTION ] )
			? wp_unslash( $_POST[ Shop_Islands_Integration::OPTION ] ) // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only compared with '1' below.
			: array();
		$default = ! wp_is_block_theme();
		$option  = get_option( Shop_Islands_Integration::OPTION, array() );
		$option  = is_array( $option ) ? $option : array();
		foreach ( array_keys( Shop_Islands_Integration::ISLANDS ) as $island ) {
			$on = isset( $posted[ $island ] ) && '1' === $posted[ $island ];
			if ( $on === $default ) {
				unset( $option[ $island ] );
			} else {
				$option[ $island ] = $on;
			}
		}
		if ( $option ) {
			update_option( Shop_Islands_Integration::OPTION, $option );
		} else {
			delete_option( Shop_Islands_Integration::OPTION );
		}
		if ( ! empty( $_POST['shop_islands_forget_conflicts'] ) ) {
			delete_option( Shop_Islands_Assets::CONFLICTS_OPTION );
		}
	}

	/** `admin_post_shop_islands_save`: saves, then back to the page. */
	public function handle_save(): void {
		$this->save();
		wp_safe_redirect( add_query_arg( 'updated', '1', self::url() ) );
		exit;
	}
}

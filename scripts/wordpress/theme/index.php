<?php
/**
 * The only template: what every classic theme does around the content.
 *
 * @package shop-islands-test
 */
?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<?php wp_body_open(); ?>
<header><p><a href="<?php echo esc_url( home_url( '/' ) ); ?>"><?php bloginfo( 'name' ); ?></a></p></header>
<main id="main">
<?php
while ( have_posts() ) {
	the_post();
	echo '<article><h1>' . esc_html( get_the_title() ) . '</h1>';
	the_content();
	echo '</article>';
}
?>
</main>
<footer><p>Shop Islands test theme</p></footer>
<?php wp_footer(); ?>
</body>
</html>

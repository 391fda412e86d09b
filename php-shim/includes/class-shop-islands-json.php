<?php
/**
 * JSON that is safe inside `<script type="application/json">`.
 *
 * @package ShopIslands
 */

defined( 'ABSPATH' ) || exit;

/**
 * The PHP side of demo/html.ts `jsonForScript()`, byte for byte.
 */
final class Shop_Islands_Json {

	/**
	 * Encodes a value for a `<script type="application/json">` element.
	 *
	 * `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026`, so no string can close the element
	 * (`</script>`) or open a comment (`<!--`); U+2028 and U+2029 are escaped (PHP does it unless
	 * JSON_UNESCAPED_LINE_TERMINATORS is given); slashes and other Unicode are left as they are.
	 * This is what `wp_json_encode( $value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES |
	 * JSON_UNESCAPED_UNICODE )` prints, except that PHP writes `\u003C` in upper case: we escape the
	 * three characters ourselves so the output is exactly the demo store's (JSON.stringify plus the
	 * same replacements). Outside strings, JSON never contains `<`, `>` or `&`, so replacing them in
	 * the encoded text only touches string contents. An empty PHP array is printed as `{}` at the top
	 * level (props and settings are objects); nested empty objects need `new stdClass()`.
	 *
	 * @param mixed $value Value to encode.
	 * @return string|false The JSON, or false when the value cannot be encoded (INF, NAN, recursion).
	 */
	public static function for_script( mixed $value ): string|false {
		if ( array() === $value ) {
			$value = new stdClass();
		}
		$json = wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		if ( false === $json ) {
			return false;
		}
		return strtr(
			$json,
			array(
				'<' => '\u003c',
				'>' => '\u003e',
				'&' => '\u0026',
			)
		);
	}
}

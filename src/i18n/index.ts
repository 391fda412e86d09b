/**
 * Translation through WordPress: `wp_set_script_translations()` loads this plugin's translations into
 * the page's global `wp.i18n` (the PHP plugin makes our scripts depend on `wp-i18n`). We delegate to
 * it rather than bundle a second copy of @wordpress/i18n, which would never receive them. Without
 * WordPress (Storybook, the demo store) the English source text is shown: the spec's exact strings.
 */
export const TEXT_DOMAIN = 'shop-islands';

interface WpI18n {
  __(text: string, domain?: string): string;
}
declare global {
  interface Window {
    wp?: { i18n?: WpI18n };
  }
}

export function __(text: string): string {
  const i18n = typeof window === 'undefined' ? undefined : window.wp?.i18n;
  return i18n ? i18n.__(text, TEXT_DOMAIN) : text;
}

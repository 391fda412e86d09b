/** Demo pages of issue #16 (stub until the feature lands). */
import type { ChromeAjax, ChromePage } from './index';

export const CONTACT_PAGES: Record<string, ChromePage> = {};

export const CONTACT_AJAX: ChromeAjax = () => null;

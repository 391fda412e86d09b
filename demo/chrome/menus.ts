/** Demo pages of issue #16 (stub until the feature lands). */
import type { ChromePage } from './index';

export const MENU_PAGES: Record<string, ChromePage> = {};

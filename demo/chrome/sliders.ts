/** Demo pages of issue #16 (stub until the feature lands). */
import type { ChromePage } from './index';

export const SLIDER_PAGES: Record<string, ChromePage> = {};

import { defineIsland } from '../../src/islands/define';
import { SaleBadge } from './SaleBadge';
import { SaleBadgePropsSchema } from './schema';

// No stylesheet: the badge is the theme's `.onsale`; hiding it is an inline style.
export default defineIsland(SaleBadgePropsSchema, SaleBadge);

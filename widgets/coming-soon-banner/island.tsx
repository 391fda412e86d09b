import { defineIsland } from '../../src/islands/define';
import { ComingSoonBanner } from './ComingSoonBanner';
import { ComingSoonBannerPropsSchema } from './schema';

export default defineIsland(ComingSoonBannerPropsSchema, ComingSoonBanner);

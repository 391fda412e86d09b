import { defineIsland } from '../../src/islands/define';
import { LightboxPropsSchema } from './schema';
import { SiteLightbox } from './SiteLightbox';

export default defineIsland(LightboxPropsSchema, SiteLightbox);

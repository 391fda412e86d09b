import { defineIsland } from '../../src/islands/define';
import { SizeGuidePropsSchema } from './schema';
import { SizeGuide } from './SizeGuide';
import stylesheet from './size-guide.css?url';

export default defineIsland(SizeGuidePropsSchema, SizeGuide, { stylesheet });

import { defineIsland } from '../../src/islands/define';
import { LiveSearch } from './LiveSearch';
import stylesheet from './live-search.css?url';
import { LiveSearchPropsSchema } from './schema';

export default defineIsland(LiveSearchPropsSchema, LiveSearch, { stylesheet });

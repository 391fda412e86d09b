import { defineIsland } from '../../src/islands/define';
import { SmartSearchPropsSchema } from './schema';
import { SmartSearch } from './SmartSearch';
import stylesheet from './smart-search.css?url';

export default defineIsland(SmartSearchPropsSchema, SmartSearch, { stylesheet });

import { defineIsland } from '../../src/islands/define';
import { LoopFilter } from './LoopFilter';
import { LoopFilterPropsSchema } from './schema';
import stylesheet from './loop-filter.css?url';

export default defineIsland(LoopFilterPropsSchema, LoopFilter, { stylesheet });

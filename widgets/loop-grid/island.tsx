import { defineIsland } from '../../src/islands/define';
import { LoopGrid } from './LoopGrid';
import { LoopGridPropsSchema } from './schema';
import stylesheet from './loop-grid.css?url';

export default defineIsland(LoopGridPropsSchema, LoopGrid, { stylesheet });

import { defineIsland } from '../../src/islands/define';
import { ResultCount } from './ResultCount';
import stylesheet from './result-count.css?url';
import { ResultCountPropsSchema } from './schema';

export default defineIsland(ResultCountPropsSchema, ResultCount, { stylesheet });

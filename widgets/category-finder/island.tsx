import { defineIsland } from '../../src/islands/define';
import { CategoryFinder } from './CategoryFinder';
import stylesheet from './category-finder.css?url';
import { CategoryFinderPropsSchema } from './schema';

export default defineIsland(CategoryFinderPropsSchema, CategoryFinder, { stylesheet });

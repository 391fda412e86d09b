import { defineIsland } from '../../src/islands/define';
import { ProductView } from './ProductView';
import { ProductViewPropsSchema } from './schema';

// Nothing to show, so no stylesheet.
export default defineIsland(ProductViewPropsSchema, ProductView);

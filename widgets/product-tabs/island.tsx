import { defineIsland } from '../../src/islands/define';
import { ProductTabs } from './ProductTabs';
import stylesheet from './product-tabs.css?url';
import { ProductTabsPropsSchema } from './schema';

export default defineIsland(ProductTabsPropsSchema, ProductTabs, { stylesheet });

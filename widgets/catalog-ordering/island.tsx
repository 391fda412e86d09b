import { defineIsland } from '../../src/islands/define';
import { CatalogOrdering } from './CatalogOrdering';
import stylesheet from './catalog-ordering.css?url';
import { CatalogOrderingPropsSchema } from './schema';

export default defineIsland(CatalogOrderingPropsSchema, CatalogOrdering, { stylesheet });

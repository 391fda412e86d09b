import { defineIsland } from '../../src/islands/define';
import { ProductAccordion } from './ProductAccordion';
import stylesheet from './product-accordion.css?url';
import { ProductAccordionPropsSchema } from './schema';

export default defineIsland(ProductAccordionPropsSchema, ProductAccordion, { stylesheet });

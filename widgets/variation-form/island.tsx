import { defineIsland } from '../../src/islands/define';
import { VariationFormPropsSchema } from './schema';
import { VariationForm } from './VariationForm';
import stylesheet from './variation-form.css?url';

export default defineIsland(VariationFormPropsSchema, VariationForm, { stylesheet });

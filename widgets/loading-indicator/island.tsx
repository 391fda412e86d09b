import { defineIsland } from '../../src/islands/define';
import stylesheet from './loading-indicator.css?url';
import { LoadingIndicator } from './LoadingIndicator';
import { LoadingIndicatorPropsSchema } from './schema';

export default defineIsland(LoadingIndicatorPropsSchema, LoadingIndicator, { stylesheet });

import { defineIsland } from '../../src/islands/define';
import { ProductReviews } from './ProductReviews';
import stylesheet from './product-reviews.css?url';
import { ProductReviewsPropsSchema } from './schema';

export default defineIsland(ProductReviewsPropsSchema, ProductReviews, { stylesheet });

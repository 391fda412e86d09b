import { defineIsland } from '../../src/islands/define';
import { ProductGallery } from './ProductGallery';
import stylesheet from './product-gallery.css?url';
import { ProductGalleryPropsSchema } from './schema';

export default defineIsland(ProductGalleryPropsSchema, ProductGallery, { stylesheet });

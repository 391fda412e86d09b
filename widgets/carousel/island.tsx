import { defineIsland } from '../../src/islands/define';
import { Carousel } from './Carousel';
import stylesheet from './carousel.css?url';
import { CarouselPropsSchema } from './schema';

/** Adopts the server's `<ul class="slides">`: its nodes stay (no image loaded twice). */
export default defineIsland(CarouselPropsSchema, Carousel, { stylesheet, adopt: true });

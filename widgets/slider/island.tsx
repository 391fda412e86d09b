import { defineIsland } from '../../src/islands/define';
import { SliderPropsSchema } from './schema';
import { Slider } from './Slider';
import stylesheet from './slider.css?url';

/** Adopts the server's `<ul class="slides">`: its nodes stay (no image loaded twice). */
export default defineIsland(SliderPropsSchema, Slider, { stylesheet, adopt: true });

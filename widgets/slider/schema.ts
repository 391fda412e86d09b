import * as z from 'zod/mini';
import { optionalFromPhp } from '../../src/contract/props';
import { SLIDER } from '../../src/ui/carousel-model';

/** Text with something to read (an accessible name). */
const Label = z.string().check(z.regex(/\S/, 'must not be empty'), z.maxLength(200));

/**
 * Props of the slideshow (storefront.md §9 "Slider defaults"). The container holds the server's
 * `<ul class="slides">`, one `<li>` per slide (an image, a caption, links): without JavaScript a
 * horizontally scrolling list. Mounted, one slide shows at a time, with 'Previous', 'Next' and a
 * 'Pause' / 'Play' button, and it moves on by itself every `slideshowSpeed` ms.
 */
export const SliderPropsSchema = z.object({
  /** The slider's accessible name (WAI-ARIA carousel pattern: a region named this way). */
  label: Label,
  /** Milliseconds each slide shows before the next one while playing (1000 to 600000). */
  slideshowSpeed: optionalFromPhp(
    z._default(z.int().check(z.gte(1000), z.lte(600_000)), SLIDER.slideshowSpeed),
  ),
  /** Milliseconds of the change from one slide to the next (0 to 5000). */
  animationSpeed: optionalFromPhp(z._default(z.int().check(z.gte(0), z.lte(5000)), SLIDER.animationSpeed)),
  /** Moves on by itself (not when the shopper asked for reduced motion: then 'Play' starts it). */
  autoplay: optionalFromPhp(z._default(z.boolean(), true)),
  /** After the last slide comes the first (and before the first, the last). */
  loop: optionalFromPhp(z._default(z.boolean(), true)),
});
export type SliderProps = z.input<typeof SliderPropsSchema>;
export type SliderOptions = z.output<typeof SliderPropsSchema>;

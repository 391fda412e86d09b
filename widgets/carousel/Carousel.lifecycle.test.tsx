import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandContainerContext } from '../../src/islands/container';
import { watchLifecycle } from '../../src/test/lifecycle';
import { Carousel } from './Carousel';
import { CarouselPropsSchema } from './schema';

describe('Carousel lifecycle', () => {
  it('unmounted just after a move: no listener (resize, pointer) or announcement is left', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<ul class="slides">' +
      ['A', 'B', 'C', 'D', 'E'].map((name) => `<li><a href="/${name}/">${name}</a></li>`).join('') +
      '</ul>';
    const host = document.createElement('div');
    container.append(host);
    document.body.append(container);
    const watch = watchLifecycle();
    const { unmount } = render(
      <IslandContainerContext value={container}>
        <Carousel {...CarouselPropsSchema.parse({ label: 'Featured products' })} />
      </IslandContainerContext>,
      { container: host },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});

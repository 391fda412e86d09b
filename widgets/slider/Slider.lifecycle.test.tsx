import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandContainerContext } from '../../src/islands/container';
import { watchLifecycle } from '../../src/test/lifecycle';
import { SliderPropsSchema } from './schema';
import { Slider } from './Slider';

describe('Slider lifecycle', () => {
  it('unmounted while playing, just after a move: no timer, listener or announcement is left', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<ul class="slides"><li><a href="/a/">A</a></li><li><a href="/b/">B</a></li><li><a href="/c/">C</a></li></ul>';
    const host = document.createElement('div');
    container.append(host);
    document.body.append(container);
    const watch = watchLifecycle();
    const { unmount } = render(
      <IslandContainerContext value={container}>
        <Slider {...SliderPropsSchema.parse({ label: 'Lookbook' })} />
      </IslandContainerContext>,
      { container: host },
    );
    // The autoplay timer is running, an announcement is pending.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.pointerEnter(container.querySelector('.slides')!);
    fireEvent.pointerLeave(container.querySelector('.slides')!);
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});

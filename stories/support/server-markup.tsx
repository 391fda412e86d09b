/**
 * Stories of islands without React (the sticky element, the tracker, the menu…): the server's markup
 * as the page prints it, then the island runtime started over the document, as the loader does.
 */
import { useLayoutEffect } from 'react';
import { startIslands } from '../../src/islands/runtime';
import { testRuntime, withChunkUrls, type ChunkLoader } from '../../src/test/islands';

/** The island runtime of the story on show: `start()` (after stopping the one before) and `stop()`. */
export function islandRuntime(chunks: Record<string, ChunkLoader>) {
  let stopRuntime: (() => void) | undefined;
  const stop = () => {
    stopRuntime?.();
    stopRuntime = undefined;
  };
  const start = () => {
    stop();
    stopRuntime = startIslands(testRuntime(chunks));
  };
  return { start, stop };
}

/**
 * A component rendering `html` (containers with `data-island-src` added) and starting the runtime
 * with `chunks`, and `stop()` for the story's cleanup (every island unmounted).
 */
export function serverMarkup(chunks: Record<string, ChunkLoader>) {
  const { start, stop } = islandRuntime(chunks);
  function ServerMarkup({ html }: { html: string }) {
    // A layout effect: the runtime has scanned the page by the time the story's play function starts.
    useLayoutEffect(() => {
      start();
      return stop;
    }, [html]);
    return <div className="island-page" dangerouslySetInnerHTML={{ __html: withChunkUrls(html) }} />;
  }
  return { ServerMarkup, stop };
}

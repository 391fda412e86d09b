import { createContext, useContext } from 'react';

/** The container of an island mounted with `adopt` (see `defineIsland`). */
export const IslandContainerContext = createContext<HTMLElement | null>(null);

/** The island's container, whose server markup an `adopt` island works on. */
export function useIslandContainer(): HTMLElement {
  const container = useContext(IslandContainerContext);
  if (!container) throw new Error('useIslandContainer() is for islands defined with { adopt: true }.');
  return container;
}

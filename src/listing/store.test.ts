import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../navigation';
import { queryKey } from './model';
import {
  chooseTerms,
  choosePage,
  gridSnapshot,
  hasGrid,
  joinsOf,
  markShown,
  registerGrid,
  registerJoin,
  resetListingStore,
  subscribe,
  useGrid,
} from './store';

const GRID = '5e3c2a1';

const go = (url: string) => history.replaceState(null, '', url);
const here = () => `${location.pathname}${location.search}`;

beforeEach(() => {
  resetListingStore();
  go('/gear/');
});
afterEach(() => {
  resetListingStore();
  vi.restoreAllMocks();
});

describe('the grid query', () => {
  it('starts from the URL', () => {
    go('/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-page-5e3c2a1=3');
    expect(gridSnapshot(GRID)).toEqual({
      query: { filters: { product_cat: { terms: ['football', 'tennis'], join: 'OR' } }, page: 3 },
      cause: 'load',
    });
  });

  it('keeps the same snapshot until the query changes', () => {
    expect(gridSnapshot(GRID)).toBe(gridSnapshot(GRID));
  });
});

describe('with a grid island on the page', () => {
  beforeEach(() => registerGrid(GRID));

  it('a filter choice writes the URL (page dropped) and tells the listeners', () => {
    go('/gear/?paged=2&e-page-5e3c2a1=4&orderby=price');
    const listener = vi.fn();
    subscribe(listener);
    const push = vi.spyOn(history, 'pushState');
    chooseTerms(GRID, 'product_cat', ['football'], 'OR');
    expect(here()).toBe('/gear/?orderby=price&e-filter-5e3c2a1-product_cat=football');
    expect(push).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(gridSnapshot(GRID)).toEqual({
      query: { filters: { product_cat: { terms: ['football'], join: 'OR' } }, page: 1 },
      cause: 'filter',
    });
  });

  it('a page keeps the filters', () => {
    chooseTerms(GRID, 'product_tag', ['junior', 'waterproof'], 'AND');
    markShown(GRID, queryKey(gridSnapshot(GRID).query));
    choosePage(GRID, 2);
    expect(here()).toBe('/gear/?e-filter-5e3c2a1-product_tag=junior+waterproof&e-page-5e3c2a1=2');
    expect(gridSnapshot(GRID).cause).toBe('page');
    expect(gridSnapshot(GRID).query.page).toBe(2);
  });

  it('one history entry per grid shown: a change before the last one showed replaces its entry', () => {
    const push = vi.spyOn(history, 'pushState');
    const replace = vi.spyOn(history, 'replaceState');
    chooseTerms(GRID, 'product_cat', ['football'], 'OR');
    chooseTerms(GRID, 'product_cat', ['football', 'tennis'], 'OR'); // the first is still loading
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(1);
    markShown(GRID, queryKey(gridSnapshot(GRID).query));
    chooseTerms(GRID, 'product_tag', ['junior'], 'AND');
    expect(push).toHaveBeenCalledTimes(2);
    expect(here()).toBe(
      '/gear/?e-filter-5e3c2a1-product_cat=football~tennis&e-filter-5e3c2a1-product_tag=junior',
    );
  });

  it('a choice that changes nothing does nothing', () => {
    const listener = vi.fn();
    subscribe(listener);
    const push = vi.spyOn(history, 'pushState');
    chooseTerms(GRID, 'product_cat', [], 'OR'); // 'All' while nothing is selected
    choosePage(GRID, 1);
    expect(listener).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('Back and Forward set the query from the URL', () => {
    chooseTerms(GRID, 'product_cat', ['football'], 'OR');
    const listener = vi.fn();
    subscribe(listener);
    go('/gear/?e-filter-5e3c2a1-product_cat=balls&e-page-5e3c2a1=2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(gridSnapshot(GRID)).toEqual({
      query: { filters: { product_cat: { terms: ['balls'], join: 'DISABLED' } }, page: 2 },
      cause: 'history',
    });
    // The same URL again: nothing to tell.
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('after Back, the next change adds an entry again', () => {
    chooseTerms(GRID, 'product_cat', ['football'], 'OR'); // never shown
    go('/gear/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const push = vi.spyOn(history, 'pushState');
    chooseTerms(GRID, 'product_cat', ['tennis'], 'OR');
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('useGrid re-renders on a change', () => {
    const { result } = renderHook(() => useGrid(GRID));
    expect(result.current.query.filters).toEqual({});
    act(() => chooseTerms(GRID, 'product_cat', ['balls'], 'DISABLED'));
    expect(result.current.query.filters).toEqual({ product_cat: { terms: ['balls'], join: 'DISABLED' } });
  });
});

describe('without a grid island', () => {
  it('a choice loads the filtered page instead (what the links do without JavaScript)', () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const push = vi.spyOn(history, 'pushState');
    go('/gear/?paged=2#top');
    chooseTerms(GRID, 'product_cat', ['football', 'tennis'], 'OR');
    expect(assign).toHaveBeenCalledWith('/gear/?e-filter-5e3c2a1-product_cat=football~tennis#top');
    expect(push).not.toHaveBeenCalled();
    expect(gridSnapshot(GRID).query.filters).toEqual({});
  });

  it('a grid that went away counts as none', () => {
    const remove = registerGrid(GRID);
    expect(hasGrid(GRID)).toBe(true);
    remove();
    expect(hasGrid(GRID)).toBe(false);
  });
});

describe('joins', () => {
  it("keeps each filter widget's join until it goes", () => {
    const remove = registerJoin(GRID, 'product_cat', 'OR');
    registerJoin(GRID, 'product_tag', 'AND');
    expect(joinsOf(GRID)).toEqual({ product_cat: 'OR', product_tag: 'AND' });
    remove();
    expect(joinsOf(GRID)).toEqual({ product_tag: 'AND' });
  });
});

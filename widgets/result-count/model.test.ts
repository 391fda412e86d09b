import { describe, expect, it } from 'vitest';
import { announcementOf, RESULT_COUNT_ANNOUNCE_DELAY_MS } from './model';

describe('result count', () => {
  it('is re-announced after 2 s (storefront.md §9 "Timings")', () => {
    expect(RESULT_COUNT_ANNOUNCE_DELAY_MS).toBe(2000);
  });

  it('announces the text with its white space collapsed', () => {
    expect(announcementOf('Showing all 12 results')).toBe('Showing all 12 results');
    expect(announcementOf('\n\tShowing all 6 results')).toBe('Showing all 6 results');
    expect(announcementOf('Showing 1–16 of\n 40 results ')).toBe('Showing 1–16 of 40 results');
    expect(announcementOf('Showing\u00a0the single result')).toBe('Showing the single result');
  });

  it('announces nothing for an empty text', () => {
    expect(announcementOf('')).toBeNull();
    expect(announcementOf(' \n\t ')).toBeNull();
  });
});

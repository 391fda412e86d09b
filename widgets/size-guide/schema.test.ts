import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { SizeGuidePropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {
  sectionId: 'size-guide',
  table: {
    caption: 'Boot sizes',
    columns: ['Size', 'Foot length'],
    rows: [{ size: 'UK 2', cells: ['20.5 cm'] }],
  },
};

describe('size-guide props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(SizeGuidePropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(SizeGuidePropsSchema, MINIMAL);
  });
});

import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ProductTabsPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { tabs: [{ key: 'description', title: 'Description' }] };

describe('product-tabs props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ProductTabsPropsSchema, MINIMAL, { open: [null] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ProductTabsPropsSchema, MINIMAL);
  });
});

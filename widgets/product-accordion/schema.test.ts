import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ProductAccordionPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { sections: [{ id: 'details', title: 'Details', html: '<p>Synthetic upper.</p>' }] };

describe('product-accordion props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ProductAccordionPropsSchema, MINIMAL, { open: [null] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ProductAccordionPropsSchema, MINIMAL);
  });

  it('takes numbers printed as strings ("0", "4") as those numbers', () => {
    expect(ProductAccordionPropsSchema.parse({ ...MINIMAL, open: '0', headingLevel: '4' })).toMatchObject({
      open: 0,
      headingLevel: 4,
    });
  });
});

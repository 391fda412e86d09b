import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { WaitlistFormPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { productId: 21, idPrefix: 'waitlist-21', action: '/product/junior-goalkeeper-gloves/' };

describe('waitlist-form props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(WaitlistFormPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(WaitlistFormPropsSchema, MINIMAL);
  });
});

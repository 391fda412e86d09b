import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ComingSoonBannerPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { restUrl: '/wp-json/wp/v2/users/1', message: 'Pardon our dust! <a href="/shop/">Shop</a>' };

describe('coming-soon-banner props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ComingSoonBannerPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ComingSoonBannerPropsSchema, MINIMAL);
  });
});

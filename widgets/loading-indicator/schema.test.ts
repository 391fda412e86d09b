import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { LoadingIndicatorPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {};

describe('loading-indicator props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(LoadingIndicatorPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(LoadingIndicatorPropsSchema, MINIMAL);
  });

  it('takes a delay printed as a string ("300") as that number, and refuses a wrong one', () => {
    expect(LoadingIndicatorPropsSchema.parse({ delay: '300' }).delay).toBe(300);
    expect(LoadingIndicatorPropsSchema.safeParse({ delay: '9000' }).success).toBe(false);
    expect(LoadingIndicatorPropsSchema.safeParse({ delay: 'soon' }).success).toBe(false);
  });
});

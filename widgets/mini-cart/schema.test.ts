import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { MiniCartPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = {};

describe('mini-cart props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(MiniCartPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(MiniCartPropsSchema, MINIMAL);
  });
});

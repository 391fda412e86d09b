import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { PasswordTogglePropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { id: 'password', name: 'password' };

describe('password-toggle props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(PasswordTogglePropsSchema, MINIMAL, { required: [false] });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(PasswordTogglePropsSchema, MINIMAL);
  });
});

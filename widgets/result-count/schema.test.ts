import { describe, expect, it } from 'vitest';
import { expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ResultCountPropsSchema } from './schema';

describe('result-count props', () => {
  it('takes the text, empty too', () => {
    expect(ResultCountPropsSchema.parse({ text: 'Showing all 12 results' })).toEqual({
      text: 'Showing all 12 results',
    });
    expect(ResultCountPropsSchema.parse({ text: '' })).toEqual({ text: '' });
  });

  it('still refuses text left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ResultCountPropsSchema, { text: 'Showing all 12 results' });
  });
});

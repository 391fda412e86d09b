import { describe, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { StoreNoticePropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { noticeId: '4f2a9c', message: 'Free delivery' };

describe('store-notice props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(StoreNoticePropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(StoreNoticePropsSchema, MINIMAL);
  });
});

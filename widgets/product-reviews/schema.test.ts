import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/contract/issue';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { ProductReviewsPropsSchema } from './schema';

/** The props with only what is required. */
const MINIMAL = { postId: 42, permalink: '/product/junior-football-boots/', titleReply: 'Add a review' };

describe('product-reviews props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(ProductReviewsPropsSchema, MINIMAL, {
      ratingEnabled: [false],
      replyTo: [null],
      loggedInAs: [null],
    });
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(ProductReviewsPropsSchema, MINIMAL);
  });

  it("takes the commenter's fields as PHP prints them, and ids printed as strings", () => {
    const php = { ...MINIMAL, postId: '42', commenter: { author: null, email: false, consent: false } };
    expect(ProductReviewsPropsSchema.parse(php)).toEqual(ProductReviewsPropsSchema.parse(MINIMAL));
    const reply = ProductReviewsPropsSchema.parse({
      ...MINIMAL,
      replyTo: { id: '7', title: 'Leave a Reply to Ann' },
    });
    expect(reply.replyTo).toEqual({ id: 7, title: 'Leave a Reply to Ann' });
  });

  it('keeps ratingEnabled false (ratings off), and refuses a product id that is not one', () => {
    expect(ProductReviewsPropsSchema.parse({ ...MINIMAL, ratingEnabled: false }).ratingEnabled).toBe(false);
    const wrong = ProductReviewsPropsSchema.safeParse({ ...MINIMAL, postId: '4 2' });
    expect(wrong.success || describeIssue(wrong.error).field).toBe('postId');
  });
});

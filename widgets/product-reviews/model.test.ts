import { describe, expect, it } from 'vitest';
import {
  isSubmitShortcut,
  parseRating,
  ratingBlocksSubmit,
  ratingForKey,
  replyTargetOf,
  withoutReplyToCom,
} from './model';

describe('parseRating', () => {
  it.each([
    ['1', 1],
    ['5', 5],
    [' 3 ', 3],
  ])('%j → %i', (value, expected) => expect(parseRating(value)).toBe(expected));
  it.each(['', '0', '6', '4.5', '-1', 'five', null, undefined])('%j → null', (value) => {
    expect(parseRating(value)).toBeNull();
  });
});

describe('ratingBlocksSubmit (§5)', () => {
  it('blocks only with a rating field, the setting "yes" and no rating', () => {
    expect(ratingBlocksSubmit({ ratingFieldExists: true, ratingRequired: 'yes', rating: null })).toBe(true);
    expect(ratingBlocksSubmit({ ratingFieldExists: true, ratingRequired: true, rating: null })).toBe(true);
    expect(ratingBlocksSubmit({ ratingFieldExists: true, ratingRequired: 'yes', rating: 3 })).toBe(false);
    expect(ratingBlocksSubmit({ ratingFieldExists: true, ratingRequired: 'no', rating: null })).toBe(false);
    expect(ratingBlocksSubmit({ ratingFieldExists: false, ratingRequired: 'yes', rating: null })).toBe(false);
    expect(ratingBlocksSubmit({ ratingFieldExists: true, ratingRequired: 'YES', rating: null })).toBe(false);
  });
});

describe('isSubmitShortcut', () => {
  it('Ctrl+Enter and Cmd+Enter', () => {
    expect(isSubmitShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSubmitShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
  });
  it('not Enter alone, nor Ctrl with another key', () => {
    expect(isSubmitShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSubmitShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

describe('ratingForKey', () => {
  it.each([
    ['ArrowRight', 1, false, 2],
    ['ArrowRight', 5, false, 1],
    ['ArrowLeft', 1, false, 5],
    ['ArrowLeft', 3, false, 2],
    ['ArrowDown', 4, false, 5],
    ['ArrowUp', 1, false, 5],
    ['ArrowRight', 2, true, 1],
    ['ArrowLeft', 2, true, 3],
    ['ArrowDown', 2, true, 3],
  ] as const)('%s from %i (rtl %s) → %i', (key, from, rtl, expected) => {
    expect(ratingForKey(key, from, rtl)).toBe(expected);
  });
  it.each(['Home', 'End', 'Enter', ' ', 'Tab'])('%j chooses nothing', (key) => {
    expect(ratingForKey(key, 3, false)).toBeNull();
  });
});

describe('replyTargetOf (comment-reply.js data attributes)', () => {
  it('reads a WordPress reply link', () => {
    expect(
      replyTargetOf({
        commentid: '11',
        postid: '18',
        belowelement: 'comment-11',
        respondelement: 'respond',
        replyto: 'Reply to Grace',
      }),
    ).toEqual({
      commentId: 11,
      postId: 18,
      belowElement: 'comment-11',
      respondElement: 'respond',
      replyTo: 'Reply to Grace',
    });
  });
  it('postid and replyto are optional', () => {
    expect(
      replyTargetOf({ commentid: '2', belowelement: 'div-comment-2', respondelement: 'respond' }),
    ).toMatchObject({
      postId: null,
      replyTo: null,
    });
  });
  it.each([
    [{ belowelement: 'comment-1', respondelement: 'respond' }],
    [{ commentid: '0', belowelement: 'comment-1', respondelement: 'respond' }],
    [{ commentid: 'x', belowelement: 'comment-1', respondelement: 'respond' }],
    [{ commentid: '1', respondelement: 'respond' }],
    [{ commentid: '1', belowelement: 'comment-1' }],
  ])('null without what it needs: %j', (dataset) => {
    expect(replyTargetOf(dataset)).toBeNull();
  });
});

it('withoutReplyToCom drops only replytocom', () => {
  expect(withoutReplyToCom('https://shop.example/product/x/?replytocom=11&a=1#respond')).toBe(
    'https://shop.example/product/x/?a=1#respond',
  );
});

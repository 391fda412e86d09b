// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SalePricesResponseSchema } from '../../src/contract/variation';
import { badgeView, percentsOf, variationKey } from './model';

const parse = (value: unknown) => SalePricesResponseSchema.parse(value);

describe('percentsOf', () => {
  it('reads the map of labels', () => {
    expect(percentsOf(parse({ percents: { 22: '-25%', 30: '-10%' } }))).toEqual({ 22: '-25%', 30: '-10%' });
  });
  it('PHP’s empty map `[]` is no label', () => {
    expect(percentsOf(parse({ percents: [] }))).toEqual({});
  });
  it('drops empty labels', () => {
    expect(percentsOf(parse({ percents: { 22: '-25%', 23: ' ' } }))).toEqual({ 22: '-25%' });
  });
  it.each([{}, { percents: 'x' }, { percents: { 22: 25 } }, null, '0'])(
    'the contract refuses %j (the badge then stays as printed)',
    (value) => {
      expect(SalePricesResponseSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('variationKey', () => {
  it.each([
    [22, '22'],
    ['22', '22'],
    [' 22 ', '22'],
  ])('%j → %j', (value, key) => {
    expect(variationKey(value)).toBe(key);
  });
  it.each([0, '0', '', -3, 2.5, '2.5', 'x', null, undefined, {}])('%j → null', (value) => {
    expect(variationKey(value)).toBeNull();
  });
});

describe('badgeView', () => {
  const percents = { 22: '-25%' };
  it('nothing chosen: the server’s badge', () => {
    expect(badgeView({ percents, chosen: null }, 'Sale!')).toEqual({ text: 'Sale!', hidden: false });
  });
  it('a variation on sale: its label', () => {
    expect(badgeView({ percents, chosen: '22' }, 'Sale!')).toEqual({ text: '-25%', hidden: false });
  });
  it('a variation not on sale: hidden (Shoptimizer shows only a sale variation’s percent)', () => {
    expect(badgeView({ percents, chosen: '21' }, 'Sale!')).toEqual({ text: 'Sale!', hidden: true });
  });
  it('percents not known (loading, or failed): the server’s badge, whatever is chosen', () => {
    expect(badgeView({ percents: null, chosen: '21' }, 'Sale!')).toEqual({ text: 'Sale!', hidden: false });
    expect(badgeView({ percents: null, chosen: '22' }, 'Sale!')).toEqual({ text: 'Sale!', hidden: false });
  });
  it('no variation on sale at all (`[]`): a chosen one hides the badge', () => {
    expect(badgeView({ percents: {}, chosen: '22' }, 'Sale!')).toEqual({ text: 'Sale!', hidden: true });
  });
});

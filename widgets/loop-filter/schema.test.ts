import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent, expectRequiredStillRequired } from '../../src/contract/props-testing';
import { LoopFilterPropsSchema } from './schema';

const MINIMAL = {
  widgetId: 'c47f9e2',
  targetWidgetId: '5e3c2a1',
  taxonomy: 'product_cat',
  terms: [{ slug: 'football', label: 'Football' }],
};

describe('loop-filter props as PHP prints them', () => {
  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(LoopFilterPropsSchema, MINIMAL);
  });

  it('still refuses a required prop left out, null, false or [], naming it', () => {
    expectRequiredStillRequired(LoopFilterPropsSchema, MINIMAL);
  });

  it('has the defaults', () => {
    expect(LoopFilterPropsSchema.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      label: 'Filter',
      multiple: false,
      logicalJoin: 'AND',
      allLabel: 'All',
      drawer: false,
      drawerLabel: 'Filters',
      drawerCloseLabel: 'Close filters',
      drawerDoneLabel: 'Show results',
    });
  });

  it("takes Elementor's 'yes' and '' for the switches, counts printed as strings, and any join", () => {
    expect(
      LoopFilterPropsSchema.parse({
        ...MINIMAL,
        multiple: 'yes',
        drawer: '',
        logicalJoin: 'NOT',
        terms: [{ slug: 'football', label: 'Football', count: '87' }],
      }),
    ).toMatchObject({ multiple: true, drawer: false, logicalJoin: 'NOT', terms: [{ count: 87 }] });
  });

  it.each([
    ['widgetId', 'C47F9E2'],
    ['targetWidgetId', '5e3c2a1x'],
    ['taxonomy', 'product-cat'],
    ['taxonomy', 'product_cat"]'],
    ['terms', [{ slug: 'a b', label: 'A' }]],
    ['terms', [{ slug: 'a+b', label: 'A' }]],
    ['terms', [{ slug: 'a~b', label: 'A' }]],
    ['terms', [{ slug: 'a!b', label: 'A' }]],
    ['terms', [{ slug: '__all', label: 'All' }]],
    ['terms', [{ slug: 'a', label: '' }]],
    ['terms', [{ slug: 'a', label: 'A', count: -1 }]],
    ['label', ''],
    ['drawerLabel', ''],
  ])('refuses %s %j', (field, value) => {
    const result = LoopFilterPropsSchema.safeParse({ ...MINIMAL, [field]: value });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(field);
  });
});

import { describe, expect, it } from 'vitest';
import { expectPhpEmptiesAbsent } from '../../src/contract/props-testing';
import { LiveSearchPropsSchema } from './schema';

describe('live-search props', () => {
  it('has WooCommerce’s and CommerceKit’s defaults: every prop may be left out', () => {
    expect(LiveSearchPropsSchema.parse({})).toEqual({
      idPrefix: 'woocommerce-product-search-field-0',
      action: '/',
      ajaxUrl: '/wp-admin/admin-ajax.php',
      query: '',
      label: 'Search for:',
      placeholder: 'Search products\u2026',
      submitLabel: 'Search',
      buttonClass: '',
      viewAllLabel: 'View all',
      noResultsText: 'No results',
    });
  });

  it('takes null, false and [] for an optional prop as the prop left out', () => {
    expectPhpEmptiesAbsent(LiveSearchPropsSchema, {});
  });

  it.each([
    ['action', 'javascript:alert(1)'],
    ['ajaxUrl', 'data:text/html,x'],
    ['idPrefix', '1 bad id'],
    ['label', ''],
    ['submitLabel', ''],
  ])('refuses %s = %j', (prop, value) => {
    expect(LiveSearchPropsSchema.safeParse({ [prop]: value }).success).toBe(false);
  });

  it('keeps an empty no-results text (no popup when nothing matches)', () => {
    expect(LiveSearchPropsSchema.parse({ noResultsText: '' }).noResultsText).toBe('');
  });
});

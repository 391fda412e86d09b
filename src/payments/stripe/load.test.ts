import { afterEach, describe, expect, it, vi } from 'vitest';
import { stripeFor } from './load';

describe('stripeFor', () => {
  afterEach(() => {
    delete (window as unknown as { Stripe?: unknown }).Stripe;
  });

  it('makes one Stripe object per key and options, however often it is asked', async () => {
    const factory = Object.assign(
      vi.fn((key: string) => ({ key })),
      { version: 'endive' },
    );
    (window as unknown as { Stripe: unknown }).Stripe = factory;
    const first = stripeFor('pk_test_one', { apiVersion: '2024-06-20', locale: 'en' });
    const again = stripeFor('pk_test_one', { apiVersion: '2024-06-20', locale: 'en' });
    expect(again).toBe(first);
    await expect(first).resolves.toEqual({ key: 'pk_test_one' });
    const other = stripeFor('pk_test_two', { apiVersion: '2024-06-20', locale: 'en' });
    expect(other).not.toBe(first);
    await other;
    expect(factory).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { naiveOptions, sanitizeSelection, VariationIndex } from '../widgets/variation-form/model';
import { sectionToTable } from './report';
import {
  changeSequence,
  formatMs,
  goalStatus,
  measureVariationShape,
  percentile,
  scanOptions,
  seededRandom,
  syntheticProduct,
  variationSection,
  VARIATION_SHAPES,
  type VariationBenchResult,
} from './variations';

// No timing assertions here: the bench measures, these tests only check what it is built from.

describe('syntheticProduct', () => {
  it('builds 30, 1,000 and 10,000 variations × 3 attributes', () => {
    const sizes = VARIATION_SHAPES.map((dims) => {
      const product = syntheticProduct(dims, 7);
      expect(product.attributes).toHaveLength(3);
      product.attributes.forEach((attribute, a) => expect(attribute.options).toHaveLength(dims[a]!));
      return product.variations.length;
    });
    expect(sizes).toEqual([30, 1000, 10000]);
  });

  it("marks about 5% inactive and some 'any', deterministically", () => {
    const product = syntheticProduct([25, 20, 20], 7);
    expect(product.inactive / 10000).toBeGreaterThan(0.03);
    expect(product.inactive / 10000).toBeLessThan(0.07);
    expect(product.any).toBeGreaterThan(50);
    expect(product.variations.filter((v) => v.variation_is_active === false)).toHaveLength(product.inactive);
    expect(product.variations.filter((v) => Object.values(v.attributes).includes(''))).toHaveLength(
      product.any,
    );
    expect(syntheticProduct([25, 20, 20], 7)).toEqual(product);
    expect(new Set(product.variations.map((v) => v.variation_id)).size).toBe(10000);
  });
});

describe('changeSequence', () => {
  const product = syntheticProduct([10, 10, 10], 3);
  const index = new VariationIndex(product.attributes, product.variations);
  const sequence = changeSequence(product, index, 200, 4);

  it('simulates the requested number of changes, the same for the same seed', () => {
    expect(sequence).toHaveLength(200);
    expect(changeSequence(product, index, 200, 4)).toEqual(sequence);
  });

  it('holds only selections the form could hold: offered, enabled values that need no clearing', () => {
    for (const selection of sequence) expect(sanitizeSelection(index, selection).cleared).toEqual([]);
  });

  it('visits empty, partial and complete selections', () => {
    const chosen = sequence.map((s) => Object.values(s).filter((v) => v !== '').length);
    expect(new Set(chosen)).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe('scanOptions (WooCommerce loop baseline)', () => {
  it('answers as the straightforward implementation', () => {
    const product = syntheticProduct([4, 3, 5], 11);
    const index = new VariationIndex(product.attributes, product.variations);
    for (const selection of changeSequence(product, index, 60, 12)) {
      expect(scanOptions(product.attributes, product.variations, selection)).toEqual(
        naiveOptions(product.attributes, product.variations, selection),
      );
    }
  });
});

describe('helpers', () => {
  it('percentile: nearest rank', () => {
    expect(percentile([], 95)).toBeNull();
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([10, 1, 5, 3], 50)).toBe(3);
  });

  it('formatMs keeps sub-millisecond digits', () => {
    expect(formatMs(0.00421)).toBe('0.0042');
    expect(formatMs(0.0421)).toBe('0.042');
    expect(formatMs(1.234)).toBe('1.23');
    expect(formatMs(12.34)).toBe('12.3');
    expect(formatMs(153.2)).toBe('153');
    expect(formatMs(null)).toBe('–');
  });

  it('seededRandom repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    for (let n = 0; n < 100; n += 1) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('variationSection', () => {
  const result = (variations: number, indexed: number, naive: number): VariationBenchResult => ({
    variations,
    dims: [25, 20, 20],
    inactive: 500,
    any: 200,
    changes: 150,
    buildMs: 2,
    firstBuildMs: 20,
    indexed: { median: indexed, p95: indexed * 2, repetitions: 10 },
    naive: { median: naive, p95: naive * 2, repetitions: 1 },
    scan: { median: naive / 3, p95: naive, repetitions: 1 },
  });

  it('judges the goal only at 10,000 variations', () => {
    expect(goalStatus(result(10000, 0.05, 10))).toEqual({ median: 'PASS', speedup: 'PASS' });
    expect(goalStatus(result(10000, 2.5, 100))).toEqual({ median: 'FAIL', speedup: 'PASS' });
    expect(goalStatus(result(10000, 1, 10))).toEqual({ median: 'PASS', speedup: 'FAIL' });
    expect(goalStatus(result(1000, 50, 10))).toEqual({ median: '–', speedup: '–' });
  });

  it('builds rows with millisecond metrics and printable cells', () => {
    const section = variationSection([result(30, 0.002, 0.01), result(10000, 0.04, 10)]);
    expect(section.rows.map((row) => row.key)).toEqual(['30', '10,000']);
    const big = section.rows[1]!;
    expect(big.metrics.indexedMedian).toEqual({ unit: 'ms', value: 0.04 });
    expect(big.metrics.speedup?.value).toBeCloseTo(250);
    expect(big.info).toMatchObject({
      indexed: '0.040 / 0.080',
      speedup: '250×',
      goalMedian: 'PASS',
      goalSpeedup: 'PASS',
    });
    const table = sectionToTable(section);
    expect(table.rows[1]).toContain('PASS');
    expect(table.columns).toHaveLength(section.columns.length);
  });

  it('measures a small product end to end (structure only)', () => {
    const measured = measureVariationShape([2, 2, 3], { changes: 12, seed: 5, batchMs: 0.05 });
    expect(measured).toMatchObject({ variations: 12, dims: [2, 2, 3], changes: 12 });
    for (const timing of [measured.indexed, measured.naive, measured.scan]) {
      expect(timing.median).not.toBeNull();
      expect(timing.repetitions).toBeGreaterThanOrEqual(1);
    }
  });
});

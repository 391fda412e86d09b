import { describe, expect, it } from 'vitest';
import { chunkSection, labelChunks, sortChunks, stripHash, type ChunkSize } from './sizes';

describe('stripHash', () => {
  it('drops an 8-character content hash, even one with - or _', () => {
    expect(stripHash('react-Bx1c9aQe.js')).toBe('react');
    expect(stripHash('password-toggle-Ab-1_2xY.css')).toBe('password-toggle');
  });
  it('keeps names without a hash', () => expect(stripHash('loader.js')).toBe('loader'));
});

describe('labelChunks', () => {
  it('labels the loader, island entries, shared chunks and their stylesheets', () => {
    const labels = labelChunks({
      'src/islands/loader.ts': { file: 'assets/loader-AAAAAAAA.js', isEntry: true },
      'widgets/store-notice/island.tsx': {
        file: 'assets/island-BBBBBBBB.js',
        isDynamicEntry: true,
        css: ['assets/island-CCCCCCCC.css'],
      },
      '_react-DDDDDDDD.js': { file: 'assets/react-DDDDDDDD.js', name: 'react' },
      '_shared-EEEEEEEE.css': { file: 'assets/shared-EEEEEEEE.css' },
      'widgets/password-toggle/island.tsx': {
        file: 'assets/password-toggle-FFFFFFFF.js',
        assets: ['assets/password-toggle-GGGGGGGG.css', 'assets/icon-HHHHHHHH.svg'],
      },
      '/abs/widgets/password-toggle/password-toggle.css': { file: 'assets/password-toggle-GGGGGGGG.css' },
    });
    expect(Object.fromEntries(labels)).toEqual({
      'assets/loader-AAAAAAAA.js': 'loader',
      'assets/island-BBBBBBBB.js': 'island: store-notice',
      'assets/island-CCCCCCCC.css': 'island: store-notice (css)',
      'assets/react-DDDDDDDD.js': 'react',
      'assets/shared-EEEEEEEE.css': 'shared (css)',
      'assets/password-toggle-FFFFFFFF.js': 'island: password-toggle',
      'assets/password-toggle-GGGGGGGG.css': 'island: password-toggle (css)',
    });
  });
});

const chunk = (label: string, kind: 'js' | 'css', gzip = 100): ChunkSize => ({
  label,
  kind,
  file: `assets/${label}.${kind}`,
  raw: gzip * 3,
  gzip,
  brotli: gzip - 10,
});

describe('sortChunks', () => {
  it('puts the loader first, then islands, shared chunks, then stylesheets', () => {
    const sorted = sortChunks([
      chunk('zod', 'js'),
      chunk('island: b', 'css'),
      chunk('island: b', 'js'),
      chunk('react', 'js'),
      chunk('loader', 'js'),
      chunk('island: a', 'js'),
    ]);
    expect(sorted.map((c) => `${c.label}.${c.kind}`)).toEqual([
      'loader.js',
      'island: a.js',
      'island: b.js',
      'react.js',
      'zod.js',
      'island: b.css',
    ]);
  });
});

describe('chunkSection', () => {
  it('marks the loader OK or OVER against 2,048 bytes gzip and adds totals', () => {
    const ok = chunkSection([chunk('loader', 'js', 2048), chunk('react', 'js', 60000)]);
    expect(ok.rows.map((r) => [r.key, r.info?.budget])).toEqual([
      ['loader', 'OK (≤ 2,048)'],
      ['react', ''],
      ['total js', ''],
    ]);
    expect(ok.rows.at(-1)?.metrics.gzip?.value).toBe(62048);
    expect(chunkSection([chunk('loader', 'js', 2049)]).rows[0]?.info?.budget).toBe('OVER (≤ 2,048)');
  });
  it('says so when the build has no loader', () => {
    expect(chunkSection([chunk('react', 'js')]).rows[0]?.info?.budget).toBe('MISSING');
  });
});

import { describe, expect, it } from 'vitest';
import { HttpUrl, Srcset } from './url';

describe('HttpUrl and Srcset: URL fields of props and answers', () => {
  it.each(['/img/a.jpg', 'https://cdn.example/a.jpg', 'http://shop.example/?add-to-cart=13'])(
    'accepts %s',
    (url) => {
      expect(HttpUrl.safeParse(url).success).toBe(true);
    },
  );

  it.each(['', 'javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', 42])(
    'refuses %j',
    (url) => {
      expect(HttpUrl.safeParse(url).success).toBe(false);
    },
  );

  it('a srcset is accepted only when every candidate is http(s)', () => {
    expect(Srcset.safeParse('/a.jpg 1x, https://cdn.example/b.jpg 2x').success).toBe(true);
    expect(Srcset.safeParse('/a.jpg 1x, javascript:alert(1) 2x').success).toBe(false);
  });
});

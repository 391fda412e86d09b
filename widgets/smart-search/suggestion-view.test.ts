import { describe, expect, it } from 'vitest';
import type { SmartSearchSuggestion } from '../../src/contract/search';
import { suggestionView } from './suggestion-view';

const suggestion = (data: string): SmartSearchSuggestion => ({
  value: '',
  data,
  url: '',
  id: 1,
  addToCart: '',
});

const PLUGIN_MARKUP =
  '<a class="smart-search-post-url" href="http://localhost:3000/product/boots/">' +
  '<div class="smart-search-post post-12"><div class="smart-search-post-icon">' +
  '<img width="150" height="150" src="http://localhost:3000/img/boots.svg" alt="Boots" loading="lazy"></div>' +
  '<div class="smart-search-post-holder"><div class="smart-search-post-title">Apex <strong>Boo</strong>ts &#8220;Pro&#8221;</div>' +
  '<div class="smart-search-post-price">€<bdi>69.99</bdi></div></div></div></a>';

describe('suggestionView', () => {
  it('keeps the plugin’s markup and images, without the link around it (the option is the control)', () => {
    const view = suggestionView(suggestion(PLUGIN_MARKUP));
    const box = document.createElement('div');
    box.innerHTML = view.html;
    expect(box.querySelector('a')).toBeNull();
    expect(box.querySelector('img')).toHaveAttribute('src', 'http://localhost:3000/img/boots.svg');
    expect(box.querySelector('.smart-search-post-title strong')).toHaveTextContent('Boo');
    expect(box.querySelector('.smart-search-post-price')).toHaveTextContent('€69.99');
    expect(view.name).toBe('Apex Boots “Pro”');
  });

  it('never keeps scripts, handlers or javascript: URLs', () => {
    const view = suggestionView(
      suggestion(
        '<img src=x onerror="alert(1)"><script>alert(2)</script><div class="smart-search-post-title" onclick="alert(3)">Sweatband</div>' +
          '<img src="javascript:alert(4)" alt="x"><svg onload="alert(5)"></svg><iframe src="/x"></iframe>',
      ),
    );
    expect(view.html).not.toMatch(/onerror|onclick|onload|script|javascript|iframe|svg/i);
    expect(view.name).toBe('Sweatband');
  });

  it('leaves nothing focusable or interactive inside an option', () => {
    const view = suggestionView(
      suggestion(
        '<div tabindex="0">Card</div><button type="button">Buy</button><label>Size <select><option>1</option></select></label>' +
          '<input name="qty" value="1"><textarea>t</textarea><details><summary>More</summary>Text</details>' +
          '<form action="/cart/"><p>In a form</p></form>',
      ),
    );
    const box = document.createElement('div');
    box.innerHTML = view.html;
    expect(
      box.querySelectorAll('a,button,input,select,textarea,label,details,summary,form,[tabindex]'),
    ).toHaveLength(0);
    expect(box).toHaveTextContent('CardBuySize MoreTextIn a form');
    expect(view.name).toBe('CardBuySize MoreTextIn a form');
  });

  it('is computed once per suggestion', () => {
    const item = suggestion('<b>x</b>');
    expect(suggestionView(item)).toBe(suggestionView(item));
  });
});

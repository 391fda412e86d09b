/**
 * The Payment Element's look when the gateway has none saved yet (checkout.md §3 "Appearance", §7
 * `save_appearance`): read from the page's own fields (their font, size, colours, border and radius,
 * the label's, the invalid field's border), as Stripe's appearance API names them. The gateway
 * keeps what the first checkout sends (`save_appearance`) and prints it with its settings from then
 * on, so this runs once per theme, not per shopper. Reads the DOM; no network.
 */

type Rules = Record<string, string>;

/** Stripe's appearance object (variables and rules), as the element takes it. */
export interface Appearance {
  variables: Rules;
  rules: Record<string, Rules>;
}

/** §9: the defaults when the page has no field to read (Inter 13 px, 4.8 px radius, red when invalid). */
const DEFAULTS = {
  fontFamily: 'Inter, sans-serif',
  fontSizeBase: '13px',
  borderRadius: '4.8px',
  colorDanger: '#df1b41',
};

/** A colour Stripe takes (`rgb()`, `rgba()`, `#hex`): a transparent one is none. */
const colour = (value: string): string | null =>
  /^(rgba?\([\d.,\s%]+\)|#[0-9a-f]{3,8})$/i.test(value.trim()) && !/rgba\([^)]*,\s*0\)$/.test(value)
    ? value.trim()
    : null;

/** A length in px or rem/em, as Stripe takes it. */
const length = (value: string): string | null =>
  /^\d+(\.\d+)?(px|rem|em)$/.test(value.trim()) ? value.trim() : null;

function pick(style: CSSStyleDeclaration, map: Record<string, string>): Rules {
  const out: Rules = {};
  for (const [css, stripe] of Object.entries(map)) {
    const value = style.getPropertyValue(css).trim();
    if (value === '') continue;
    const ok = css.includes('color') ? colour(value) : css.startsWith('font-family') ? value : length(value);
    if (ok) out[stripe] = ok;
  }
  return out;
}

/**
 * The appearance of `root`'s fields: its first text input (a billing field on the checkout) and its
 * label; §9's defaults for what cannot be read.
 */
export function appearanceFromPage(root: ParentNode, view: Window = window): Appearance {
  const input = root.querySelector<HTMLInputElement>(
    'input.input-text:not([type="hidden"]), input[type="email"], input[type="text"]',
  );
  const label = input?.id
    ? root.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`)
    : null;
  const inputStyle = input ? view.getComputedStyle(input) : null;
  const labelStyle = label ? view.getComputedStyle(label) : null;
  const inputRules = inputStyle
    ? pick(inputStyle, {
        'font-size': 'fontSize',
        color: 'color',
        'background-color': 'backgroundColor',
        'border-top-color': 'borderColor',
        'padding-top': 'paddingTop',
        'padding-left': 'paddingLeft',
      })
    : {};
  const variables: Rules = { ...DEFAULTS };
  if (inputStyle) {
    const family = inputStyle.getPropertyValue('font-family').trim();
    if (family) variables.fontFamily = family;
    const radius = length(inputStyle.getPropertyValue('border-top-left-radius'));
    if (radius) variables.borderRadius = radius;
    const text = colour(inputStyle.getPropertyValue('color'));
    if (text) variables.colorText = text;
    const background = colour(inputStyle.getPropertyValue('background-color'));
    if (background) variables.colorBackground = background;
  }
  const rules: Record<string, Rules> = {
    '.Input': inputRules,
    '.Input--invalid': { borderColor: variables.colorDanger! },
  };
  if (labelStyle) rules['.Label'] = pick(labelStyle, { color: 'color', 'font-size': 'fontSize' });
  return { variables, rules };
}

/** Whether the gateway's settings hold a saved appearance (an object; "" when none was saved). */
export const hasAppearance = (value: unknown): boolean =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

let sent = false;

/**
 * True the first time it is asked on a page (the appearance is sent to the gateway once per page
 * view, whichever card box mounts first).
 */
export function firstAppearanceSave(): boolean {
  if (sent) return false;
  sent = true;
  return true;
}

/** For tests and stories: each is a page view of its own. */
export function forgetAppearanceSent(): void {
  sent = false;
}

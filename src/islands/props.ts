/** Props come from a `<script type="application/json" data-island-props>` child, or `data-props`. */
export type PropsResult = { ok: true; value: unknown } | { ok: false; problem: string };

export function readProps(el: HTMLElement): PropsResult {
  let script: Element | null = null;
  for (const child of Array.from(el.children)) {
    if (child.matches('script[data-island-props]')) script = child;
  }
  const source = script ? script.textContent : el.getAttribute('data-props');
  if (source == null || source.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch (error) {
    return { ok: false, problem: `its props are not valid JSON (${(error as Error).message})` };
  }
}

/**
 * Props come from the container's own `<script type="application/json" data-island-props>` (the
 * first such child: the server prints it before the fallback, which may hold user content), or
 * from a `data-props` attribute.
 */
export type PropsResult = { ok: true; value: unknown } | { ok: false; problem: string };

export function readProps(el: HTMLElement): PropsResult {
  const script = el.querySelector(':scope>script[data-island-props]');
  const source = script ? script.textContent : el.getAttribute('data-props');
  try {
    return { ok: true, value: source?.trim() ? (JSON.parse(source) as unknown) : {} };
  } catch (error) {
    return { ok: false, problem: `its props are invalid JSON (${(error as Error).message})` };
  }
}

/**
 * Scrolls to Elementor template `id` (a whole number, checked by the caller) as Elementor Pro does:
 * the template's top to the middle of the window; smoothly unless the shopper asked for less motion.
 */
export function scrollToTemplate(id: number): void {
  const template = document.querySelector(`[data-elementor-id="${id}"]`);
  if (!template) return;
  const top = template.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2;
  const reduce = !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? 'auto' : 'smooth' });
}

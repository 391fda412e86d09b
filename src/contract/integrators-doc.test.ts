// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { automaticHooks, generate, GUIDE, islands } from '../../docs/integrators';

describe('docs/integrators.md', () => {
  it('is current with the schemas, island.json files and the plugin (else run `npx tsx docs/integrators.ts`)', async () => {
    const current = readFileSync(GUIDE, 'utf8');
    expect(await generate(current)).toBe(current);
  }, 60_000);

  it('documents every island, with its default strategy', async () => {
    const current = readFileSync(GUIDE, 'utf8');
    for (const island of await islands()) {
      expect(current).toContain(`### ${island.name}\n`);
      expect(current).toContain(
        `Container \`data-island="${island.name}"\` · default strategy \`${island.hydrate}\``,
      );
    }
  }, 60_000);

  it("reads the plugin's automatic islands, in either PHP array form", () => {
    const php =
      "const ISLANDS = array(\n\t\t'add-to-cart' => 'woocommerce_loop_add_to_cart_link',\n" +
      "\t\t'variation-form' => array( 'woocommerce_before_add_to_cart_form', 'woocommerce_after_add_to_cart_form' ),\n\t);";
    expect(automaticHooks(php)).toEqual(
      new Map([
        ['add-to-cart', ['woocommerce_loop_add_to_cart_link']],
        ['variation-form', ['woocommerce_before_add_to_cart_form', 'woocommerce_after_add_to_cart_form']],
      ]),
    );
  });
});

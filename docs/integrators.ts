/**
 * The generated parts of docs/integrators.md, from the code: each island's props table from its
 * schema (`widgets/<name>/schema.ts`: the zod schema at run time, the descriptions from its doc
 * comments), its default strategy from `widgets/<name>/island.json`, and the WooCommerce hook that
 * places it from the plugin's `Shop_Islands_Integration::ISLANDS`. Everything between a
 * `<!-- generated:… -->` line and the next `<!-- /generated -->` is rewritten; the rest of the guide
 * is prose.
 *
 *   npx tsx docs/integrators.ts          # rewrites docs/integrators.md
 *   npx tsx docs/integrators.ts --check  # exits 1 when it is not current (also a unit test)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import * as z from 'zod/mini';
import { Html, TrustedHtml, unwrapPhp } from '../src/contract/props';
import { HttpUrl, Srcset } from '../src/contract/url';
import { VariationSchema } from '../src/contract/variation';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GUIDE = join(ROOT, 'docs/integrators.md');
const INTEGRATION_PHP = join(ROOT, 'php-shim/includes/class-shop-islands-integration.php');
const ASSETS_PHP = join(ROOT, 'php-shim/includes/class-shop-islands-assets.php');

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

/** Schemas of src/contract named in the tables rather than spelled out. */
const NAMED = new Map<Schema, string>([
  [Html, 'HTML, sanitised'],
  [TrustedHtml, 'HTML, printed as is'],
  [HttpUrl, 'URL, http(s)'],
  [Srcset, 'srcset, http(s) URLs'],
  [
    VariationSchema,
    'variation object (`src/contract/variation.ts`: `get_available_variation()`; its `price_html`, `availability_html` and `variation_description` are HTML, sanitised)',
  ],
]);

// -- doc comments -----------------------------------------------------------------------------------

interface Comments {
  /** Comments of the props schema's own keys, by their full path (`commenter.author`). */
  own: Map<string, string>;
  /** Comments of keys of other schemas of the file (an image, an attribute), by their path there. */
  other: Map<string, string>;
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** The doc comments of a schema file's object keys. */
function commentsOf(file: string, propsSchemaName: string): Comments {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const comments: Comments = { own: new Map(), other: new Map() };
  const visit = (node: ts.Node, path: string[], own: boolean) => {
    let nextPath = path;
    let nextOwn = own;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      nextPath = [];
      nextOwn = node.name.text === propsSchemaName;
    }
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
      nextPath = [...path, node.name.text];
      const doc = ts
        .getJSDocCommentsAndTags(node)
        .filter(ts.isJSDoc)
        .map((jsdoc) => ts.getTextOfJSDocComment(jsdoc.comment) ?? '')
        .join(' ');
      if (doc) (nextOwn ? comments.own : comments.other).set(nextPath.join('.'), oneLine(doc));
    }
    ts.forEachChild(node, (child) => visit(child, nextPath, nextOwn));
  };
  visit(source, [], false);
  return comments;
}

/** The comment of the prop at `path`: the props schema's own, else one of a schema it uses. */
function commentFor(comments: Comments, path: string[]): string {
  const own = comments.own.get(path.join('.'));
  if (own) return own;
  for (let start = 1; start < path.length; start += 1) {
    const other = comments.other.get(path.slice(start).join('.'));
    if (other) return other;
  }
  return comments.other.get(path.join('.')) ?? '';
}

// -- types ------------------------------------------------------------------------------------------

/** A check's words (`non-empty`, `> 0`, `≤ 5000`, `pattern …`), or null for checks the comment explains. */
function checkText(check: unknown): string | null {
  const def = (check as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return null;
  switch (def.check) {
    case 'min_length':
      return def.minimum === 1 ? 'non-empty' : `at least ${String(def.minimum)}`;
    case 'max_length':
      return `at most ${String(def.maximum)}`;
    case 'length_equals':
      return `exactly ${String(def.length)}`;
    case 'greater_than':
      return `${def.inclusive ? '≥' : '>'} ${String(def.value)}`;
    case 'less_than':
      return `${def.inclusive ? '≤' : '<'} ${String(def.value)}`;
    case 'string_format':
      return def.format === 'regex' ? `matching \`${String(def.pattern)}\`` : String(def.format);
    default:
      return null;
  }
}

function withChecks(name: string, def: Def): string {
  const checks = ((def.checks as unknown[] | undefined) ?? []).map(checkText).filter(Boolean);
  return checks.length ? `${name} (${checks.join(', ')})` : name;
}

/** The schema's type in words; objects inside are listed as rows of their own by {@link rowsOf}. */
function typeText(schema: Schema): string {
  const named = NAMED.get(schema);
  if (named) return named;
  const inner = unwrapPhp(schema);
  if (inner !== schema) return typeText(inner);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return withChecks('text', def);
    case 'number':
      return withChecks(def.format === 'safeint' ? 'integer' : 'number', def);
    case 'boolean':
      return 'boolean';
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((value) => `\`'${value}'\``)
        .join(' or ');
    case 'literal':
      return (def.values as unknown[]).map((value) => `\`${JSON.stringify(value)}\``).join(' or ');
    case 'union':
      return (def.options as Schema[]).map(typeText).join(' or ');
    case 'nullable':
      return `${typeText(def.innerType as Schema)} or \`null\``;
    case 'optional':
    case 'default':
      return typeText(def.innerType as Schema);
    case 'array':
      return `${withChecks('list', def)} of ${typeText(def.element as Schema)}`;
    case 'record':
      return `map of ${typeText(def.keyType as Schema)} to ${typeText(def.valueType as Schema)}`;
    case 'object':
      return 'object';
    default:
      return def.type;
  }
}

/** The object schema inside `schema` (through wrappers, lists, unions), for its rows; or null. */
function objectInside(schema: Schema): { schema: Schema; list: boolean } | null {
  if (NAMED.has(schema)) return null;
  const inner = unwrapPhp(schema);
  if (inner !== schema) return objectInside(inner);
  const def = defOf(schema);
  if (def.type === 'object') return { schema, list: false };
  if (['optional', 'default', 'nullable'].includes(def.type)) return objectInside(def.innerType as Schema);
  if (def.type === 'array') {
    const element = objectInside(def.element as Schema);
    return element && { schema: element.schema, list: true };
  }
  return null;
}

// -- what PHP may print -----------------------------------------------------------------------------

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** How the prop reads PHP's `null`, `false`, `[]` and a number printed as a string. */
function phpText(field: Schema, optional: boolean): string {
  const inner = unwrapPhp(field);
  const groups = new Map<string, string[]>();
  const add = (outcome: string, value: string) =>
    groups.set(outcome, [...(groups.get(outcome) ?? []), value]);
  for (const [value, shown] of [
    [null, '`null`'],
    [false, '`false`'],
    [[], '`[]`'],
  ] as const) {
    if (z.safeParse(inner, value).success) {
      add('kept', shown);
      continue;
    }
    const result = z.safeParse(field, value);
    if (!result.success) add('refused', shown);
    else if (optional) add('as left out', shown);
    else add(same(result.data, {}) ? 'an empty map' : 'kept', shown);
  }
  const parts = [...groups].map(([outcome, values]) => `${values.join(' ')}: ${outcome}`);
  const numeric = z.safeParse(field, '3');
  if (inner !== field && numeric.success && numeric.data === 3) parts.push('`"3"`: the number 3');
  return parts.join('; ');
}

// -- rows -------------------------------------------------------------------------------------------

interface Row {
  prop: string;
  type: string;
  required: string;
  php: string;
  description: string;
}

function defaultOf(schema: Schema): { optional: boolean; value?: unknown } {
  const inner = unwrapPhp(schema);
  const def = defOf(inner);
  if (def.type === 'default') return { optional: true, value: def.defaultValue };
  return { optional: def.type === 'optional' };
}

const code = (value: unknown): string => {
  const json = JSON.stringify(value);
  return json.length > 70 ? `\`${json.slice(0, 67)}…\`` : `\`${json}\``;
};

function rowsOf(shapeOwner: Schema, comments: Comments, path: string[] = [], shown: string[] = []): Row[] {
  const shape = defOf(shapeOwner).shape as Record<string, Schema>;
  return Object.entries(shape).flatMap(([key, field]) => {
    const { optional, value } = defaultOf(field);
    const row: Row = {
      prop: `\`${[...shown, key].join('.')}\``,
      type: typeText(field),
      required: optional
        ? value === undefined
          ? 'optional'
          : `optional, default ${code(value)}`
        : 'required',
      php: phpText(field, optional),
      description: commentFor(comments, [...path, key]),
    };
    const object = objectInside(field);
    if (!object) return [row];
    row.type = object.list ? row.type.replace(/ of object$/, ' of objects') : row.type;
    return [
      row,
      ...rowsOf(object.schema, comments, [...path, key], [...shown, object.list ? `${key}[]` : key]),
    ];
  });
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function propsTable(rows: Row[]): string {
  return [
    '| Prop | Type | Required | `null` `false` `[]` `"3"` from PHP | Description |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${[r.prop, r.type, r.required, r.php, r.description].map(cell).join(' | ')} |`),
  ].join('\n');
}

// -- islands ----------------------------------------------------------------------------------------

export interface Island {
  name: string;
  hydrate: string;
  hook: string | null;
  replaces: string[];
  schema: Schema;
  comments: Comments;
}

/** A PHP class constant `name` that maps strings to a string or a list of strings. */
export function phpMap(php: string, name: string): Map<string, string[]> {
  const body = new RegExp(`const\\s+${name}\\s*=\\s*([\\s\\S]*?);`).exec(php)?.[1] ?? '';
  const map = new Map<string, string[]>();
  const entry = /'([^']+)'\s*=>\s*(?:'([^']+)'|(?:array\(|\[)([^)\]]*)[)\]])/g;
  for (const [, key, single, list] of body.matchAll(entry)) {
    const values = single ? [single] : [...(list ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    map.set(key!, values);
  }
  return map;
}

/** `Shop_Islands_Integration::ISLANDS`: island => the WooCommerce hook(s) that place it. */
export const automaticHooks = (php: string = readFileSync(INTEGRATION_PHP, 'utf8')) => phpMap(php, 'ISLANDS');

/** `Shop_Islands_Assets::REPLACED_SCRIPTS` read per island: the scripts it replaces, in words. */
function replacedScripts(php: string = readFileSync(ASSETS_PHP, 'utf8')): Map<string, string[]> {
  const byIsland = new Map<string, string[]>();
  for (const [handle, islands] of phpMap(php, 'REPLACED_SCRIPTS')) {
    for (const island of islands) {
      const others = islands.filter((other) => other !== island).map((other) => `\`${other}\``);
      const words = others.length ? `\`${handle}\` (with ${others.join(' and ')})` : `\`${handle}\``;
      byIsland.set(island, [...(byIsland.get(island) ?? []), words]);
    }
  }
  return byIsland;
}

export async function islands(): Promise<Island[]> {
  const hooks = automaticHooks();
  const replaced = replacedScripts();
  const found: Island[] = [];
  for (const name of readdirSync(join(ROOT, 'widgets')).sort()) {
    const folder = join(ROOT, 'widgets', name);
    if (!readdirSync(folder).includes('island.tsx')) continue;
    const file = join(folder, 'schema.ts');
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const exported = Object.keys(module).find((key) => key.endsWith('PropsSchema'));
    if (!exported) throw new Error(`${file}: no export named …PropsSchema`);
    const { hydrate } = JSON.parse(readFileSync(join(folder, 'island.json'), 'utf8')) as { hydrate: string };
    found.push({
      name,
      hydrate,
      hook:
        hooks
          .get(name)
          ?.map((hook) => `\`${hook}\``)
          .join(', ') ?? null,
      replaces: replaced.get(name) ?? [],
      schema: module[exported] as Schema,
      comments: commentsOf(file, exported),
    });
  }
  return found;
}

const THEME = 'placed by the theme (`shop_islands_render`)';

function overview(all: Island[]): string {
  return [
    '| Island | Default strategy | Placed automatically by | Props: required, optional |',
    '| --- | --- | --- | --- |',
    ...all.map((island) => {
      const rows = Object.values(defOf(island.schema).shape as Record<string, Schema>);
      const optional = rows.filter((field) => defaultOf(field).optional).length;
      return (
        `| [\`${island.name}\`](#${island.name}) | \`${island.hydrate}\` | ${island.hook ?? THEME} | ` +
        `${rows.length - optional}, ${optional} |`
      );
    }),
  ].join('\n');
}

function summary(island: Island): string {
  return (
    `Container \`data-island="${island.name}"\` · default strategy \`${island.hydrate}\` ` +
    `(\`widgets/${island.name}/island.json\`) · ` +
    (island.hook ? `placed automatically through ${island.hook}` : THEME) +
    ` · props: \`widgets/${island.name}/schema.ts\`` +
    (island.replaces.length
      ? ` · WooCommerce scripts left out while it is on the page: ${island.replaces.join(', ')}`
      : '')
  );
}

/** `text` with every generated block rewritten. */
export async function generate(text: string): Promise<string> {
  const all = await islands();
  const byName = new Map(all.map((island) => [island.name, island]));
  const seen = new Set<string>();
  const out = text.replace(
    /(<!-- generated:([\w:-]+) -->)[\s\S]*?(<!-- \/generated -->)/g,
    (_block, open: string, key: string, close: string) => {
      const [kind, name] = key.split(':');
      let body: string;
      if (kind === 'overview') body = overview(all);
      else {
        const island = byName.get(name ?? '');
        if (!island) throw new Error(`docs/integrators.md: no island "${name}" (${key})`);
        seen.add(island.name);
        body =
          kind === 'summary'
            ? summary(island)
            : kind === 'props'
              ? propsTable(rowsOf(island.schema, island.comments))
              : '';
        if (!body) throw new Error(`docs/integrators.md: unknown block "${key}"`);
      }
      return `${open}\n\n${body}\n\n${close}`;
    },
  );
  const missing = all.filter((island) => !seen.has(island.name)).map((island) => island.name);
  if (missing.length) throw new Error(`docs/integrators.md has no section for: ${missing.join(', ')}`);
  const options = (await prettier.resolveConfig(GUIDE)) ?? {};
  return prettier.format(out, { ...options, filepath: GUIDE });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = readFileSync(GUIDE, 'utf8');
  const next = await generate(current);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('docs/integrators.md is not current: run `npx tsx docs/integrators.ts`.');
      process.exit(1);
    }
  } else if (next !== current) {
    writeFileSync(GUIDE, next);
    console.log('docs/integrators.md written.');
  }
}

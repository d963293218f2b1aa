// Editor data generated from custom-elements.json, so editors complete the kit's tags, attributes and events:
//   - vscode.html-custom-data.json for VS Code (`"html.customData": ["./node_modules/@edu-portal/elements/vscode.html-custom-data.json"]`);
//   - web-types.json for JetBrains IDEs (found through the package's `web-types` field).
// The manifest is the one source: run after `npm run manifest` (scripts/build.mjs does). First the analyser's
// manifest is finished for readers outside the project (finishManifest): private and protected members go, the
// internal base class is no element, paths name the shipped dist/*.js modules, and every attribute whose type is
// an alias of string literals (`FormDialogMode`) gets that union spelt out, resolved by the TypeScript checker.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

/**
 * Where each tag's API page is (`npm run docs` builds them into the package's docs/ folder, which is published):
 * EDU_DOCS_URL when the pages are hosted elsewhere, else the published package's copy on unpkg.
 */
export const docsBase = (process.env.EDU_DOCS_URL ?? `https://unpkg.com/${pkg.name}@${pkg.version}/docs/`).replace(
  /\/?$/,
  '/',
);

/** The API page of an element, relative to the docs' root. */
export const elementPage = (tag) => `elements/${tag}.html`;

/**
 * `src/x/y.ts` (also with a leading slash) → `dist/x/y.js`, the module the package ships; a relative `./x.ts`
 * (a re-export) → `./x.js`.
 */
export const shippedPath = (path) =>
  path.replace(/^\/?src\/(.*)\.ts$/, 'dist/$1.js').replace(/^(\.{1,2}\/.*)\.ts$/, '$1.js');

const hidden = (member) => member.privacy === 'private' || member.privacy === 'protected' || /^[#_]/.test(member.name);

/**
 * The manifest as published: no private or protected members, no class without a tag marked as an element, the
 * shipped module paths, and `types` (tag → field → its type, see fieldTypes) filling in the types the analyser
 * left out and spelling out the string literals of those that name an alias. Returns a new manifest; finishing a
 * finished one changes nothing.
 */
export function finishManifest(manifest, types = {}) {
  const withPaths = JSON.parse(
    JSON.stringify(manifest, (key, value) =>
      (key === 'path' || key === 'module') && typeof value === 'string' ? shippedPath(value) : value,
    ),
  );
  for (const module of withPaths.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.customElement && !declaration.tagName) delete declaration.customElement;
      if (declaration.members) declaration.members = declaration.members.filter((member) => !hidden(member));
      const fields = types[declaration.tagName] ?? {};
      const spell = (typed, field) => {
        const type = fields[field];
        if (!type) return;
        // A type the analyser could not name (a field initialised from a constant) is the checker's.
        if (!typed.type) typed.type = { text: type.text };
        if (type.values.length && !unionValues(typed.type.text).length) {
          typed.type = { ...typed.type, text: spelt(typed.type.text, type) };
        }
      };
      for (const attribute of declaration.attributes ?? []) spell(attribute, attribute.fieldName ?? attribute.name);
      for (const member of declaration.members ?? []) if (member.kind === 'field') spell(member, member.name);
    }
  }
  return withPaths;
}

/**
 * An alias type text with its string literals spelt out: `FormDialogMode` → `'add' | 'edit'`; parts that are no
 * string literal stay (`DialogPosition` → `'middle' | … | DialogInsets`, `Lang | undefined` → `… | undefined`).
 */
function spelt(text, { values, rest }) {
  return [...values.map((value) => `'${value}'`), ...rest].join(' | ') || text;
}

/**
 * Per tag, per field: the field's declared type as the TypeScript checker over the elements' sources prints it
 * (`text`), its string literals (`values`; aliases, `Extract<…>` and `(typeof X)[number]` resolved) and its other
 * union parts (`rest`, `undefined` and `null` last).
 */
export async function fieldTypes(elements) {
  const ts = (await import('typescript')).default;
  const configPath = join(here, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  const program = ts.createProgram({
    rootNames: [...new Set(elements.map((element) => join(here, element.sourcePath)))],
    options: { ...config.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const result = {};
  for (const element of elements) {
    const source = program.getSourceFile(join(here, element.sourcePath));
    const node = source?.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === element.name);
    if (!node) continue;
    const instance = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(node.name));
    const fields = {};
    for (const typed of [...(element.attributes ?? []), ...(element.members ?? [])]) {
      const field = typed.fieldName ?? typed.name;
      const symbol = checker.getPropertyOfType(instance, field);
      if (!symbol || fields[field]) continue;
      const type = checker.getTypeOfSymbolAtLocation(symbol, node);
      const parts = type.isUnion() ? type.types : [type];
      const values = parts.filter((part) => part.isStringLiteral()).map((part) => part.value);
      const nullish = (text) => text === 'undefined' || text === 'null';
      const others = parts.filter((part) => !part.isStringLiteral()).map((part) => checker.typeToString(part));
      const rest = [...others.filter((text) => !nullish(text)), ...others.filter(nullish)];
      fields[field] = { text: checker.typeToString(type), values, rest };
    }
    result[element.tagName] = fields;
  }
  return result;
}

/** Every element declaration of the manifest, sorted by tag. */
export function elementsOf(customElements) {
  return customElements.modules
    .flatMap((module) => (module.declarations ?? []).map((declaration) => ({ ...declaration, path: module.path })))
    .map((declaration) => ({ ...declaration, sourcePath: declaration.path.replace(/^dist\/(.*)\.js$/, 'src/$1.ts') }))
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** The string literals of a union type text such as `'center' | 'top'` or `'' | 'expired' | Insets`, or none. */
export function unionValues(typeText = '') {
  const literals = typeText
    .split('|')
    .map((part) => /^'([^']*)'$/.exec(part.trim())?.[1])
    .filter((value) => value !== undefined);
  return literals.length > 1 || (literals.length === 1 && typeText.includes('|')) ? literals : [];
}

const describe = (element) => [element.summary, element.description].filter(Boolean).join('\n\n');

/** A member's description followed by its type, as editors show them in a hover. */
const withType = (member) =>
  [member.description, member.type ? `Type: \`${member.type.text}\`` : ''].filter(Boolean).join('\n\n');

/** The literal values of an attribute's union type as editor value lists (none for other types). */
const valueList = (attribute) => unionValues(attribute.type?.text).map((name) => ({ name }));

/** Whether the union takes only its literals (besides `undefined`/`null`): `DialogPosition` also takes insets. */
const onlyLiterals = (typeText = '') =>
  typeText.split('|').every((part) => /^'[^']*'$|^undefined$|^null$/.test(part.trim()));

/** The element's API page. */
export const docUrl = (element) => docsBase + elementPage(element.tagName);

/** The public instance fields of an element (its JavaScript properties). */
export const publicFields = (element) =>
  (element.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public');

export function vscodeData(elements) {
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tagName,
      description: describe(element),
      references: [{ name: `<${element.tagName}> API reference`, url: docUrl(element) }],
      attributes: (element.attributes ?? []).map((attribute) => {
        const values = valueList(attribute);
        return {
          name: attribute.name,
          description: withType(attribute),
          ...(values.length ? { values } : {}),
          ...(attribute.type?.text === 'boolean' ? { valueSet: 'v' } : {}),
        };
      }),
    })),
  };
}

export function webTypes(elements) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: elements.map((element) => ({
          name: element.tagName,
          description: describe(element),
          'doc-url': docUrl(element),
          attributes: (element.attributes ?? []).map((attribute) => {
            const values = valueList(attribute);
            const type = attribute.type?.text ?? 'string';
            return {
              name: attribute.name,
              description: attribute.description ?? '',
              ...(attribute.default !== undefined ? { default: attribute.default } : {}),
              value:
                values.length && onlyLiterals(type)
                  ? { type: 'enum', kind: 'plain' }
                  : { type, kind: 'plain', required: type !== 'boolean' },
              ...(values.length ? { values } : {}),
            };
          }),
          slots: (element.slots ?? []).map((slot) => ({ name: slot.name, description: slot.description ?? '' })),
          js: {
            properties: publicFields(element).map((field) => ({
              name: field.name,
              description: field.description ?? '',
              ...(field.type ? { type: field.type.text } : {}),
            })),
            events: (element.events ?? []).map((event) => ({
              name: event.name,
              description: withType(event),
              ...(event.type ? { type: event.type.text } : {}),
            })),
          },
          css: {
            properties: (element.cssProperties ?? []).map((property) => ({
              name: property.name,
              description: property.description ?? '',
            })),
            parts: (element.cssParts ?? []).map((part) => ({ name: part.name, description: part.description ?? '' })),
          },
        })),
      },
    },
  };
}

/** Finishes custom-elements.json in place and writes the editor data from it. */
export async function writeEditorData() {
  const manifestPath = join(here, 'custom-elements.json');
  const raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const manifest = finishManifest(raw, await fieldTypes(elementsOf(raw)));
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
  const elements = elementsOf(manifest);
  writeFileSync(join(here, 'vscode.html-custom-data.json'), JSON.stringify(vscodeData(elements), null, 2) + '\n');
  writeFileSync(join(here, 'web-types.json'), JSON.stringify(webTypes(elements), null, 2) + '\n');
  return elements;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const elements = await writeEditorData();
  console.log(`Editor data: ${elements.length} elements (vscode.html-custom-data.json, web-types.json)`);
}

// Editor data generated from custom-elements.json, so editors complete the kit's tags, attributes and events:
//   - vscode.html-custom-data.json for VS Code (`"html.customData": ["./node_modules/@edu-portal/elements/vscode.html-custom-data.json"]`);
//   - web-types.json for JetBrains IDEs (found through the package's `web-types` field).
// The manifest is the one source: run after `npm run manifest` (scripts/build.mjs does).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(here, 'custom-elements.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

/** Every element declaration of the manifest, sorted by tag. */
export function elementsOf(customElements) {
  return customElements.modules
    .flatMap((module) => (module.declarations ?? []).map((declaration) => ({ ...declaration, path: module.path })))
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** The literal values of a union type text such as `'center' | 'top'`, or none. */
export function unionValues(typeText = '') {
  const parts = typeText.split('|').map((part) => part.trim());
  const literals = parts.map((part) => /^'([^']*)'$/.exec(part)?.[1]);
  return literals.every((value) => value !== undefined) && literals.length > 1 ? literals : [];
}

const describe = (element) => [element.summary, element.description].filter(Boolean).join('\n\n');

/** A member's description followed by its type, as editors show them in a hover. */
const withType = (member) =>
  [member.description, member.type ? `Type: \`${member.type.text}\`` : ''].filter(Boolean).join('\n\n');

/** The literal values of an attribute's union type as editor value lists (none for other types). */
const valueList = (attribute) => unionValues(attribute.type?.text).map((name) => ({ name }));

export function vscodeData(elements) {
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tagName,
      description: describe(element),
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
          attributes: (element.attributes ?? []).map((attribute) => {
            const values = valueList(attribute);
            return {
              name: attribute.name,
              description: attribute.description ?? '',
              ...(attribute.default !== undefined ? { default: attribute.default } : {}),
              value: values.length
                ? { type: 'enum', kind: 'plain' }
                : { type: attribute.type?.text ?? 'string', required: attribute.type?.text !== 'boolean' },
              ...(values.length ? { values } : {}),
            };
          }),
          slots: (element.slots ?? []).map((slot) => ({ name: slot.name, description: slot.description ?? '' })),
          js: {
            events: (element.events ?? []).map((event) => ({ name: event.name, description: withType(event) })),
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const elements = elementsOf(manifest);
  writeFileSync(join(here, 'vscode.html-custom-data.json'), JSON.stringify(vscodeData(elements), null, 2) + '\n');
  writeFileSync(join(here, 'web-types.json'), JSON.stringify(webTypes(elements), null, 2) + '\n');
  console.log(`Editor data: ${elements.length} elements (vscode.html-custom-data.json, web-types.json)`);
}

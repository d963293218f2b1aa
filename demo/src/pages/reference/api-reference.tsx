// An element's API reference, rendered from custom-elements.json (generated from the elements' JSDoc), so the
// documentation cannot drift from the code: attributes and properties, events with their detail types, slots,
// parts and CSS custom properties. The manifest loads on first use only (its own chunk).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../router.tsx';
import { defineTexts, fill } from '../../texts.ts';

interface Typed {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Member extends Typed {
  kind: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
}
export interface ElementDoc {
  tagName: string;
  name: string;
  summary?: string;
  description?: string;
  members?: Member[];
  attributes?: (Typed & { fieldName?: string })[];
  events?: Typed[];
  slots?: Typed[];
  cssParts?: Typed[];
  cssProperties?: Typed[];
}
interface Manifest {
  modules: { declarations?: (Partial<ElementDoc> & { customElement?: boolean })[] }[];
}

let manifest: Promise<ElementDoc[]> | undefined;

/** Every element of the manifest, sorted by tag. */
export function loadElementDocs(): Promise<ElementDoc[]> {
  manifest ??= import('@edu-portal/elements/custom-elements.json').then((m) =>
    (m.default as Manifest).modules
      .flatMap((module) => module.declarations ?? [])
      .filter((d): d is ElementDoc => !!d.customElement && !!d.tagName)
      .sort((a, b) => a.tagName.localeCompare(b.tagName)),
  );
  return manifest;
}

export function useElementDocs(): ElementDoc[] | null {
  const [docs, setDocs] = useState<ElementDoc[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadElementDocs().then((d) => live && setDocs(d));
    return () => {
      live = false;
    };
  }, []);
  return docs;
}

const zhCN = {
  heading: 'API 参考：<{tag}>',
  intro: '由组件源码注释生成（custom-elements.json），与代码同步。',
  properties: '属性',
  events: '事件',
  slots: '插槽',
  parts: 'CSS 部件（::part）',
  cssProperties: 'CSS 自定义属性',
  name: '名称',
  attribute: 'HTML 属性',
  type: '类型',
  defaultValue: '默认值',
  description: '说明',
  detail: '事件详情类型',
  defaultSlot: '（默认插槽）',
  loading: '正在加载 API 参考…',
  unknown: '没有名为 <{tag}> 的组件。',
  all: '全部组件',
};
const useTexts = defineTexts({
  'zh-CN': zhCN,
  en: {
    heading: 'API reference: <{tag}>',
    intro: "Generated from the elements' source comments (custom-elements.json), so it follows the code.",
    properties: 'Properties',
    events: 'Events',
    slots: 'Slots',
    parts: 'CSS parts (::part)',
    cssProperties: 'CSS custom properties',
    name: 'Name',
    attribute: 'HTML attribute',
    type: 'Type',
    defaultValue: 'Default',
    description: 'Description',
    detail: 'Detail type',
    defaultSlot: '(default slot)',
    loading: 'Loading the API reference…',
    unknown: 'There is no element named <{tag}>.',
    all: 'All elements',
  },
  'zh-HK': {
    heading: 'API 參考：<{tag}>',
    intro: '由組件源碼註釋生成（custom-elements.json），與代碼同步。',
    properties: '屬性',
    events: '事件',
    slots: '插槽',
    parts: 'CSS 部件（::part）',
    cssProperties: 'CSS 自訂屬性',
    name: '名稱',
    attribute: 'HTML 屬性',
    type: '類型',
    defaultValue: '預設值',
    description: '說明',
    detail: '事件詳情類型',
    defaultSlot: '（預設插槽）',
    loading: '正在載入 API 參考…',
    unknown: '沒有名為 <{tag}> 的組件。',
    all: '全部組件',
  },
});

function Table({ tag, caption, heads, rows }: { tag: string; caption: string; heads: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return null;
  // Wide tables scroll in their own region, reachable by keyboard, instead of widening the page on a phone.
  return (
    // Named with the element too: a page that shows several elements' references has one "属性" region each.
    <div className="api-scroll" role="region" aria-label={`<${tag}> ${caption}`} tabIndex={0}>
      <table className="api-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const code = (text?: string) => (text ? <code>{text}</code> : '');

/** The public properties of an element: public fields (not static, not methods), with their attribute if any. */
export function publicProperties(doc: ElementDoc): Member[] {
  return (doc.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public');
}

/** The API reference of one element; `headingLevel` fits it into the page it is on. */
export function ApiReference({ tag, headingLevel = 2 }: { tag: string; headingLevel?: 1 | 2 }) {
  const t = useTexts();
  const docs = useElementDocs();
  if (!docs) return <p role="status">{t.loading}</p>;
  const doc = docs.find((d) => d.tagName === tag);
  if (!doc) return <p role="alert">{fill(t.unknown, { tag })}</p>;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const id = `api-${tag}`;
  return (
    <section className="api-reference" aria-labelledby={id} data-tag={tag}>
      <Heading id={id}>{fill(t.heading, { tag })}</Heading>
      <p>{t.intro}</p>
      {doc.summary && <p>{doc.summary}</p>}
      <Table
        tag={tag}
        caption={t.properties}
        heads={[t.name, t.attribute, t.type, t.defaultValue, t.description]}
        rows={publicProperties(doc).map((m) => [
          code(m.name),
          code(m.attribute),
          code(m.type?.text),
          code(m.default),
          m.description ?? '',
        ])}
      />
      <Table
        tag={tag}
        caption={t.events}
        heads={[t.name, t.detail, t.description]}
        rows={(doc.events ?? []).map((e) => [code(e.name), code(e.type?.text), e.description ?? ''])}
      />
      <Table
        tag={tag}
        caption={t.slots}
        heads={[t.name, t.description]}
        rows={(doc.slots ?? []).map((s) => [s.name ? code(s.name) : t.defaultSlot, s.description ?? ''])}
      />
      <Table
        tag={tag}
        caption={t.parts}
        heads={[t.name, t.description]}
        rows={(doc.cssParts ?? []).map((p) => [code(p.name), p.description ?? ''])}
      />
      <Table
        tag={tag}
        caption={t.cssProperties}
        heads={[t.name, t.defaultValue, t.description]}
        rows={(doc.cssProperties ?? []).map((p) => [code(p.name), code(p.default), p.description ?? ''])}
      />
    </section>
  );
}

/** `#/reference/:tag`: one element's reference, with the list of every element to move between them. */
export function ReferencePage({ tag }: { tag: string }) {
  const t = useTexts();
  const docs = useElementDocs();
  return (
    <div className="api-page">
      <ApiReference tag={tag} headingLevel={1} />
      <nav aria-label={t.all}>
        <h2>{t.all}</h2>
        <ul className="api-index">
          {(docs ?? []).map((d) => (
            <li key={d.tagName}>
              <Link to={`/reference/${d.tagName}`} aria-current={d.tagName === tag ? 'page' : undefined}>
                {`<${d.tagName}>`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

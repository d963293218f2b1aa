// The item a message or to-do is about (every message opens its item), on the app page its url names: the reference server
// answers it for this user (`GET /api/demo/app_item`); its bilingual texts are shown as text in the language in force.
import { useEffect, useState } from 'react';
import { useLocation } from '../router.tsx';
import { client } from '@edu-portal/core/http/client.ts';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { defineTexts } from '../texts.ts';

interface AppItemData {
  url: string;
  title: string;
  fields: { label: string; value: string }[];
  text: string[];
}

const useItemTexts = defineTexts({
  'zh-CN': { loading: '正在加载…', missing: '没有找到这项内容：它可能已被删除，或你没有查看它的权限。' },
  en: { loading: 'Loading…', missing: 'This item was not found: it may have been removed, or you may not view it.' },
  'zh-HK': { loading: '正在載入…', missing: '沒有找到這項內容：它可能已被刪除，或你沒有查看它的權限。' },
});

type ItemState = { url: string; item: AppItemData | null } | null;

/**
 * The item at this page's route and query, under the page's heading. `required`: the page exists for its items
 * (a message's entry page), so an answer without one says so; a menu page without an item shows nothing extra.
 */
export function AppItem({ required }: { required: boolean }) {
  const t = useItemTexts();
  const lang = useLanguage();
  const { pathname, search } = useLocation();
  const url = `${pathname}${search}`;
  const [state, setState] = useState<ItemState>(null);

  useEffect(() => {
    let live = true;
    client.get<AppItemData | null>('/api/demo/app_item', { url }).then(
      (answer) => live && setState({ url, item: answer.data ?? null }),
      // The client has said why.
      () => live && setState({ url, item: null }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  if (!state || state.url !== url) return required ? <p role="status">{t.loading}</p> : null;
  const { item } = state;
  if (!item) return required ? <p className="portal-item-missing">{t.missing}</p> : null;
  const text = (value: string) => pickBilingual(value, lang);
  return (
    <article className="portal-item" aria-labelledby="portal-item-title" data-url={item.url}>
      <h2 id="portal-item-title">{text(item.title)}</h2>
      <dl>
        {item.fields.map((field) => (
          <div key={field.label}>
            <dt>{text(field.label)}</dt>
            <dd>{text(field.value)}</dd>
          </div>
        ))}
      </dl>
      {item.text.map((paragraph) => (
        <p key={paragraph}>{text(paragraph)}</p>
      ))}
    </article>
  );
}

// The empty-data block (spec part 2 §2) in its three pictures, and the scroll-load helper of core (threshold 10 px,
// step 15): a long notice list that shows 15 more items each time it is scrolled to its bottom, and the empty block
// when a search finds nothing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { createStepReveal, SCROLL_STEP } from '@edu-portal/core/scroll/scroll-load.ts';
import { EduEmpty } from '@edu-portal/react/wrappers/edu-empty.ts';
import { defineTexts } from '../../texts.ts';

const useEmptyTexts = defineTexts({
  'zh-CN': {
    title: '空数据与滚动加载',
    types: '三种图片',
    typeDefault: '默认（default）',
    typeDesktop: '桌面（desktop）',
    typeDashboard: '看板（dashboard）',
    noApps: '桌面上还没有应用',
    noCharts: '暂无统计数据',
    addApp: '去添加应用',
    listTitle: '滚动加载',
    listIntro: '列表每次显示 15 条，滚动到距底部 10 像素以内时再显示 15 条。',
    search: '搜索通知',
    shown: '已显示 {shown} / {total} 条',
    notice: '第 {n} 条通知：{topic}',
    topics: '期中考试安排|家长会通知|运动会报名|图书馆开放时间|校车路线调整|食堂菜单更新',
    noMatch: '没有找到相关通知',
  },
  en: {
    title: 'Empty data and scroll loading',
    types: 'Three pictures',
    typeDefault: 'Default (default)',
    typeDesktop: 'Desktop (desktop)',
    typeDashboard: 'Dashboard (dashboard)',
    noApps: 'No apps on the desktop yet',
    noCharts: 'No statistics yet',
    addApp: 'Add apps',
    listTitle: 'Scroll loading',
    listIntro: 'The list shows 15 items, and 15 more whenever it is scrolled to within 10 pixels of its bottom.',
    search: 'Search notices',
    shown: 'Showing {shown} of {total}',
    notice: 'Notice {n}: {topic}',
    topics:
      'Mid-term exam timetable|Parents’ meeting|Sports day sign-up|Library opening hours|School bus route change|Canteen menu update',
    noMatch: 'No matching notices',
  },
  'zh-HK': {
    title: '空數據與滾動載入',
    types: '三種圖片',
    typeDefault: '預設（default）',
    typeDesktop: '桌面（desktop）',
    typeDashboard: '看板（dashboard）',
    noApps: '桌面上還沒有應用',
    noCharts: '暫無統計數據',
    addApp: '去新增應用',
    listTitle: '滾動載入',
    listIntro: '列表每次顯示 15 條，滾動到距底部 10 像素以內時再顯示 15 條。',
    search: '搜尋通知',
    shown: '已顯示 {shown} / {total} 條',
    notice: '第 {n} 條通知：{topic}',
    topics: '期中考試安排|家長會通知|運動會報名|圖書館開放時間|校車路線調整|食堂餐單更新',
    noMatch: '沒有找到相關通知',
  },
});

/** The nav entry of this page, in the language in force. */

const TOTAL = 200;

function ScrollList() {
  const t = useEmptyTexts();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(SCROLL_STEP);
  const box = useRef<HTMLUListElement>(null);
  const items = useMemo(() => {
    const topics = t.topics.split('|');
    return Array.from({ length: TOTAL }, (_, i) =>
      t.notice.replace('{n}', String(i + 1)).replace('{topic}', topics[i % topics.length]!),
    );
  }, [t]);
  const matches = useMemo(() => items.filter((item) => item.includes(query.trim())), [items, query]);

  useEffect(() => {
    // Each search starts from the top with the first step.
    const list = box.current;
    if (!list) return;
    list.scrollTop = 0;
    const helper = createStepReveal(list, { total: matches.length, onChange: setShown });
    return () => helper.destroy();
  }, [matches]);

  return (
    <>
      <div className="demo-row">
        <label>
          {t.search} <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <span role="status" data-testid="shown">
          {matches.length
            ? t.shown
                .replace('{shown}', String(Math.min(shown, matches.length)))
                .replace('{total}', String(matches.length))
            : ''}
        </span>
      </div>
      {matches.length ? (
        <ul
          ref={box}
          tabIndex={0}
          aria-label={t.listTitle}
          data-testid="scroll-list"
          style={{
            height: 240,
            overflow: 'auto',
            margin: 0,
            padding: 0,
            listStyle: 'none',
            border: '1px solid var(--edu-color-border-light)',
            borderRadius: 4,
            background: 'var(--demo-white)',
          }}
        >
          {matches.slice(0, shown).map((item) => (
            <li key={item} style={{ padding: '8px 12px', borderBottom: '1px solid var(--demo-rule)' }}>
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <EduEmpty description={t.noMatch} />
      )}
    </>
  );
}

export function EmptyPage() {
  const t = useEmptyTexts();
  const card = {
    background: 'var(--demo-white)',
    border: '1px solid var(--edu-color-border-light)',
    borderRadius: 6,
    flex: '1 1 240px',
  };
  return (
    <section aria-labelledby="empty-title">
      <h1 id="empty-title">{t.title}</h1>
      <h2>{t.types}</h2>
      <div className="demo-row" style={{ alignItems: 'stretch' }}>
        <figure style={{ ...card, margin: 0 }}>
          <EduEmpty />
          <figcaption style={{ textAlign: 'center', paddingBottom: 12 }}>{t.typeDefault}</figcaption>
        </figure>
        <figure style={{ ...card, margin: 0 }}>
          <EduEmpty type="desktop" description={t.noApps}>
            <button type="button" className="primary">
              {t.addApp}
            </button>
          </EduEmpty>
          <figcaption style={{ textAlign: 'center', paddingBottom: 12 }}>{t.typeDesktop}</figcaption>
        </figure>
        <figure style={{ ...card, margin: 0 }}>
          <EduEmpty type="dashboard" description={t.noCharts} />
          <figcaption style={{ textAlign: 'center', paddingBottom: 12 }}>{t.typeDashboard}</figcaption>
        </figure>
      </div>
      <h2>{t.listTitle}</h2>
      <p>{t.listIntro}</p>
      <ScrollList />
    </section>
  );
}

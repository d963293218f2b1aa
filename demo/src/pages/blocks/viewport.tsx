// The viewport page (spec part 2 §2, §4): <edu-viewport from-url> reads app, fileId, id and linkUrl from this page's
// address, loads the app's manifest and the fileId's script once, and keeps one container per loaded fileId. The
// reference server offers two small apps, a timetable and a library, each with two files.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../router.tsx';
import { EduViewport } from '@edu-portal/react/wrappers/edu-viewport.ts';
import { defineTexts } from '../../texts.ts';

const zhCN = {
  title: '应用视口',
  intro:
    '视口从地址中读取 app、fileId、id 和 linkUrl，读取 /{app}/manifest.json，每个 fileId 的脚本只加载一次；每个加载过的 fileId 各有一个容器，只显示当前的一个，切换回去时保留原来的状态。',
  apps: '演示应用',
  week: '课程表 · 本周',
  today: '课程表 · 今天',
  search: '图书馆 · 检索',
  loans: '图书馆 · 我的借阅',
  broken: '不存在的应用',
  classLabel: '班级（id）',
  className: '{n} 班',
  loaded: '已加载的容器',
  none: '无',
  pick: '请在上面选择一个演示应用，它会加载到这里。',
  contract: '应用脚本的约定',
};

type Texts = typeof zhCN;

const en: Texts = {
  title: 'App viewport',
  intro:
    'The viewport reads app, fileId, id and linkUrl from the address, reads /{app}/manifest.json and loads each fileId’s script once; every loaded fileId keeps its own container and only the current one shows, so going back keeps its state.',
  apps: 'Demo apps',
  week: 'Timetable · this week',
  today: 'Timetable · today',
  search: 'Library · search',
  loans: 'Library · my loans',
  broken: 'An app that does not exist',
  classLabel: 'Class (id)',
  className: 'Class {n}',
  loaded: 'Loaded containers',
  none: 'none',
  pick: 'Choose a demo app above; it loads here.',
  contract: 'What an app script does',
};

const zhHK: Texts = {
  title: '應用視口',
  intro:
    '視口從地址中讀取 app、fileId、id 和 linkUrl，讀取 /{app}/manifest.json，每個 fileId 的腳本只加載一次；每個加載過的 fileId 各有一個容器，只顯示當前的一個，切換回去時保留原來的狀態。',
  apps: '演示應用',
  week: '課程表 · 本週',
  today: '課程表 · 今天',
  search: '圖書館 · 檢索',
  loans: '圖書館 · 我的借閱',
  broken: '不存在的應用',
  classLabel: '班級（id）',
  className: '{n} 班',
  loaded: '已加載的容器',
  none: '無',
  pick: '請在上面選擇一個演示應用，它會加載到這裡。',
  contract: '應用腳本的約定',
};

const useViewportTexts = defineTexts<Texts>({ 'zh-CN': zhCN, en, 'zh-HK': zhHK });

/** The nav entry of this page, in the language in force. */

const CONTRACT = `(window.EduViewportApps ||= {})['week'] = (container, { app, fileId, id, linkUrl, lang }) => {
  render(container, id, lang);
  return { update: (context) => render(container, context.id, context.lang), unmount: () => container.replaceChildren() };
};`;

export function ViewportPage() {
  const t = useViewportTexts();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<string[]>([]);
  const id = params.get('id') ?? '1';
  const chosen = params.has('app') || params.has('fileId');

  const to = (query: Record<string, string>) => ({
    pathname: '/blocks/viewport',
    search: `?${new URLSearchParams(query)}`,
  });
  const links: { label: string; query: Record<string, string> }[] = [
    { label: t.week, query: { app: 'demo-timetable', fileId: 'week', id } },
    { label: t.today, query: { app: 'demo-timetable', fileId: 'today', id } },
    { label: t.search, query: { app: 'demo-library', fileId: 'search' } },
    {
      label: t.loans,
      query: { app: 'demo-library', fileId: 'loans', id: '2025070101', linkUrl: '/#/blocks/paged-list' },
    },
    { label: t.broken, query: { app: 'no-such-app', fileId: 'week' } },
  ];
  const current = `${params.get('app') ?? ''}/${params.get('fileId') ?? ''}`;

  return (
    <section aria-labelledby="viewport-title">
      <h1 id="viewport-title">{t.title}</h1>
      <p>{t.intro}</p>
      <nav aria-label={t.apps} className="demo-row">
        {links.map((link) => {
          const here = `${link.query.app}/${link.query.fileId}` === current;
          return (
            <Link key={link.label} to={to(link.query)} aria-current={here ? 'page' : undefined}>
              {here ? <strong>{link.label}</strong> : link.label}
            </Link>
          );
        })}
      </nav>
      {params.get('app') === 'demo-timetable' && (
        <div className="demo-row">
          <label>
            {t.classLabel}{' '}
            <select
              value={id}
              onChange={(e) => {
                // Same app and file, another id: the mounted app is updated in place.
                navigate(to({ ...Object.fromEntries(params), id: e.target.value }));
              }}
            >
              {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {t.className.replace('{n}', n)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <p>
        {t.loaded}: <span data-testid="loaded-containers">{loaded.length ? loaded.join(', ') : t.none}</span>
      </p>
      <div
        style={{ background: 'var(--demo-white)', borderRadius: 4, padding: 16, minHeight: chosen ? 200 : undefined }}
      >
        {/* Before an app is chosen the viewport is idle and empty: say what goes here. */}
        {!chosen && <p style={{ margin: 0, color: 'var(--edu-color-text-secondary)' }}>{t.pick}</p>}
        <EduViewport
          fromUrl
          onEduAppLoad={(e) => {
            const key = `${e.detail.app}/${e.detail.fileId}`;
            setLoaded((list) => (list.includes(key) ? list : [...list, key]));
          }}
        />
      </div>
      <details style={{ marginTop: 16 }}>
        <summary>{t.contract}</summary>
        <pre style={{ whiteSpace: 'pre-wrap', background: 'var(--demo-white)', padding: 12 }}>{CONTRACT}</pre>
      </details>
    </section>
  );
}

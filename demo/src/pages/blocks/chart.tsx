// Charts (spec part 2 §9): three ECharts charts of the reference server's demo students, drawn by <edu-chart> with
// the theme picked here (infographic, macarons, roma, shine). ECharts loads with the first chart, not before.
import { useEffect, useMemo, useState } from 'react';
import { client } from '@edu-portal/core/http/client.ts';
import { EduChart } from '@edu-portal/react/wrappers/edu-chart.ts';
import type { EChartsCoreOption } from '@edu-portal/elements/chart/chart.ts';
import { defineTexts } from '../../texts.ts';

const zhCN = {
  title: '图表',
  intro:
    '图表在第一次用到时才加载 ECharts，尺寸随容器变化（节流 50 毫秒），离开页面时释放。数据来自参考服务器的演示学生名单。',
  theme: '主题',
  defaultTheme: '默认',
  byGrade: '各年级男女生人数',
  boarding: '住校与走读',
  births: '出生月份分布',
  grades: ['初一', '初二', '初三'],
  male: '男生',
  female: '女生',
  boarder: '住校',
  dayStudent: '走读',
  students: '人数',
  months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  failed: '数据加载失败',
};

type Texts = typeof zhCN;

const en: Texts = {
  title: 'Charts',
  intro:
    'ECharts loads with the first chart on the page, charts follow their size (throttled to 50 ms), and they are disposed when they leave the page. The data are the demo students of the reference server.',
  theme: 'Theme',
  defaultTheme: 'Default',
  byGrade: 'Boys and girls per grade',
  boarding: 'Boarders and day students',
  births: 'Birth months',
  grades: ['Grade 7', 'Grade 8', 'Grade 9'],
  male: 'Boys',
  female: 'Girls',
  boarder: 'Boarders',
  dayStudent: 'Day students',
  students: 'Students',
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  failed: 'The data could not be loaded',
};

const zhHK: Texts = {
  title: '圖表',
  intro:
    '圖表在第一次用到時才加載 ECharts，尺寸隨容器變化（節流 50 毫秒），離開頁面時釋放。數據來自參考伺服器的演示學生名單。',
  theme: '主題',
  defaultTheme: '預設',
  byGrade: '各年級男女生人數',
  boarding: '住校與走讀',
  births: '出生月份分佈',
  grades: ['初一', '初二', '初三'],
  male: '男生',
  female: '女生',
  boarder: '住校',
  dayStudent: '走讀',
  students: '人數',
  months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  failed: '數據加載失敗',
};

const useChartTexts = defineTexts<Texts>({ 'zh-CN': zhCN, en, 'zh-HK': zhHK });

/** The nav entry of this page, in the language in force. */

interface Student {
  gender: 'male' | 'female';
  grade: number;
  birthDate: string;
  boarding: boolean;
}

interface Counts {
  byGrade: Record<'male' | 'female', number[]>;
  boarders: number;
  dayStudents: number;
  births: number[];
}

function count(students: Student[]): Counts {
  const counts: Counts = { byGrade: { male: [0, 0, 0], female: [0, 0, 0] }, boarders: 0, dayStudents: 0, births: [] };
  counts.births = Array.from({ length: 12 }, () => 0);
  for (const s of students) {
    counts.byGrade[s.gender][s.grade - 7]!++;
    if (s.boarding) counts.boarders++;
    else counts.dayStudents++;
    counts.births[Number(s.birthDate.slice(5, 7)) - 1]!++;
  }
  return counts;
}

const THEMES = ['', 'infographic', 'macarons', 'roma', 'shine'] as const;

export function ChartPage() {
  const t = useChartTexts();
  const [theme, setTheme] = useState<(typeof THEMES)[number]>('macarons');
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    client
      .get<Student[]>('/api/demo/students/all')
      .then((answer) => live && setCounts(count(answer.data)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const options = useMemo(() => {
    if (!counts) return null;
    const bar: EChartsCoreOption = {
      title: { text: t.byGrade, left: 'center', textStyle: { fontSize: 15 } },
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 48, bottom: 48 },
      xAxis: { type: 'category', data: t.grades },
      yAxis: { type: 'value', name: t.students },
      series: [
        { name: t.male, type: 'bar', data: counts.byGrade.male, label: { show: true, position: 'top' } },
        { name: t.female, type: 'bar', data: counts.byGrade.female, label: { show: true, position: 'top' } },
      ],
    };
    const pie: EChartsCoreOption = {
      title: { text: t.boarding, left: 'center', textStyle: { fontSize: 15 } },
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          name: t.boarding,
          type: 'pie',
          radius: ['38%', '62%'],
          label: { formatter: '{b}\n{d}%' },
          data: [
            { name: t.boarder, value: counts.boarders },
            { name: t.dayStudent, value: counts.dayStudents },
          ],
        },
      ],
    };
    const line: EChartsCoreOption = {
      title: { text: t.births, left: 'center', textStyle: { fontSize: 15 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 48, bottom: 32 },
      xAxis: { type: 'category', data: t.months, boundaryGap: false },
      yAxis: { type: 'value', name: t.students },
      series: [{ name: t.students, type: 'line', data: counts.births, areaStyle: { opacity: 0.2 } }],
    };
    return { bar, pie, line };
  }, [counts, t]);

  return (
    <section aria-labelledby="chart-title">
      <h1 id="chart-title">{t.title}</h1>
      <p>{t.intro}</p>
      <div className="demo-row">
        <label>
          {t.theme}{' '}
          <select value={theme} onChange={(e) => setTheme(e.target.value as (typeof THEMES)[number])}>
            {THEMES.map((name) => (
              <option key={name} value={name}>
                {name || t.defaultTheme}
              </option>
            ))}
          </select>
        </label>
        {failed && <span role="alert">{t.failed}</span>}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}>
        <div style={{ background: 'var(--demo-white)', borderRadius: 4, padding: 8 }}>
          <EduChart theme={theme} option={options?.bar ?? null} loading={!counts && !failed} />
        </div>
        <div style={{ background: 'var(--demo-white)', borderRadius: 4, padding: 8 }}>
          <EduChart theme={theme} option={options?.pie ?? null} loading={!counts && !failed} />
        </div>
      </div>
      <div style={{ background: 'var(--demo-white)', borderRadius: 4, padding: 8, marginTop: 16 }}>
        <EduChart theme={theme} option={options?.line ?? null} loading={!counts && !failed} />
      </div>
    </section>
  );
}

// The paged list (spec part 2 §2, §4, §8, §9) over the reference server's 2,000 demo students: GET, POST form or
// POST JSON; sizes 30–400; a grade filter and a search start again at page 1; signed-in users can delete rows, so
// an emptied last page steps back. React renders the rows itself from edu-page-load and keeps page and size in state.
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from '../../router.tsx';
import { client } from '@edu-portal/core/http/client.ts';
import { EduEmpty } from '@edu-portal/react/wrappers/edu-empty.ts';
import { EduPagedList } from '@edu-portal/react/wrappers/edu-paged-list.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import type {
  EduPagedList as PagedListElement,
  PageApi,
  PagedMethod,
} from '@edu-portal/elements/paged-list/paged-list.ts';
import { defineTexts, fill } from '../../texts.ts';
import { ScrollX } from '../../scroll-x.tsx';

const zhCN = {
  title: '分页列表',
  intro:
    '列表每次向服务器请求一页（start 为页码，size 为每页条数），支持 GET、表单 POST 和 JSON POST。切换每页条数回到第 1 页；某页删空后自动退回上一页；请求失败时清空列表。',
  method: '请求方式',
  methods: { get: 'GET 查询参数', post: 'POST 表单', 'post-json': 'POST JSON' },
  grade: '年级',
  allGrades: '全部年级',
  grades: { 7: '初一', 8: '初二', 9: '初三' } as Record<number, string>,
  keyword: '姓名、拼音或学号',
  search: '查询',
  caption: '滨江区实验中学 学生名单（演示数据）',
  number: '序号',
  studentNo: '学号',
  name: '姓名',
  gender: '性别',
  male: '男',
  female: '女',
  className: '班级',
  birthDate: '出生日期',
  phone: '监护人电话',
  boarding: '住校',
  yes: '是',
  no: '否',
  actions: '操作',
  delete: '删除',
  deleteRow: '删除 {name}',
  deletePage: '删除本页全部',
  restore: '恢复全部数据',
  deleted: '已删除 {n} 条',
  restored: '已恢复全部 {n} 条',
  signInHint: '登录后可删除行（演示数据，可随时恢复），以体验删空一页后自动退回上一页。',
  signIn: '去登录',
  state: '当前：第 {page} 页，每页 {size} 条，共 {total} 条',
};

type Texts = Omit<typeof zhCN, 'grades' | 'methods'> & {
  grades: Record<number, string>;
  methods: Record<PagedMethod, string>;
};

const en: Texts = {
  title: 'Paged list',
  intro:
    'The list asks the server for one page at a time (start is the page number, size the rows per page) by GET, form POST or JSON POST. A new page size goes back to page 1; a page that was emptied steps back to the one before; a failed request empties the list.',
  method: 'Request',
  methods: { get: 'GET query', post: 'POST form', 'post-json': 'POST JSON' },
  grade: 'Grade',
  allGrades: 'All grades',
  grades: { 7: 'Grade 7', 8: 'Grade 8', 9: 'Grade 9' },
  keyword: 'Name, pinyin or student number',
  search: 'Search',
  caption: 'Binjiang Experimental Middle School students (demo data)',
  number: 'No.',
  studentNo: 'Student no.',
  name: 'Name',
  gender: 'Gender',
  male: 'Male',
  female: 'Female',
  className: 'Class',
  birthDate: 'Date of birth',
  phone: 'Guardian phone',
  boarding: 'Boarder',
  yes: 'Yes',
  no: 'No',
  actions: 'Actions',
  delete: 'Delete',
  deleteRow: 'Delete {name}',
  deletePage: 'Delete this page',
  restore: 'Restore all data',
  deleted: '{n} deleted',
  restored: 'All {n} restored',
  signInHint:
    'Sign in to delete rows (demo data, restorable at any time) and see an emptied page step back to the one before.',
  signIn: 'Sign in',
  state: 'Now: page {page}, {size} per page, {total} in all',
};

const zhHK: Texts = {
  title: '分頁列表',
  intro:
    '列表每次向伺服器請求一頁（start 為頁碼，size 為每頁條數），支援 GET、表單 POST 和 JSON POST。切換每頁條數回到第 1 頁；某頁刪空後自動退回上一頁；請求失敗時清空列表。',
  method: '請求方式',
  methods: { get: 'GET 查詢參數', post: 'POST 表單', 'post-json': 'POST JSON' },
  grade: '年級',
  allGrades: '全部年級',
  grades: { 7: '初一', 8: '初二', 9: '初三' },
  keyword: '姓名、拼音或學號',
  search: '查詢',
  caption: '濱江區實驗中學 學生名單（演示數據）',
  number: '序號',
  studentNo: '學號',
  name: '姓名',
  gender: '性別',
  male: '男',
  female: '女',
  className: '班級',
  birthDate: '出生日期',
  phone: '監護人電話',
  boarding: '住校',
  yes: '是',
  no: '否',
  actions: '操作',
  delete: '刪除',
  deleteRow: '刪除 {name}',
  deletePage: '刪除本頁全部',
  restore: '恢復全部數據',
  deleted: '已刪除 {n} 條',
  restored: '已恢復全部 {n} 條',
  signInHint: '登入後可刪除行（演示數據，可隨時恢復），以體驗刪空一頁後自動退回上一頁。',
  signIn: '去登入',
  state: '當前：第 {page} 頁，每頁 {size} 條，共 {total} 條',
};

const usePagedListTexts = defineTexts<Texts>({ 'zh-CN': zhCN, en, 'zh-HK': zhHK });

/** The nav entry of this page, in the language in force. */

interface Student {
  id: number;
  studentNo: string;
  name: string;
  nameEn: string;
  gender: 'male' | 'female';
  className: string;
  classNameEn: string;
  birthDate: string;
  guardianPhone: string;
  boarding: boolean;
}

const METHODS: PagedMethod[] = ['get', 'post', 'post-json'];

const cell: CSSProperties = {
  padding: '6px 8px',
  borderBottom: '1px solid var(--edu-color-border-lighter)',
  textAlign: 'left',
};
const head: CSSProperties = { ...cell, background: 'var(--demo-fill-blue)', position: 'sticky', top: 0 };

export function PagedListPage() {
  const t = usePagedListTexts();
  const signedIn = useSession().status === 'logged-in';
  const listRef = useRef<PagedListElement>(null);
  const [method, setMethod] = useState<PagedMethod>('get');
  const [grade, setGrade] = useState('');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(30);
  const [rows, setRows] = useState<Student[]>([]);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState('');

  // A new object only when the query changes: the list reloads (and goes to page 1) only then.
  const pageApi = useMemo<PageApi>(
    () => ({
      api: '/api/demo/students',
      method,
      params: { ...(grade ? { grade: Number(grade) } : {}), ...(keyword ? { keyword } : {}) },
    }),
    [method, grade, keyword],
  );

  const remove = async (ids: number[]) => {
    const answer = await client.post<number>('/api/demo/students/delete', { ids });
    setMessage(fill(t.deleted, { n: answer.data }));
    await listRef.current?.reload();
  };

  const restore = async () => {
    const answer = await client.post<number>('/api/demo/students/restore');
    setMessage(fill(t.restored, { n: answer.data }));
    await listRef.current?.reload();
  };

  return (
    <section aria-labelledby="paged-list-title">
      <h1 id="paged-list-title">{t.title}</h1>
      <p>{t.intro}</p>
      <form
        className="demo-row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(keywordInput.trim());
        }}
      >
        <label>
          {t.method}{' '}
          <select value={method} onChange={(e) => setMethod(e.target.value as PagedMethod)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {t.methods[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.grade}{' '}
          <select value={grade} onChange={(e) => setGrade(e.target.value)}>
            <option value="">{t.allGrades}</option>
            {[7, 8, 9].map((g) => (
              <option key={g} value={g}>
                {t.grades[g]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.keyword} <input type="search" value={keywordInput} onChange={(e) => setKeywordInput(e.target.value)} />
        </label>
        <button type="submit" className="primary">
          {t.search}
        </button>
      </form>
      <div className="demo-row">
        {signedIn ? (
          <>
            <button type="button" disabled={rows.length === 0} onClick={() => void remove(rows.map((r) => r.id))}>
              {t.deletePage}
            </button>
            <button type="button" onClick={() => void restore()}>
              {t.restore}
            </button>
          </>
        ) : (
          <p style={{ margin: 0 }}>
            {t.signInHint} <Link to="/login?redirect_uri=%2F%23%2Fblocks%2Fpaged-list">{t.signIn}</Link>
          </p>
        )}
        <span role="status">{message}</span>
      </div>
      <p data-testid="paged-state">{fill(t.state, { page, size, total })}</p>

      {/* The list keeps page and size itself; the page follows edu-page-load, which also reports the list's own
          moves (a new query, an emptied page). @lit/react sets every prop on every render, so a host that also
          passed page={page} would push a stale page back while a step back is under way. */}
      <EduPagedList
        ref={listRef}
        pageApi={pageApi}
        onEduPageLoad={(e) => {
          setRows(e.detail.list as Student[]);
          setTotal(e.detail.total);
          setPage(e.detail.page);
          setSize(e.detail.size);
        }}
        onEduPageError={() => {
          setRows([]);
          setTotal(0);
          setPage(1);
        }}
      >
        <StudentTable
          rows={rows}
          first={(page - 1) * size + 1}
          signedIn={signedIn}
          onRemove={(ids) => void remove(ids)}
        />
        <EduEmpty slot="empty" />
      </EduPagedList>
    </section>
  );
}

interface StudentTableProps {
  rows: Student[];
  /** The number of the first row (its place in the whole list). */
  first: number;
  signedIn: boolean;
  onRemove(ids: number[]): void;
}

/** One page of students, in the language in force, each row with its delete button. */
function StudentTable({ rows, first, signedIn, onRemove }: StudentTableProps) {
  const t = usePagedListTexts();
  const lang = useLanguage();
  return (
    <ScrollX label={t.caption}>
      <table style={{ borderCollapse: 'collapse', width: '100%', background: 'var(--demo-white)', fontSize: 14 }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>{t.caption}</caption>
        <thead>
          <tr>
            {[t.number, t.studentNo, t.name, t.gender, t.className, t.birthDate, t.phone, t.boarding, t.actions].map(
              (label) => (
                <th key={label} scope="col" style={head}>
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((s, i) => {
            const name = lang === 'en' ? `${s.nameEn} (${s.name})` : s.name;
            return (
              <tr key={s.id}>
                <td style={cell}>{first + i}</td>
                <td style={cell}>{s.studentNo}</td>
                <td style={cell}>{name}</td>
                <td style={cell}>{s.gender === 'male' ? t.male : t.female}</td>
                <td style={cell}>{lang === 'en' ? s.classNameEn : s.className}</td>
                <td style={cell}>{s.birthDate}</td>
                <td style={cell}>{s.guardianPhone}</td>
                <td style={cell}>{s.boarding ? t.yes : t.no}</td>
                <td style={cell}>
                  <button
                    type="button"
                    disabled={!signedIn}
                    aria-label={fill(t.deleteRow, { name })}
                    onClick={() => onRemove([s.id])}
                  >
                    {t.delete}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollX>
  );
}

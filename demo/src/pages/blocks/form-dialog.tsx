// The form dialog or drawer (spec part 2 §2, §4): a class roster edited through <edu-form-dialog> with plain form
// controls and a colour picker, add and edit modes, "submit then add next", native and host validation, a save that
// takes a moment, and a question before unsaved changes are thrown away.
import { useRef, useState } from 'react';
import { EduColorPicker } from '@edu-portal/react/wrappers/edu-color-picker.ts';
import { EduFormDialog } from '@edu-portal/react/wrappers/edu-form-dialog.ts';
import type { FormDialogMode, FormDialogValidator } from '@edu-portal/elements/form-dialog/form-dialog.ts';
import { notice } from '@edu-portal/elements/notice/notice.ts';
import { defineTexts } from '../../texts.ts';
import { ScrollX } from '../../scroll-x.tsx';

const useFormDialogTexts = defineTexts({
  'zh-CN': {
    title: '表单对话框与抽屉',
    intro:
      '新增时打开即清空表单；提交先做表单校验，再显示加载直到保存完成；勾选“提交后继续添加”可连续录入。修改模式不显示该选项。有未保存的修改时关闭会先询问。',
    asDrawer: '以抽屉形式打开',
    add: '新增学生',
    edit: '修改',
    addTitle: '新增学生',
    editTitle: '修改学生',
    name: '姓名',
    code: '学号（4 位数字）',
    sex: '性别',
    boy: '男',
    girl: '女',
    color: '标签颜色',
    note: '备注',
    roster: '学生名单',
    actions: '操作',
    failNext: '下一次保存模拟失败',
    nameTaken: '该姓名已在名单中',
    saved: '已保存：{name}',
    saveFailed: '保存失败，请重试',
  },
  en: {
    title: 'Form dialog and drawer',
    intro:
      'Adding opens an empty form; submitting validates the form first, then shows loading until the save has finished; tick "Submit then add next" to enter several in a row. Edit mode has no such option. Closing with unsaved changes asks first.',
    asDrawer: 'Open as a drawer',
    add: 'Add a student',
    edit: 'Edit',
    addTitle: 'Add a student',
    editTitle: 'Edit student',
    name: 'Name',
    code: 'Student number (4 digits)',
    sex: 'Sex',
    boy: 'Boy',
    girl: 'Girl',
    color: 'Label colour',
    note: 'Note',
    roster: 'Students',
    actions: 'Actions',
    failNext: 'Make the next save fail',
    nameTaken: 'This name is already on the list',
    saved: 'Saved: {name}',
    saveFailed: 'Saving failed, please try again',
  },
  'zh-HK': {
    title: '表單對話框與抽屜',
    intro:
      '新增時打開即清空表單；提交先做表單校驗，再顯示載入直到儲存完成；勾選「提交後繼續新增」可連續錄入。修改模式不顯示該選項。有未儲存的修改時關閉會先詢問。',
    asDrawer: '以抽屜形式打開',
    add: '新增學生',
    edit: '修改',
    addTitle: '新增學生',
    editTitle: '修改學生',
    name: '姓名',
    code: '學號（4 位數字）',
    sex: '性別',
    boy: '男',
    girl: '女',
    color: '標籤顏色',
    note: '備註',
    roster: '學生名單',
    actions: '操作',
    failNext: '下一次儲存模擬失敗',
    nameTaken: '該姓名已在名單中',
    saved: '已儲存：{name}',
    saveFailed: '儲存失敗，請重試',
  },
});

/** The nav entry of this page, in the language in force. */

interface Student {
  id: number;
  name: string;
  code: string;
  sex: '1' | '2';
  color: string;
  note: string;
}

const initial: Student[] = [
  { id: 1, name: '王小明', code: '0101', sex: '1', color: '#4472c4', note: '' },
  { id: 2, name: '李华', code: '0102', sex: '2', color: '#c00000', note: '班长' },
];

/** A save takes this long, as a real call would. */
const SAVE_DELAY_MS = 600;

export function FormDialogPage() {
  const t = useFormDialogTexts();
  const [students, setStudents] = useState<Student[]>(initial);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<FormDialogMode>('add');
  const [editing, setEditing] = useState<Student | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [failNext, setFailNext] = useState(false);
  const nextId = useRef(3);

  const openAdd = () => {
    setEditing(null);
    setMode('add');
    setOpen(true);
  };
  const openEdit = (student: Student) => {
    setEditing(student);
    setMode('edit');
    setOpen(true);
  };

  // Host validation after the browser's own: names are unique in the roster.
  const validator: FormDialogValidator = ({ values }) => {
    const name = String(values['name'] ?? '').trim();
    const taken = students.some((s) => s.name === name && s.id !== editing?.id);
    return taken ? { name: t.nameTaken } : true;
  };

  return (
    <section aria-labelledby="form-dialog-title">
      <h1 id="form-dialog-title">{t.title}</h1>
      <p>{t.intro}</p>
      <div className="demo-row">
        <label>
          <input type="checkbox" checked={drawer} onChange={(e) => setDrawer(e.target.checked)} /> {t.asDrawer}
        </label>
        <label>
          <input type="checkbox" checked={failNext} onChange={(e) => setFailNext(e.target.checked)} /> {t.failNext}
        </label>
        <button type="button" className="primary" onClick={openAdd}>
          {t.add}
        </button>
      </div>

      <ScrollX label={t.roster}>
        <table className="demo-table" aria-label={t.roster} style={{ borderCollapse: 'collapse', minWidth: 520 }}>
          <thead>
            <tr>
              {[t.name, t.code, t.sex, t.color, t.note, t.actions].map((h) => (
                <th
                  key={h}
                  style={{ textAlign: 'left', padding: '6px 12px', borderBottom: '1px solid var(--edu-color-border)' }}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.id}>
                <td style={{ padding: '6px 12px' }}>{s.name}</td>
                <td style={{ padding: '6px 12px' }}>{s.code}</td>
                <td style={{ padding: '6px 12px' }}>{s.sex === '1' ? t.boy : t.girl}</td>
                <td style={{ padding: '6px 12px' }}>
                  <span
                    aria-hidden="true"
                    style={{ display: 'inline-block', width: 14, height: 14, background: s.color, verticalAlign: -2 }}
                  />{' '}
                  {s.color}
                </td>
                <td style={{ padding: '6px 12px' }}>{s.note}</td>
                <td style={{ padding: '6px 12px' }}>
                  <button type="button" onClick={() => openEdit(s)} aria-label={`${t.edit} ${s.name}`}>
                    {t.edit}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>

      <EduFormDialog
        open={open}
        mode={mode}
        variant={drawer ? 'drawer' : 'dialog'}
        title={mode === 'add' ? t.addTitle : t.editTitle}
        width={drawer ? undefined : '560px'}
        confirmDiscard
        validator={validator}
        onEduClose={() => setOpen(false)}
        onEduSubmit={(event) => {
          const { values, done } = event.detail;
          const fail = failNext;
          setFailNext(false);
          window.setTimeout(() => {
            if (fail) {
              notice.error(t.saveFailed);
              done(false);
              return;
            }
            const record: Student = {
              id: editing?.id ?? nextId.current++,
              name: String(values['name']).trim(),
              code: String(values['code']),
              sex: values['sex'] === '2' ? '2' : '1',
              color: String(values['color']),
              note: String(values['note'] ?? ''),
            };
            setStudents((list) => (editing ? list.map((s) => (s.id === record.id ? record : s)) : [...list, record]));
            notice.success(t.saved.replace('{name}', record.name));
            done(true);
          }, SAVE_DELAY_MS);
        }}
      >
        {/* Uncontrolled fields keyed by the record: a reset goes back to the record's own values. */}
        <form key={editing?.id ?? 'new'} style={{ display: 'grid', gap: 12 }}>
          <label style={{ display: 'grid', gap: 4 }}>
            {t.name}
            <input name="name" required maxLength={20} autoComplete="off" defaultValue={editing?.name ?? ''} />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            {t.code}
            <input name="code" required pattern="[0-9]{4}" inputMode="numeric" defaultValue={editing?.code ?? ''} />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            {t.sex}
            <select name="sex" defaultValue={editing?.sex ?? '1'}>
              <option value="1">{t.boy}</option>
              <option value="2">{t.girl}</option>
            </select>
          </label>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span aria-hidden="true">{t.color}</span>
            {/* defaultValue is the `value` attribute: what a reset goes back to. */}
            <EduColorPicker name="color" label={t.color} defaultValue={editing?.color ?? '#4472c4'} />
          </div>
          <label style={{ display: 'grid', gap: 4 }}>
            {t.note}
            <textarea name="note" rows={2} defaultValue={editing?.note ?? ''} />
          </label>
        </form>
      </EduFormDialog>
    </section>
  );
}

// Demo of core's validation patterns, formatting and table export (spec part 2 §5, §7, §8, §9): a small form checked
// as you type, number suffixes and relative times, and a class roster exported to .xlsx by the reference server.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { exportTable } from '@edu-portal/core/export/table.ts';
import { formatNumberSuffix } from '@edu-portal/core/format/number.ts';
import { formatRelativeTime } from '@edu-portal/core/format/relative-time.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { pickFile, type FileCheck } from '@edu-portal/core/validate/file-pick.ts';
import { IMAGE_EXTENSIONS, stripLeadingZeros } from '@edu-portal/core/validate/patterns.ts';
import { fieldError, type FieldRule } from '@edu-portal/core/validate/rules.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { fill } from '../../texts.ts';
import { useExportTexts } from './export-texts.ts';
import './export.css';
import { ScrollX } from '../../scroll-x.tsx';

/** The nav entry of this page, with its label in the language in force. */

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

interface FieldProps {
  label: string;
  rule: FieldRule;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  autoComplete?: string;
}

/** A labelled input whose message is computed from the value on every render, so it follows the language too. */
function ValidatedField({ label, rule, value, onChange, type = 'text', inputMode, autoComplete }: FieldProps) {
  const t = useExportTexts();
  const lang = useLanguage();
  const id = useId();
  const error = fieldError(rule, value, { lang });
  const filled = value.trim() !== '';
  return (
    <div className="demo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-message`} className={error ? 'demo-field-error' : 'demo-field-ok'} aria-live="polite">
        {error || (filled ? `✓ ${t.valid}` : '')}
      </span>
    </div>
  );
}

function ValidationSection() {
  const t = useExportTexts();
  const [idCard, setIdCard] = useState('');
  const [strict, setStrict] = useState(true);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [contact, setContact] = useState('');
  const [count, setCount] = useState('');
  const [picked, setPicked] = useState<FileCheck | null>(null);
  const countId = useId();

  const onCount = (event: ChangeEvent<HTMLInputElement>) =>
    setCount(stripLeadingZeros(event.target.value.replace(/\D/g, '')));

  const choose = async () => setPicked(await pickFile({ accept: IMAGE_EXTENSIONS, maxBytes: MAX_IMAGE_BYTES }));
  const size = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  return (
    <section aria-labelledby="validation-title" className="demo-block">
      <h2 id="validation-title">{t.validationTitle}</h2>
      <p>{t.validationIntro}</p>
      <form className="demo-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <ValidatedField
          label={t.idCard}
          rule={strict ? 'idCardStrict' : 'idCard'}
          value={idCard}
          onChange={setIdCard}
          autoComplete="off"
        />
        <label className="demo-check">
          <input type="checkbox" checked={strict} onChange={(event) => setStrict(event.target.checked)} />
          {t.idCardStrict}
        </label>
        <ValidatedField label={t.phone} rule="phone" value={phone} onChange={setPhone} type="tel" inputMode="tel" />
        <ValidatedField label={t.email} rule="email" value={email} onChange={setEmail} type="email" inputMode="email" />
        <ValidatedField label={t.contact} rule="contact" value={contact} onChange={setContact} inputMode="tel" />
        <div className="demo-field">
          <label htmlFor={countId}>{t.studentCount}</label>
          <input id={countId} inputMode="numeric" value={count} onChange={onCount} />
        </div>
        <div className="demo-row">
          <button type="button" onClick={() => void choose()}>
            {t.pickFile}
          </button>
          <span data-testid="picked-file" aria-live="polite">
            {picked?.ok
              ? fill(t.picked, { name: picked.file.name, size: size(picked.file.size) })
              : picked
                ? picked.message || t.pickCancelled
                : ''}
          </span>
        </div>
      </form>
    </section>
  );
}

const NUMBERS = [42, 1234, 56_789, 1_500_000, 3_200_000_000, 7.5e12, 1e15, 2.5e18];
const AGES: {
  seconds: number;
  label: 'secondsAgo' | 'minutesAgoLabel' | 'hoursAgoLabel' | 'daysAgoLabel';
  n: number;
}[] = [
  { seconds: 10, label: 'secondsAgo', n: 10 },
  { seconds: 5 * 60, label: 'minutesAgoLabel', n: 5 },
  { seconds: 3 * 3600, label: 'hoursAgoLabel', n: 3 },
  { seconds: 30 * 3600, label: 'hoursAgoLabel', n: 30 },
  { seconds: 3 * 86_400, label: 'daysAgoLabel', n: 3 },
];

function FormattingSection() {
  const t = useExportTexts();
  const lang = useLanguage();
  const locale = new Intl.NumberFormat(lang);
  // The relative texts age: refresh every 30 s, the finest step they show.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby="formatting-title" className="demo-block">
      <h2 id="formatting-title">{t.formattingTitle}</h2>
      <div className="demo-columns">
        <ScrollX label={t.numbersCaption}>
          <table className="demo-table" data-testid="number-formats">
            <caption>{t.numbersCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.number}</th>
                <th scope="col">{t.formatted}</th>
              </tr>
            </thead>
            <tbody>
              {NUMBERS.map((value) => (
                <tr key={value}>
                  <td className="demo-num">{locale.format(value)}</td>
                  <td className="demo-num">{formatNumberSuffix(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
        <ScrollX label={t.timesCaption}>
          <table className="demo-table" data-testid="relative-times">
            <caption>{t.timesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.moment}</th>
                <th scope="col">{t.shown}</th>
              </tr>
            </thead>
            <tbody>
              {AGES.map(({ seconds, label, n }) => (
                <tr key={seconds}>
                  <td>{fill(t[label], { n })}</td>
                  <td>{formatRelativeTime(now - seconds * 1000, { now, lang })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </div>
    </section>
  );
}

interface Student {
  no: string;
  name: string;
  gender: 'male' | 'female';
  chinese: number;
  maths: number;
  remark: 'monitor' | 'transfer' | '';
}

const ROSTER: Student[] = [
  { no: '2026030201', name: '王小明', gender: 'male', chinese: 96, maths: 88, remark: 'monitor' },
  { no: '2026030202', name: '李思远', gender: 'male', chinese: 89, maths: 95, remark: '' },
  { no: '2026030203', name: '陈静怡', gender: 'female', chinese: 93, maths: 91, remark: '' },
  { no: '2026030204', name: '赵子涵', gender: 'female', chinese: 78, maths: 84, remark: '' },
  { no: '2026030205', name: '刘一诺', gender: 'male', chinese: 85, maths: 99, remark: '' },
  { no: '2026030206', name: '周雨桐', gender: 'female', chinese: 91, maths: 87, remark: 'transfer' },
];

function ExportSection() {
  const t = useExportTexts();
  const { status } = useSession();
  const table = useRef<HTMLTableElement>(null);
  const [loading, setLoading] = useState(false);
  const exportRoster = () => {
    exportTable(table.current, { title: t.exportFileTitle, onLoading: setLoading });
  };
  return (
    <section aria-labelledby="export-title" className="demo-block">
      <h2 id="export-title">{t.exportTitle}</h2>
      <p>{t.exportIntro}</p>
      {status !== 'logged-in' && (
        <p className="demo-hint" role="note">
          {t.signInHint}
        </p>
      )}
      <div className="demo-row">
        <button type="button" className="primary" onClick={exportRoster} disabled={loading} aria-busy={loading}>
          {loading ? t.exporting : t.exportButton}
        </button>
      </div>
      <ScrollX label={t.rosterCaption}>
        <table className="demo-table demo-roster" id="class-roster" ref={table}>
          <caption>{t.rosterCaption}</caption>
          <thead>
            <tr>
              {/* Student numbers are identifiers: text in the sheet, although they look like numbers. */}
              <th scope="col" rowSpan={2} data-export-text="">
                {t.studentNo}
              </th>
              <th scope="col" rowSpan={2}>
                {t.name}
              </th>
              <th scope="col" rowSpan={2}>
                {t.gender}
              </th>
              <th scope="colgroup" colSpan={2}>
                {t.scores}
              </th>
              <th scope="col" rowSpan={2}>
                {t.remark}
              </th>
              <th scope="col" rowSpan={2} data-export-skip="">
                {t.actions}
              </th>
            </tr>
            <tr>
              <th scope="col">{t.chinese}</th>
              <th scope="col">{t.maths}</th>
            </tr>
          </thead>
          <tbody>
            {ROSTER.map((student) => (
              <tr key={student.no}>
                <td>{student.no}</td>
                <td>{student.name}</td>
                <td>{t[student.gender]}</td>
                <td className="demo-num">{student.chinese}</td>
                <td className="demo-num">{student.maths}</td>
                <td>{student.remark ? t[student.remark] : ''}</td>
                <td data-export-skip="">
                  <button
                    type="button"
                    aria-label={`${t.edit} ${student.name}`}
                    onClick={() => notify({ type: 'info', message: `${t.edit}：${student.name}` })}
                  >
                    {t.edit}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  );
}

export function ExportPage() {
  const t = useExportTexts();
  return (
    <section aria-labelledby="export-page-title">
      <h1 id="export-page-title">{t.title}</h1>
      <ValidationSection />
      <FormattingSection />
      <ExportSection />
    </section>
  );
}

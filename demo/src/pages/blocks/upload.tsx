// Chunked upload (spec part 2 §4, §7): <edu-upload> through its React wrapper against the reference
// server: MD5 in a Worker, second upload, chunks checked and sent in parallel, pause and resume, refusals before
// any byte is sent. The files the server stored are listed with a link that fetches their bytes back.
import { useState } from 'react';
import { EduUpload } from '@edu-portal/react/wrappers/edu-upload.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { formatBytes, type EduUploadSuccessDetail } from '@edu-portal/elements/upload/upload.ts';
import { defineTexts, fill } from '../../texts.ts';

const useUploadTexts = defineTexts({
  'zh-CN': {
    title: '分片上传',
    intro:
      '拖入文件或点击按钮选择：先在后台线程计算 MD5，服务器已有的文件秒传；大文件按 2 MB 分片并行上传，可暂停、继续、取消；刷新后重新选择同一文件，只补传缺少的分片。',
    signInHint: '上传需要登录：请先在右上角登录（例如 teacher1）。',
    mainTitle: '课件与录像',
    mainHint: '可多选，也可选择整个文件夹；单个文件不超过 2 GB。',
    smallTitle: '作业附件',
    smallHint: '仅 PDF 或 Word，不超过 5 MB。',
    stored: '已保存的文件',
    none: '（还没有上传完成的文件）',
    instant: '秒传',
    fetch: '下载 {name}',
  },
  en: {
    title: 'Chunked upload',
    intro:
      'Drop files or choose them: the MD5 is computed in a background thread, a file the server already has is stored instantly; large files go in 2 MB chunks in parallel and can be paused, resumed or cancelled; after a reload, picking the same file again sends only the missing chunks.',
    signInHint: 'Uploading needs a session: sign in at the top right first (e.g. teacher1).',
    mainTitle: 'Courseware and recordings',
    mainHint: 'Several files or a whole folder; at most 2 GB per file.',
    smallTitle: 'Homework attachment',
    smallHint: 'PDF or Word only, at most 5 MB.',
    stored: 'Stored files',
    none: '(no upload finished yet)',
    instant: 'instant',
    fetch: 'Download {name}',
  },
  'zh-HK': {
    title: '分片上傳',
    intro:
      '拖入檔案或點擊按鈕選擇：先在背景線程計算 MD5，伺服器已有的檔案秒傳；大檔案按 2 MB 分片並行上傳，可暫停、繼續、取消；重新整理後再次選擇同一檔案，只補傳缺少的分片。',
    signInHint: '上傳需要登入：請先在右上角登入（例如 teacher1）。',
    mainTitle: '課件與錄像',
    mainHint: '可多選，也可選擇整個資料夾；單個檔案不超過 2 GB。',
    smallTitle: '功課附件',
    smallHint: '僅 PDF 或 Word，不超過 5 MB。',
    stored: '已儲存的檔案',
    none: '（還沒有上傳完成的檔案）',
    instant: '秒傳',
    fetch: '下載 {name}',
  },
});

/** The nav entry of this page, in the language in force. */

interface StoredRow {
  id: string;
  name: string;
  /** The path in its folder the server keeps for a file of a picked or dropped folder ('' for a file alone). */
  path: string;
  size: number;
  md5: string;
  url: string;
  instant: boolean;
}

function toRow(detail: EduUploadSuccessDetail): StoredRow {
  const data = (detail.data ?? {}) as Partial<StoredRow>;
  return {
    id: String(data.id ?? ''),
    name: String(data.name ?? detail.file.name),
    path: String((data as { webkitRelativePath?: unknown }).webkitRelativePath ?? ''),
    size: typeof data.size === 'number' ? data.size : detail.file.size,
    md5: detail.md5,
    url: String(data.url ?? ''),
    instant: detail.instant,
  };
}

export function UploadPage() {
  const t = useUploadTexts();
  const { status } = useSession();
  const [stored, setStored] = useState<StoredRow[]>([]);
  const onSuccess = (event: CustomEvent<EduUploadSuccessDetail>) => {
    setStored((rows) => [...rows, toRow(event.detail)]);
  };

  return (
    <section aria-labelledby="upload-title">
      <h1 id="upload-title">{t.title}</h1>
      <p>{t.intro}</p>
      {status !== 'logged-in' && (
        <p className="demo-hint" role="note">
          {t.signInHint}
        </p>
      )}
      <section aria-labelledby="upload-main-title" className="demo-block">
        <h2 id="upload-main-title">{t.mainTitle}</h2>
        <EduUpload id="upload-main" multiple directory maxSize={2 * 1024 * 1024 * 1024} onEduUploadSuccess={onSuccess}>
          <span slot="hint">{t.mainHint}</span>
        </EduUpload>
      </section>
      <section aria-labelledby="upload-small-title" className="demo-block">
        <h2 id="upload-small-title">{t.smallTitle}</h2>
        <EduUpload id="upload-small" accept=".pdf,.doc,.docx" maxSize={5 * 1024 * 1024} onEduUploadSuccess={onSuccess}>
          <span slot="hint">{t.smallHint}</span>
        </EduUpload>
      </section>
      <section aria-labelledby="upload-stored-title" className="demo-block">
        <h2 id="upload-stored-title">{t.stored}</h2>
        {stored.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="demo-stored">
            {stored.map((row, index) => (
              <li key={`${row.id}-${index}`} data-md5={row.md5}>
                <a href={row.url} download={row.name} aria-label={fill(t.fetch, { name: row.path || row.name })}>
                  {row.path || row.name}
                </a>{' '}
                <span>
                  {formatBytes(row.size)} · MD5 <code>{row.md5}</code>
                  {row.instant ? ` · ${t.instant}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

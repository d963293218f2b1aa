// The generic dialog and notices: positions, backdrop close, a vetoed close while a text is unsaved, a nested
// dialog (Escape closes only the top one), and every kind of notice.
import { useState } from 'react';
import { EduDialog } from '@edu-portal/react/wrappers/edu-dialog.ts';
import { notice } from '@edu-portal/elements/notice/notice.ts';
import type { DialogPlacement } from '@edu-portal/elements/dialog/dialog.ts';
import { useTexts } from '../i18n.ts';

const placements: DialogPlacement[] = ['middle', 'left', 'right', 'top', 'bottom', 'tr'];

export function DialogsPage() {
  const t = useTexts();
  const [open, setOpen] = useState(false);
  const [nestedOpen, setNestedOpen] = useState(false);
  const [position, setPosition] = useState<DialogPlacement>('middle');
  const [backdropClose, setBackdropClose] = useState(false);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const dirty = text !== saved;

  return (
    <section aria-labelledby="dialogs-title">
      <h1 id="dialogs-title">{t.dialogsTitle}</h1>
      <div className="demo-row">
        <label>
          {t.position}{' '}
          <select value={position} onChange={(e) => setPosition(e.target.value as DialogPlacement)}>
            {placements.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={backdropClose} onChange={(e) => setBackdropClose(e.target.checked)} />{' '}
          {t.backdropClose}
        </label>
        <button type="button" className="primary" onClick={() => setOpen(true)}>
          {t.openDialog}
        </button>
      </div>
      <p>{t.draggableHint}</p>
      <div className="demo-row">
        <button type="button" onClick={() => notice.success(t.noticeText)}>
          {t.showSuccess}
        </button>
        <button type="button" onClick={() => notice.info(t.infoText)}>
          {t.showInfo}
        </button>
        <button type="button" onClick={() => notice.warning(t.warningText)}>
          {t.showWarning}
        </button>
        <button type="button" onClick={() => notice.error(t.errorText)}>
          {t.showError}
        </button>
      </div>

      <EduDialog
        open={open}
        title={t.dialogTitle}
        position={position}
        closeOnBackdrop={backdropClose}
        onEduRequestClose={(e) => {
          // A close asked for by the user keeps the dialog open while the text is unsaved.
          if (dirty && e.detail.source !== 'api') {
            e.preventDefault();
            notice.warning(t.keepEditing);
          }
        }}
        onEduClose={() => setOpen(false)}
      >
        <p>{t.dialogBody}</p>
        <label>
          {t.announcement}
          <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        {dirty && <p role="status">{t.unsaved}</p>}
        <div slot="footer" className="demo-row">
          <button type="button" onClick={() => setNestedOpen(true)}>
            {t.openNested}
          </button>
          <button
            type="button"
            onClick={() => {
              setText(saved);
              setOpen(false);
            }}
          >
            {t.cancel}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setSaved(text);
              setOpen(false);
              notice.success(t.noticeText);
            }}
          >
            {t.confirm}
          </button>
        </div>
      </EduDialog>

      <EduDialog open={nestedOpen} title={t.nestedTitle} width="420px" onEduClose={() => setNestedOpen(false)}>
        <p>{t.nestedBody}</p>
        <div slot="footer" className="demo-row">
          <button type="button" className="primary" onClick={() => setNestedOpen(false)}>
            {t.confirm}
          </button>
        </div>
      </EduDialog>
    </section>
  );
}

// The colour picker (spec part 2 §2, §3, §9): default colour, theme and standard colours, "more colours", text
// size and font family; and the same picker near the bottom edge of a dialog, where its panel flips upwards.
import { useState } from 'react';
import { EduColorPicker } from '@edu-portal/react/wrappers/edu-color-picker.ts';
import { EduDialog } from '@edu-portal/react/wrappers/edu-dialog.ts';
import type { EduColorChangeDetail } from '@edu-portal/elements/color-picker/color-picker.ts';
import { FONT_STACKS } from '@edu-portal/elements/color-picker/palette.ts';
import { defineTexts } from '../../texts.ts';

const useColorPickerTexts = defineTexts({
  'zh-CN': {
    title: '颜色选择器',
    intro:
      '默认颜色为黑色；色块是带名称的单选组，方向键移动，回车或空格选定，Esc 关闭面板。面板在空间不足时向上翻转，不会被对话框裁切。',
    textColor: '文字颜色',
    background: '背景颜色',
    sample: '示例文字：明天上午第一节课改在实验楼 302 上课。',
    lastChange: '最近一次 edu-change',
    none: '（尚未选择）',
    openDialog: '在对话框中使用',
    dialogTitle: '编辑通知样式',
    dialogBody: '对话框贴近窗口底部，颜色面板会向上展开。',
    close: '关闭',
  },
  en: {
    title: 'Colour picker',
    intro:
      'The default colour is black; swatches are named radio groups: arrow keys move, Enter or Space chooses, Escape closes the panel. The panel flips upwards when there is no room and is never clipped by a dialog.',
    textColor: 'Text colour',
    background: 'Background colour',
    sample: 'Sample text: tomorrow’s first lesson moves to lab building room 302.',
    lastChange: 'Last edu-change',
    none: '(nothing chosen yet)',
    openDialog: 'Use in a dialog',
    dialogTitle: 'Notice style',
    dialogBody: 'The dialog sits at the bottom of the window, so the colour panel opens upwards.',
    close: 'Close',
  },
  'zh-HK': {
    title: '顏色選擇器',
    intro:
      '預設顏色為黑色；色塊是帶名稱的單選組，方向鍵移動，Enter 或空白鍵選定，Esc 關閉面板。面板在空間不足時向上翻轉，不會被對話框裁切。',
    textColor: '文字顏色',
    background: '背景顏色',
    sample: '示例文字：明天上午第一節課改在實驗樓 302 上課。',
    lastChange: '最近一次 edu-change',
    none: '（尚未選擇）',
    openDialog: '在對話框中使用',
    dialogTitle: '編輯通知樣式',
    dialogBody: '對話框貼近視窗底部，顏色面板會向上展開。',
    close: '關閉',
  },
});

/** The nav entry of this page, in the language in force. */

export function ColorPickerPage() {
  const t = useColorPickerTexts();
  const [style, setStyle] = useState<EduColorChangeDetail>({ color: '#000000', fontSize: '16px', fontFamily: '' });
  const [background, setBackground] = useState('#ffffff');
  const [last, setLast] = useState<EduColorChangeDetail | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogColor, setDialogColor] = useState('#c00000');

  return (
    <section aria-labelledby="color-picker-title">
      <h1 id="color-picker-title">{t.title}</h1>
      <p>{t.intro}</p>
      <div className="demo-row">
        <span aria-hidden="true">{t.textColor}</span>
        <EduColorPicker
          label={t.textColor}
          showFontSize
          showFontFamily
          fontSize={style.fontSize}
          onEduChange={(e) => {
            setStyle(e.detail);
            setLast(e.detail);
          }}
        />
        <span aria-hidden="true">{t.background}</span>
        <EduColorPicker
          label={t.background}
          defaultValue="#ffffff"
          onEduChange={(e) => {
            setBackground(e.detail.color);
            setLast(e.detail);
          }}
        />
      </div>
      <p
        data-testid="sample"
        style={{
          color: style.color,
          background,
          fontSize: style.fontSize,
          fontFamily: style.fontFamily ? FONT_STACKS[style.fontFamily] : undefined,
          padding: '12px 16px',
          border: '1px solid var(--edu-color-border-light)',
          borderRadius: 4,
        }}
      >
        {t.sample}
      </p>
      <p>
        {t.lastChange}: <code data-testid="last-change">{last ? JSON.stringify(last) : t.none}</code>
      </p>
      <div className="demo-row">
        <button type="button" className="primary" onClick={() => setDialogOpen(true)}>
          {t.openDialog}
        </button>
      </div>

      <EduDialog
        open={dialogOpen}
        title={t.dialogTitle}
        position="bottom"
        width="480px"
        onEduClose={() => setDialogOpen(false)}
      >
        <p>{t.dialogBody}</p>
        <div className="demo-row">
          <span aria-hidden="true">{t.textColor}</span>
          <EduColorPicker
            label={t.textColor}
            defaultValue="#c00000"
            showFontSize
            onEduChange={(e) => setDialogColor(e.detail.color)}
          />
          <span data-testid="dialog-color" style={{ color: dialogColor, fontWeight: 600 }}>
            {dialogColor}
          </span>
        </div>
        <div slot="footer" className="demo-row">
          <button type="button" onClick={() => setDialogOpen(false)}>
            {t.close}
          </button>
        </div>
      </EduDialog>
    </section>
  );
}

// Voice commands (spec part 2 §2, §4, §5, §8): <edu-voice-recorder> through its React wrapper against
// the reference server. Without Alibaba Cloud credentials the server's development gateway answers: it measures the
// audio and answers speech with the transcript set below (it does not recognise speech).
import { useEffect, useState, type FormEvent } from 'react';
import { client } from '@edu-portal/core/http/client.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import { EduVoiceRecorder } from '@edu-portal/react/wrappers/edu-voice-recorder.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import type { VoiceErrorDetail, VoiceResultDetail } from '@edu-portal/elements/voice-recorder/voice-recorder.ts';
import { defineTexts, fill } from '../../texts.ts';

const TRANSCRIPT_PATH = '/api/speech/dev/transcript';

const useVoiceTexts = defineTexts({
  'zh-CN': {
    title: '语音指令',
    intro:
      '按住麦克风按钮说出指令（键盘：按住空格或回车），松开后识别；移出按钮、按 Esc 或点“取消”放弃本次录音。识别出的文字在技能库中查找，找到就打开对应页面。',
    signInHint: '语音指令需要登录：请先在右上角登录（例如 teacher1）。',
    stay: '留在本页（只显示结果，不跳转）',
    last: '上一次结果',
    none: '（还没有结果）',
    result: '“{text}” → {url}',
    noUrl: '没有匹配的技能',
    error: '错误（{kind}）：{message}',
    devTitle: '开发网关：识别结果设置',
    devIntro:
      '服务器没有配置阿里云凭据时，使用自带的开发网关：它只检测有没有声音，有声音就回答下面设置的文字，不做真正的语音识别。留空则使用默认文字（打开你可用的第一个应用）。',
    devAliyun: '服务器已配置阿里云语音服务，下面的设置不起作用。',
    transcript: '开发网关回答的文字',
    save: '保存',
    saved: '已保存',
  },
  en: {
    title: 'Voice commands',
    intro:
      'Press and hold the microphone button and say a command (keyboard: hold Space or Enter); release to recognise it. Moving off the button, Escape or "Cancel" discards the recording. The text is looked up in the skills; a match opens its page.',
    signInHint: 'Voice commands need a session: sign in at the top right first (e.g. teacher1).',
    stay: 'Stay on this page (show the result, do not navigate)',
    last: 'Last result',
    none: '(no result yet)',
    result: '"{text}" → {url}',
    noUrl: 'no matching skill',
    error: 'Error ({kind}): {message}',
    devTitle: 'Development gateway: the recognised text',
    devIntro:
      'Without Alibaba Cloud credentials the server uses its own development gateway: it only measures whether there is sound, and answers sound with the text set here; it does not recognise speech. Empty means the default (open the first app you may use).',
    devAliyun: 'The server uses Alibaba Cloud speech: this setting has no effect.',
    transcript: 'Text the development gateway answers',
    save: 'Save',
    saved: 'Saved',
  },
  'zh-HK': {
    title: '語音指令',
    intro:
      '按住咪高峰按鈕說出指令（鍵盤：按住空白鍵或 Enter），放開後識別；移出按鈕、按 Esc 或點「取消」放棄本次錄音。識別出的文字在技能庫中查找，找到就開啟對應頁面。',
    signInHint: '語音指令需要登入：請先在右上角登入（例如 teacher1）。',
    stay: '留在本頁（只顯示結果，不跳轉）',
    last: '上一次結果',
    none: '（還沒有結果）',
    result: '「{text}」→ {url}',
    noUrl: '沒有匹配的技能',
    error: '錯誤（{kind}）：{message}',
    devTitle: '開發網關：識別結果設定',
    devIntro:
      '伺服器沒有配置阿里雲憑證時，使用自帶的開發網關：它只偵測有沒有聲音，有聲音就回答下面設定的文字，不做真正的語音識別。留空則使用預設文字（開啟你可用的第一個應用）。',
    devAliyun: '伺服器已配置阿里雲語音服務，下面的設定不起作用。',
    transcript: '開發網關回答的文字',
    save: '儲存',
    saved: '已儲存',
  },
});

interface TranscriptSetting {
  transcript: string;
  configured: boolean;
  gateway: string;
}

function toSetting(data: unknown): TranscriptSetting {
  const record = isRecord(data) ? data : {};
  return {
    transcript: typeof record['transcript'] === 'string' ? record['transcript'] : '',
    configured: record['configured'] === true,
    gateway: typeof record['gateway'] === 'string' ? record['gateway'] : 'development',
  };
}

/** The development gateway's per-user transcript (`GET/POST /api/speech/dev/transcript`). */
function TranscriptForm() {
  const t = useVoiceTexts();
  const lang = useLanguage();
  const [setting, setSetting] = useState<TranscriptSetting | null>(null);
  const [draft, setDraft] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    client.get(TRANSCRIPT_PATH, { language: lang }).then(
      (envelope) => {
        if (!live) return;
        const next = toSetting(envelope.data);
        setSetting(next);
        setDraft(next.configured ? next.transcript : '');
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [lang]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const envelope = await client.post(TRANSCRIPT_PATH, { transcript: draft });
    setSetting(toSetting(envelope.data));
    setSaved(true);
  };

  return (
    <section aria-labelledby="voice-dev-title" className="demo-block">
      <h2 id="voice-dev-title">{t.devTitle}</h2>
      <p>{t.devIntro}</p>
      {setting?.gateway === 'aliyun' && <p role="note">{t.devAliyun}</p>}
      <form onSubmit={(event) => void save(event)}>
        <label htmlFor="voice-transcript">{t.transcript}</label>{' '}
        <input
          id="voice-transcript"
          value={draft}
          placeholder={setting && !setting.configured ? setting.transcript : ''}
          onChange={(event) => {
            setDraft(event.target.value);
            setSaved(false);
          }}
        />{' '}
        <button type="submit">{t.save}</button> <span role="status">{saved ? t.saved : ''}</span>
      </form>
    </section>
  );
}

export function VoicePage() {
  const t = useVoiceTexts();
  const { status } = useSession();
  const [stay, setStay] = useState(false);
  const [last, setLast] = useState('');

  const onResult = (event: CustomEvent<VoiceResultDetail>) => {
    const { text, url } = event.detail;
    setLast(fill(t.result, { text, url: url ?? t.noUrl }));
    if (stay) event.preventDefault();
  };
  const onError = (event: CustomEvent<VoiceErrorDetail>) => {
    setLast(fill(t.error, { kind: event.detail.kind, message: event.detail.message }));
  };

  return (
    <section aria-labelledby="voice-title">
      <h1 id="voice-title">{t.title}</h1>
      <p>{t.intro}</p>
      {status !== 'logged-in' && (
        <p className="demo-hint" role="note">
          {t.signInHint}
        </p>
      )}
      <section className="demo-block">
        <EduVoiceRecorder id="voice-recorder" onEduVoiceResult={onResult} onEduVoiceError={onError} />
        <p>
          <label>
            <input type="checkbox" checked={stay} onChange={(event) => setStay(event.target.checked)} /> {t.stay}
          </label>
        </p>
        <p>
          {t.last}: <output id="voice-last">{last || t.none}</output>
        </p>
      </section>
      {status === 'logged-in' && <TranscriptForm />}
    </section>
  );
}

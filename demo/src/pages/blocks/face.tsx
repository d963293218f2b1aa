// Face collect, face login and face clock-in (spec part 2 §2 "Face screen", §4, §5, §7, §8): <edu-face>
// through its React wrapper against the reference server, which really recognises faces. Detection runs in a Worker;
// its model and wasm files come from this host (/face-assets/), loaded only when a face element starts.
import { useState } from 'react';
import { EduFace } from '@edu-portal/react/wrappers/edu-face.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import type { FaceClockIn } from '@edu-portal/core/face/api.ts';
import type { FaceErrorDetail, FaceLoginDetail } from '@edu-portal/elements/face/face.ts';
import { defineTexts, fill } from '../../texts.ts';

const useFaceTexts = defineTexts({
  'zh-CN': {
    title: '人脸采集、人脸登录与人脸打卡',
    intro:
      '选择模式后按“打开摄像头”“登录”或“确定”。登录和打卡先倒计时，然后在后台线程中检测人脸，人脸对准中间的框后自动拍照并交给服务器识别。先在“采集”中为当前用户采集人脸。',
    mode: '模式',
    collect: '采集（当前用户）',
    login: '人脸登录',
    clockIn: '人脸打卡（本终端需已登录）',
    terminal: '打卡终端：每次打卡后自动等待下一位',
    signInCollect: '采集需要登录：请先在右上角登录（例如 teacher1）。',
    signInClockIn: '打卡终端需要登录：请先在右上角登录，打卡的人须与终端同一单位。',
    last: '上一次结果',
    none: '（还没有结果）',
    loggedIn: '已登录：{name}',
    clockedIn: '打卡：{name}，{time}',
    collected: '已采集',
    error: '错误（{kind}）：{message}',
  },
  en: {
    title: 'Face collect, face login and face clock-in',
    intro:
      'Choose a mode, then press "Open camera", "Login" or "OK". Login and clock-in count down, then detect the face in a background thread and take the photo by themselves once the face sits on the centre guide; the server recognises it. Collect a face for the current user first.',
    mode: 'Mode',
    collect: 'Collect (current user)',
    login: 'Face login',
    clockIn: 'Face clock-in (this terminal signed in)',
    terminal: 'Clock-in terminal: after each clock-in, wait for the next person by itself',
    signInCollect: 'Collecting needs a session: sign in at the top right first (e.g. teacher1).',
    signInClockIn: 'The clock-in terminal needs a session: sign in at the top right; people clock in within its unit.',
    last: 'Last result',
    none: '(no result yet)',
    loggedIn: 'Signed in: {name}',
    clockedIn: 'Clock-in: {name}, {time}',
    collected: 'Collected',
    error: 'Error ({kind}): {message}',
  },
  'zh-HK': {
    title: '人臉採集、人臉登入與人臉打卡',
    intro:
      '選擇模式後按「開啟攝影機」「登入」或「確定」。登入和打卡先倒數，然後在背景執行緒中偵測人臉，人臉對準中間的框後自動拍照並交給伺服器識別。先在「採集」中為目前用戶採集人臉。',
    mode: '模式',
    collect: '採集（目前用戶）',
    login: '人臉登入',
    clockIn: '人臉打卡（本終端需已登入）',
    terminal: '打卡終端：每次打卡後自動等待下一位',
    signInCollect: '採集需要登入：請先在右上角登入（例如 teacher1）。',
    signInClockIn: '打卡終端需要登入：請先在右上角登入，打卡的人須與終端同一單位。',
    last: '上一次結果',
    none: '（還沒有結果）',
    loggedIn: '已登入：{name}',
    clockedIn: '打卡：{name}，{time}',
    collected: '已採集',
    error: '錯誤（{kind}）：{message}',
  },
});

type Mode = 'collect' | 'login' | 'clock-in';

export function FacePage() {
  const t = useFaceTexts();
  const { status, user } = useSession();
  const [mode, setMode] = useState<Mode>('login');
  const [last, setLast] = useState('');
  const [terminal, setTerminal] = useState(true);
  const [clockIns, setClockIns] = useState(0);
  const signedIn = status === 'logged-in';

  const onLogin = (event: CustomEvent<FaceLoginDetail>) => {
    // The session store already holds the user (as after a password login): the page stays, the header follows.
    event.preventDefault();
    const who = event.detail.user;
    setLast(fill(t.loggedIn, { name: String(who?.realName ?? who?.loginName ?? '') }));
  };
  const onClockIn = (event: CustomEvent<FaceClockIn>) => {
    const { realName, userId, clockTime } = event.detail;
    setClockIns((n) => n + 1);
    setLast(
      fill(t.clockedIn, { name: realName || userId, time: clockTime ? new Date(clockTime).toLocaleString() : '' }),
    );
  };
  const onError = (event: CustomEvent<FaceErrorDetail>) =>
    setLast(fill(t.error, { kind: event.detail.kind, message: event.detail.message }));

  const modes: [Mode, string][] = [
    ['collect', t.collect],
    ['login', t.login],
    ['clock-in', t.clockIn],
  ];
  const needsSession = (mode === 'collect' || mode === 'clock-in') && !signedIn;
  return (
    <section aria-labelledby="face-title">
      <h1 id="face-title">{t.title}</h1>
      <p>{t.intro}</p>
      <fieldset className="demo-block">
        <legend>{t.mode}</legend>
        {modes.map(([value, label]) => (
          <label key={value} style={{ marginRight: 16 }}>
            <input
              type="radio"
              name="face-mode"
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                setLast('');
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'clock-in' && (
        <p>
          <label>
            <input type="checkbox" checked={terminal} onChange={(e) => setTerminal(e.currentTarget.checked)} />{' '}
            {t.terminal}
          </label>
        </p>
      )}
      {needsSession && (
        <p className="demo-hint" role="note">
          {mode === 'collect' ? t.signInCollect : t.signInClockIn}
        </p>
      )}
      <section className="demo-block">
        {!needsSession && (
          <EduFace
            key={`${mode}-${user?.userId ?? ''}`}
            id="face"
            mode={mode}
            terminal={mode === 'clock-in' && terminal}
            userId={mode === 'collect' ? (user?.userId ?? '') : ''}
            onEduFaceLogin={onLogin}
            onEduFaceClockIn={onClockIn}
            onEduFaceCollect={() => setLast(t.collected)}
            onEduFaceError={onError}
          />
        )}
        <p>
          {t.last}:{' '}
          <output id="face-last" data-clock-ins={clockIns}>
            {last || t.none}
          </output>
        </p>
      </section>
    </section>
  );
}

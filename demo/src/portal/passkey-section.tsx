// The settings page's passkey section (docs/decisions.md "Passkeys"; beyond the spec): the signed-in user's passkeys
// with when each was added and last used, added under a name, renamed and removed. Adding one asks for a fresh
// credential first, as face enrolment does: the password again, or one of the user's passkeys. Loaded lazily by the
// settings page with core's passkey calls; the WebAuthn library loads only when a ceremony starts.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  confirmWithPasskey,
  listPasskeys,
  passkeysSupported,
  registerPasskey,
  removePasskey,
  renamePasskey,
  type Passkey,
} from '@edu-portal/core/auth/passkeys.ts';
import { confirmPassword } from '@edu-portal/core/auth/api.ts';
import { envelopeMessage } from '@edu-portal/core/http/envelope.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { defineTexts, fill } from '../texts.ts';
import './passkey-section.css';

const usePasskeyTexts = defineTexts({
  'zh-CN': {
    title: '通行密钥',
    intro: '用手机或电脑自带的指纹、面容或锁屏密码登录，无需输入密码，也不会被钓鱼网站骗走。每台设备添加一个。',
    unsupported: '此浏览器或当前网址不支持通行密钥。',
    none: '还没有添加通行密钥。',
    listLabel: '我的通行密钥',
    added: '添加于 {date}',
    lastUsed: '上次使用 {date}',
    neverUsed: '尚未使用',
    synced: '已同步',
    rename: '重命名',
    renameLabel: '“{name}”的新名称',
    save: '保存',
    cancel: '取消',
    remove: '删除',
    removeConfirm: '确定删除“{name}”？删除后不能再用它登录。',
    removeYes: '确定删除',
    removed: '已删除通行密钥“{name}”',
    renamed: '已重命名为“{name}”',
    nameLabel: '新通行密钥的名称',
    namePlaceholder: '例如：办公室电脑',
    nameRequired: '请输入通行密钥名称',
    add: '添加通行密钥',
    adding: '正在添加…',
    addedOne: '已添加通行密钥“{name}”',
    confirmTitle: '为保护您的账号，请先再次输入密码',
    password: '密码',
    confirm: '确认并添加',
    confirmWithPasskey: '改用已有的通行密钥确认',
    passwordRequired: '请输入密码',
  },
  en: {
    title: 'Passkeys',
    intro:
      'Sign in with your phone’s or computer’s own fingerprint, face or screen lock: no password to type, nothing a phishing site can steal. Add one per device.',
    unsupported: 'This browser or address does not support passkeys.',
    none: 'No passkeys added yet.',
    listLabel: 'My passkeys',
    added: 'Added {date}',
    lastUsed: 'Last used {date}',
    neverUsed: 'Not used yet',
    synced: 'Synced',
    rename: 'Rename',
    renameLabel: 'New name for “{name}”',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Remove',
    removeConfirm: 'Remove “{name}”? It will no longer sign you in.',
    removeYes: 'Remove it',
    removed: 'Passkey “{name}” removed',
    renamed: 'Renamed to “{name}”',
    nameLabel: 'Name of the new passkey',
    namePlaceholder: 'e.g. Office computer',
    nameRequired: 'Please enter a name for the passkey',
    add: 'Add a passkey',
    adding: 'Adding…',
    addedOne: 'Passkey “{name}” added',
    confirmTitle: 'To protect your account, please enter your password again first',
    password: 'Password',
    confirm: 'Confirm and add',
    confirmWithPasskey: 'Confirm with an existing passkey instead',
    passwordRequired: 'Please enter your password',
  },
  'zh-HK': {
    title: '通行密鑰',
    intro: '用手機或電腦自帶的指紋、面容或鎖屏密碼登入，無需輸入密碼，也不會被釣魚網站騙走。每部裝置加入一個。',
    unsupported: '此瀏覽器或目前網址不支援通行密鑰。',
    none: '還沒有加入通行密鑰。',
    listLabel: '我的通行密鑰',
    added: '加入於 {date}',
    lastUsed: '上次使用 {date}',
    neverUsed: '尚未使用',
    synced: '已同步',
    rename: '重新命名',
    renameLabel: '「{name}」的新名稱',
    save: '儲存',
    cancel: '取消',
    remove: '刪除',
    removeConfirm: '確定刪除「{name}」？刪除後不能再用它登入。',
    removeYes: '確定刪除',
    removed: '已刪除通行密鑰「{name}」',
    renamed: '已重新命名為「{name}」',
    nameLabel: '新通行密鑰的名稱',
    namePlaceholder: '例如：辦公室電腦',
    nameRequired: '請輸入通行密鑰名稱',
    add: '加入通行密鑰',
    adding: '正在加入…',
    addedOne: '已加入通行密鑰「{name}」',
    confirmTitle: '為保護您的帳號，請先再次輸入密碼',
    password: '密碼',
    confirm: '確認並加入',
    confirmWithPasskey: '改用已有的通行密鑰確認',
    passwordRequired: '請輸入密碼',
  },
});

type Texts = ReturnType<typeof usePasskeyTexts>;

/** What the section tells after a change, and what went wrong. */
interface Outcome {
  /** A change went through: `message` said, the list loaded again. */
  changed(message: string): Promise<void>;
  /** What went wrong ('' when nothing is wrong any more). */
  failed(message: string): void;
  /** A new attempt: nothing said. */
  clear(): void;
}

/** Which passkey is being renamed or removed (one at a time). */
type Editing = { kind: 'rename'; id: string } | { kind: 'remove'; id: string } | null;

export default function PasskeySection() {
  const t = usePasskeyTexts();
  const id = useId();
  const supported = passkeysSupported();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  const reload = useCallback(
    () =>
      listPasskeys().then(setPasskeys, (e: Error) => {
        setPasskeys([]);
        setError(e.message);
      }),
    [],
  );
  useEffect(() => void reload(), [reload]);

  const outcome: Outcome = {
    async changed(message) {
      setError('');
      setStatus(message);
      await reload();
    },
    failed: setError,
    clear() {
      setError('');
      setStatus('');
    },
  };
  const errorId = `${id}-error`;

  return (
    <section className="portal-settings-section portal-passkeys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p>{t.intro}</p>
      {passkeys && passkeys.length === 0 && <p>{t.none}</p>}
      {passkeys && passkeys.length > 0 && <PasskeyList t={t} passkeys={passkeys} outcome={outcome} />}
      {supported ? (
        <AddPasskey
          t={t}
          canConfirmWithPasskey={!!passkeys?.length}
          error={error}
          errorId={errorId}
          outcome={outcome}
        />
      ) : (
        <p>{t.unsupported}</p>
      )}
      <p id={errorId} className="portal-passkey-error" role="alert">
        {error}
      </p>
      <p className="portal-passkey-status" role="status">
        {status}
      </p>
    </section>
  );
}

/** The user's passkeys, each with when it was added and last used, renamed or removed in place. */
function PasskeyList({ t, passkeys, outcome }: { t: Texts; passkeys: Passkey[]; outcome: Outcome }) {
  const lang = useLanguage();
  const [editing, setEditing] = useState<Editing>(null);
  const [newName, setNewName] = useState('');
  const date = (at: number) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

  /** Runs a change; the list leaves editing once it went through. */
  async function change(call: () => Promise<unknown>, message: string): Promise<void> {
    try {
      await call();
      setEditing(null);
      await outcome.changed(message);
    } catch (e) {
      outcome.failed((e as Error).message);
    }
  }

  function onRename(event: FormEvent, passkey: Passkey): void {
    event.preventDefault();
    if (!newName.trim()) return outcome.failed(t.nameRequired);
    void change(() => renamePasskey(passkey.id, newName), fill(t.renamed, { name: newName.trim() }));
  }

  const cancel = (
    <button type="button" onClick={() => setEditing(null)}>
      {t.cancel}
    </button>
  );
  return (
    <ul className="portal-passkey-list" aria-label={t.listLabel}>
      {passkeys.map((passkey) => (
        <li key={passkey.id}>
          {editing?.kind === 'rename' && editing.id === passkey.id ? (
            <form onSubmit={(e) => onRename(e, passkey)}>
              <label>
                {fill(t.renameLabel, { name: passkey.name })}
                <input
                  value={newName}
                  maxLength={40}
                  autoFocus
                  onChange={(e) => setNewName(e.target.value)}
                  onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                />
              </label>
              <button type="submit">{t.save}</button>
              {cancel}
            </form>
          ) : (
            <>
              <strong>{passkey.name}</strong>
              <span>
                {fill(t.added, { date: date(passkey.createdAt) })} ·{' '}
                {passkey.lastUsedAt === null ? t.neverUsed : fill(t.lastUsed, { date: date(passkey.lastUsedAt) })}
                {passkey.backedUp ? ` · ${t.synced}` : ''}
              </span>
              {editing?.kind === 'remove' && editing.id === passkey.id ? (
                <span role="group" aria-label={fill(t.removeConfirm, { name: passkey.name })}>
                  {fill(t.removeConfirm, { name: passkey.name })}{' '}
                  <button
                    type="button"
                    autoFocus
                    onClick={() =>
                      void change(() => removePasskey(passkey.id), fill(t.removed, { name: passkey.name }))
                    }
                  >
                    {t.removeYes}
                  </button>
                  {cancel}
                </span>
              ) : (
                <span>
                  <button
                    type="button"
                    aria-label={`${t.rename} ${passkey.name}`}
                    onClick={() => {
                      setNewName(passkey.name);
                      setEditing({ kind: 'rename', id: passkey.id });
                    }}
                  >
                    {t.rename}
                  </button>
                  <button
                    type="button"
                    aria-label={`${t.remove} ${passkey.name}`}
                    onClick={() => setEditing({ kind: 'remove', id: passkey.id })}
                  >
                    {t.remove}
                  </button>
                </span>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

interface AddPasskeyProps {
  t: Texts;
  /** The user has a passkey, which may confirm instead of the password. */
  canConfirmWithPasskey: boolean;
  error: string;
  errorId: string;
  outcome: Outcome;
}

/**
 * Adding a passkey under a name. A server asking for a fresh credential first turns the form into the password
 * prompt (or a confirmation with one of the user's passkeys), as face enrolment does.
 */
function AddPasskey({ t, canConfirmWithPasskey, error, errorId, outcome }: AddPasskeyProps) {
  const lang = useLanguage();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askPassword) passwordInput.current?.focus();
  }, [askPassword]);

  /** Adds the passkey; a server asking for a fresh credential opens the password prompt instead. */
  async function add(): Promise<void> {
    const wanted = name.trim();
    if (!wanted) {
      outcome.failed(t.nameRequired);
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    outcome.clear();
    try {
      const added = await registerPasskey(wanted);
      setName('');
      setAskPassword(false);
      await outcome.changed(fill(t.addedOne, { name: added.name }));
    } catch (e) {
      const failure = e as { kind?: string; message: string };
      if (failure.kind === 'fresh-credential') setAskPassword(true);
      else outcome.failed(failure.message);
    } finally {
      setBusy(false);
    }
  }

  async function onAdd(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!busy) await add();
  }

  /** A fresh credential by `confirm` (false: refused, its message already shown), then the passkey is added. */
  async function confirmThenAdd(confirm: () => Promise<boolean>): Promise<void> {
    if (busy) return;
    setBusy(true);
    outcome.failed('');
    let confirmed = false;
    try {
      confirmed = await confirm();
    } catch (e) {
      outcome.failed((e as Error).message);
    } finally {
      setBusy(false);
    }
    if (confirmed) await add();
  }

  /** The password again, then the passkey is added. */
  async function onConfirm(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!password.trim()) {
      outcome.failed(t.passwordRequired);
      passwordInput.current?.focus();
      return;
    }
    await confirmThenAdd(async () => {
      const answer = await confirmPassword(password);
      if (answer.status === 200) {
        setPassword('');
        return true;
      }
      outcome.failed(envelopeMessage(answer, lang));
      passwordInput.current?.select();
      return false;
    });
  }

  if (!askPassword) {
    return (
      <form className="portal-passkey-add" onSubmit={(e) => void onAdd(e)}>
        <label>
          {t.nameLabel}
          <input
            ref={nameInput}
            value={name}
            maxLength={40}
            placeholder={t.namePlaceholder}
            aria-describedby={errorId}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" aria-disabled={busy}>
          {busy ? t.adding : t.add}
        </button>
      </form>
    );
  }
  return (
    <form className="portal-passkey-confirm" onSubmit={(e) => void onConfirm(e)} aria-labelledby={`${errorId}-confirm`}>
      <p id={`${errorId}-confirm`}>{t.confirmTitle}</p>
      <label>
        {t.password}
        <input
          ref={passwordInput}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={errorId}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" aria-disabled={busy}>
        {busy ? t.adding : t.confirm}
      </button>
      {canConfirmWithPasskey && (
        <button type="button" onClick={() => void confirmThenAdd(() => confirmWithPasskey().then(() => true))}>
          {t.confirmWithPasskey}
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          setAskPassword(false);
          outcome.failed('');
        }}
      >
        {t.cancel}
      </button>
    </form>
  );
}

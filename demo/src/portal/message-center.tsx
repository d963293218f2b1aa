// Messages and reminders (spec part 1 §2, §4 "Messages"): the message dialog of unread messages (open or view marks
// one read, ignore-all marks all), the module-expiry table a message with openWay 1 opens, and the pop-up to-do
// panel. The rules are core's (messages/); this wires the elements to the calls.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppIcon } from '@edu-portal/core/desktop/icons.ts';
import {
  getInsideModules,
  getMessageConfig,
  getPopupPage,
  getUnreadMessages,
  handlePopupItem,
  markAllMessagesRead,
  markMessageRead,
  moduleNames,
  type InsideModule,
} from '@edu-portal/core/messages/api.ts';
import type { ModuleExpiry } from '@edu-portal/core/messages/expiry.ts';
import { messageAction, type DesktopMessage } from '@edu-portal/core/messages/message.ts';
import { createPopupReminder } from '@edu-portal/core/messages/popup.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { iconLabel } from '@edu-portal/core/desktop/icons.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { EduTodoPanel } from '@edu-portal/react/wrappers/edu-todo-panel.ts';
import { moduleLink, openApp } from './navigation.ts';
import { usePortalTexts } from './texts.ts';
import { lazyDialog } from '../lazy-dialog.tsx';

// Both dialogs load when they first open (size budgets).
const EduMessageDialog = lazyDialog(() =>
  import('@edu-portal/react/wrappers/edu-message-dialog.ts').then((m) => m.EduMessageDialog),
);
const EduModuleExpiryDialog = lazyDialog(() =>
  import('@edu-portal/react/wrappers/edu-module-expiry-dialog.ts').then((m) => m.EduModuleExpiryDialog),
);

// The module list does not change while the page is open: asked once, when a message first needs it.
let moduleList: Promise<InsideModule[]> | null = null;
function insideModules(): Promise<InsideModule[]> {
  moduleList ??= getInsideModules().catch(() => {
    moduleList = null; // Asked again next time.
    return [];
  });
  return moduleList;
}

/** Module code → the app's name in the language shown (messages and to-dos name their module by code). */
function useModuleNames(icons: readonly AppIcon[]): Record<string, string> {
  const lang = useLanguage();
  return useMemo(() => Object.fromEntries(icons.map((icon) => [icon.code, iconLabel(icon, lang)])), [icons, lang]);
}

interface MessageCenterProps {
  open: boolean;
  onClose(): void;
  user: SessionUser;
  icons: readonly AppIcon[];
  /** A message was marked read (one, or all with `all`). */
  onRead(all: boolean): void;
}

export function MessageCenter({ open, onClose, user, icons, onRead }: MessageCenterProps) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const [messages, setMessages] = useState<DesktopMessage[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const [expiry, setExpiry] = useState<ModuleExpiry[] | null>(null);

  const names = useModuleNames(icons);

  useEffect(() => {
    // A closed dialog forgets its rows: the next opening shows only its own answer, never old rows under the
    // loading line. A retry keeps them while it loads.
    if (!open) {
      setMessages([]);
      return;
    }
    let live = true;
    setLoading(true);
    setError('');
    getUnreadMessages().then(
      (list) => {
        if (!live) return;
        setMessages(list);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setError(t.loadFailed);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // Loaded on each opening (and retry); the texts only name a failure.
  }, [open, version]);

  const markRead = async (message: DesktopMessage): Promise<boolean> => {
    try {
      await markMessageRead(message.id);
    } catch {
      return false; // The client has said why; the row stays.
    }
    setMessages((list) => list.filter((m) => m.id !== message.id));
    onRead(false);
    return true;
  };

  const openMessage = async (message: DesktopMessage) => {
    if (!(await markRead(message))) return;
    const action = messageAction(message, { names: moduleNames(await insideModules(), lang) });
    if (action.kind === 'module-expiry') {
      setExpiry(action.modules);
      return;
    }
    if (action.kind === 'open-url') {
      const link = moduleLink(message.module, action.url, icons);
      if (link) openApp(link.icon, user, link.route);
    }
  };

  return (
    <>
      <EduMessageDialog
        open={open}
        messages={messages}
        loading={loading}
        error={error}
        moduleNames={names}
        onEduMessageOpen={(event) => void openMessage(event.detail.message)}
        onEduMessageRead={(event) => void markRead(event.detail.message)}
        onEduMessageIgnoreAll={() => {
          markAllMessagesRead().then(
            () => {
              setMessages([]);
              onRead(true);
            },
            () => undefined,
          );
        }}
        onEduMessageReload={() => setVersion((v) => v + 1)}
        onEduClose={onClose}
      />
      <EduModuleExpiryDialog open={expiry !== null} entries={expiry ?? []} onEduClose={() => setExpiry(null)} />
    </>
  );
}

interface TodoReminderProps {
  user: SessionUser;
  icons: readonly AppIcon[];
  onHandled(): void;
}

/** The pop-up to-do panel: opened once per page when the unit's message configuration allows it. */
export function TodoReminder({ user, icons, onHandled }: TodoReminderProps) {
  const names = useModuleNames(icons);
  const handled = useRef(onHandled);
  handled.current = onHandled;
  const reminder = useMemo(
    () =>
      createPopupReminder({
        loadPage: (page, size) => getPopupPage(page, size),
        handleItem: async (id) => {
          await handlePopupItem(id);
          handled.current();
        },
      }),
    // One reminder per user; a handled to-do refreshes the counts through the latest callback.
    [user.userId],
  );

  useEffect(() => {
    let live = true;
    getMessageConfig().then(
      (config) => {
        if (live && config.pcOpen) void reminder.open();
      },
      () => undefined,
    );
    return () => {
      live = false;
      reminder.dispose();
    };
  }, [reminder]);

  return (
    <EduTodoPanel
      reminder={reminder}
      moduleNames={names}
      onEduTodoOpen={(event) => {
        const link = moduleLink(event.detail.item.module, event.detail.item.url, icons);
        if (link) openApp(link.icon, user, link.route);
      }}
    />
  );
}

// Child selection for parents (spec part 1 §2 "Child selection table", §4 "Child selection", §6): it opens by itself
// for a parent with more than one child when the child remembered on this device is not the current one; the
// choice goes to the server first, then is remembered here (core `selectChild`).
import { useEffect, useState } from 'react';
import { selectChild } from '@edu-portal/core/identity/api.ts';
import { readRememberedChild, rememberChild, shouldOpenChildSelection } from '@edu-portal/core/identity/children.ts';
import { useSession, useSessionStore } from '@edu-portal/react/hooks.ts';
import { notice } from '@edu-portal/elements/notice/notice.ts';
import { usePortalTexts } from './texts.ts';
import { lazyDialog } from '../lazy-dialog.tsx';

// Loaded when it first opens: most sign-ins are not parents choosing a child (size budgets).
const EduChildDialog = lazyDialog(() =>
  import('@edu-portal/react/wrappers/edu-child-dialog.ts').then((m) => m.EduChildDialog),
);

interface ChildChooserProps {
  /** The header's child button asked for it. */
  requested: boolean;
  onDone(): void;
  /** The parent's children are loaded (the automatic opening waits for them). */
  ready: boolean;
  /** Another child is viewed now. */
  onSwitched(): void;
}

export function ChildChooser({ requested, onDone, ready, onSwitched }: ChildChooserProps) {
  const t = usePortalTexts();
  const { user, parent } = useSession();
  const store = useSessionStore();
  const [automatic, setAutomatic] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ready || !user) return;
    setAutomatic(
      shouldOpenChildSelection({
        userType: user.userType,
        children: parent.children,
        currentChildId: parent.childId,
        rememberedChildId: readRememberedChild(user.userId),
      }),
    );
    // Decided once the children are in: a later choice closes it through `onDone`.
  }, [ready, user?.userId]);

  if (!user) return null;
  const finish = () => {
    setAutomatic(false);
    onDone();
  };
  // Closing the dialog that opened by itself keeps the current child: remembered, so it does not ask again.
  // The store's own snapshot: this handler may run before a re-render after a choice.
  const close = () => {
    const current = store.getSnapshot().parent.childId;
    if (automatic && current) rememberChild(user.userId, current);
    finish();
  };

  return (
    <EduChildDialog
      open={requested || automatic}
      students={parent.children}
      currentId={parent.childId ?? ''}
      busy={busy}
      // Without a current child a choice is needed; with one, closing keeps it.
      required={automatic && !parent.childId}
      onEduChildSelect={(event) => {
        event.preventDefault();
        setBusy(true);
        selectChild(event.detail.child.id).then(
          (result) => {
            setBusy(false);
            if (result.kind === 'selected') {
              notice.success(`${t.childSwitched} ${result.child.realName}`);
              onSwitched();
            }
            // A choice was made (core remembered it): the dialog's own close must not remember the previous child.
            finish();
          },
          () => setBusy(false),
        );
      }}
      onEduClose={close}
    />
  );
}

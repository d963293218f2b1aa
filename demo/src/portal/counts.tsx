// The day's counts on a desktop (pc and mobile): the user's to-dos and unread messages, from `unhandlecount`.
import type { UnhandledCounts } from '@edu-portal/core/desktop/api.ts';
import { usePortalTexts } from './texts.ts';

export function PortalCounts({ counts, className = 'portal-counts' }: { counts: UnhandledCounts; className?: string }) {
  const t = usePortalTexts();
  return (
    <dl className={className}>
      <div>
        <dt>{t.todoCount}</dt>
        <dd data-testid="todo-count">{counts.todo}</dd>
      </div>
      <div>
        <dt>{t.messageCount}</dt>
        <dd data-testid="message-count">{counts.message}</dd>
      </div>
    </dl>
  );
}

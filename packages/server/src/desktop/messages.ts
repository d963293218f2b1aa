/**
 * The desktop's messages (spec part 1 §3 "Message", §7 "Desktop, theme, messages"): a user's unread messages, marking
 * them read, and the message configuration of the user's unit. Every query of the `messages` table is here; the
 * routes in plugins/desktop.ts only parse, call and answer.
 */
import type { ServerContext } from '../context.ts';
import type { JsonSchema } from '../http/envelope.ts';

/** The wire shape of a message. */
export interface Message {
  id: string;
  messageMeno: string;
  /** Epoch milliseconds. */
  messageDate: number;
  module: string;
  importance: number;
  url: string;
  /** 1 opens the module-expiry dialog. */
  openWay: number;
  /** openWay 1: a JSON list [{code, endTime}]; otherwise as stored. */
  content: string;
}

type MessageRow = Omit<Message, 'id'> & { id: number };

const SELECT_MESSAGES = `SELECT id, message_meno AS messageMeno, message_date AS messageDate, module, importance, url,
  open_way AS openWay, content FROM messages`;

const toMessage = (row: MessageRow): Message => ({
  ...row,
  id: String(row.id),
  content: row.openWay === 1 ? row.content || '[]' : row.content,
});

export function createMessageRepository(ctx: ServerContext) {
  const { db } = ctx;
  return {
    unreadCount(userId: number): number {
      const row = db.prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL').get(userId);
      return (row as { n: number }).n;
    },

    /** Newest first. */
    unread(userId: number): Message[] {
      const rows = db
        .prepare(`${SELECT_MESSAGES} WHERE user_id = ? AND read_at IS NULL ORDER BY message_date DESC, id DESC`)
        .all(userId) as MessageRow[];
      return rows.map(toMessage);
    },

    /** Marks every unread message of the user read; answers how many. */
    markAllRead(userId: number): number {
      return db.prepare('UPDATE messages SET read_at = ? WHERE user_id = ? AND read_at IS NULL').run(ctx.now(), userId)
        .changes;
    },

    /** The user a message belongs to, or undefined when there is no such message. */
    ownerOf(id: number): number | undefined {
      const row = db.prepare('SELECT user_id AS userId FROM messages WHERE id = ?').get(id);
      return (row as { userId: number } | undefined)?.userId;
    },

    /** Marks one message read (a message read before keeps its first reading time). */
    markRead(id: number): void {
      db.prepare('UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL').run(ctx.now(), id);
    },

    /** The message configuration of a unit: the JSON string `{pcOpen}`. */
    unitConfig(unitId: number): string {
      const row = db.prepare('SELECT message_config AS config FROM units WHERE id = ?').get(unitId);
      return (row as { config: string }).config;
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;

export const messageSchema: JsonSchema = {
  type: 'object',
  description: 'Message (spec part 1 §3)',
  properties: {
    id: { type: 'string' },
    messageMeno: { type: 'string' },
    messageDate: { type: 'integer', description: 'Epoch milliseconds' },
    module: { type: 'string' },
    importance: { type: 'integer', minimum: 1, maximum: 5 },
    url: { type: 'string' },
    openWay: { type: 'integer', description: '1 opens the module-expiry dialog' },
    content: { type: 'string', description: 'openWay 1: JSON list [{code, endTime}] (epoch ms); else empty' },
  },
  required: ['id', 'messageMeno', 'messageDate', 'module', 'importance', 'url', 'openWay', 'content'],
};

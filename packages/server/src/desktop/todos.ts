/**
 * Pop-up to-dos (spec part 1 §3 "Pop-up message page", §9): a user's open to-dos a page at a time and marking one
 * handled. Every query of the `popup_todos` table is here; the routes in plugins/desktop.ts only parse, call and
 * answer.
 */
import type { ServerContext } from '../context.ts';
import type { JsonSchema } from '../http/envelope.ts';

/** The largest page of pop-up to-dos a caller may ask for (the default page is core's POPUP_PAGE_SIZE). */
export const MAX_POPUP_PAGE_SIZE = 50;

/** The wire shape of a pop-up to-do. */
export interface PopupTodo {
  id: string;
  title: string;
  content: string;
  module: string;
  url: string;
  importance: number;
  /** Epoch milliseconds. */
  createTime: number;
}

export interface PopupTodoPage {
  list: PopupTodo[];
  pages: number;
  total: number;
}

type TodoRow = Omit<PopupTodo, 'id'> & { id: number };

export function createTodoRepository(ctx: ServerContext) {
  const { db } = ctx;
  const openCount = (userId: number): number => {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM popup_todos WHERE user_id = ? AND handled_at IS NULL')
      .get(userId);
    return (row as { n: number }).n;
  };
  return {
    openCount,

    /** Page `start` (1-based) of the user's open to-dos, newest first, `size` a page. */
    openPage(userId: number, start: number, size: number): PopupTodoPage {
      const rows = db
        .prepare(
          `SELECT id, title, content, module, url, importance, created_at AS createTime FROM popup_todos
           WHERE user_id = ? AND handled_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(userId, size, (start - 1) * size) as TodoRow[];
      const total = openCount(userId);
      return { list: rows.map((row) => ({ ...row, id: String(row.id) })), pages: Math.ceil(total / size), total };
    },

    /** The user a to-do belongs to, or undefined when there is no such to-do. */
    ownerOf(id: number): number | undefined {
      const row = db.prepare('SELECT user_id AS userId FROM popup_todos WHERE id = ?').get(id);
      return (row as { userId: number } | undefined)?.userId;
    },

    /** Marks a to-do handled (handling twice keeps the first time). */
    markHandled(id: number): void {
      db.prepare('UPDATE popup_todos SET handled_at = ? WHERE id = ? AND handled_at IS NULL').run(ctx.now(), id);
    },
  };
}

export type TodoRepository = ReturnType<typeof createTodoRepository>;

const todoSchema: JsonSchema = {
  type: 'object',
  description: 'Pop-up to-do reminder',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    module: { type: 'string' },
    url: { type: 'string' },
    importance: { type: 'integer', minimum: 1, maximum: 5 },
    createTime: { type: 'integer', description: 'Epoch milliseconds' },
  },
  required: ['id', 'title', 'content', 'module', 'url', 'importance', 'createTime'],
};

export const todoPageSchema: JsonSchema = {
  type: 'object',
  description: 'Pop-up message page (spec part 1 §3)',
  properties: {
    list: { type: 'array', items: todoSchema },
    pages: { type: 'integer' },
    total: { type: 'integer' },
  },
  required: ['list', 'pages', 'total'],
};

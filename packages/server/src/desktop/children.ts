/**
 * A parent's children and the chosen one (spec part 1 §6 "Child selection"; docs/decisions.md "Identity and children
 * (reference server)"): every query of `parent_children`, `students` and `parent_current_child`.
 */
import type { ServerContext } from '../context.ts';

export interface ChildRow {
  id: number;
  realName: string;
  gradeName: string;
  className: string;
  sex: number;
  /** 1 at school; anything else (graduated, left) cannot be chosen. */
  status: number;
}

const SELECT_CHILDREN = `SELECT s.id, s.real_name AS realName, s.grade_name AS gradeName, s.class_name AS className,
  s.sex, s.status FROM parent_children pc JOIN students s ON s.id = pc.student_id WHERE pc.parent_user_id = ?`;

export function createChildRepository(ctx: ServerContext) {
  const { db } = ctx;
  const children = (parentId: number) => db.prepare(`${SELECT_CHILDREN} ORDER BY s.id`).all(parentId) as ChildRow[];
  return {
    /** The parent's children, in id order. */
    children,

    /** One of the parent's children by id; undefined when the student is not theirs. */
    child(parentId: number, studentId: number): ChildRow | undefined {
      return db.prepare(`${SELECT_CHILDREN} AND s.id = ?`).get(parentId, studentId) as ChildRow | undefined;
    },

    /** The chosen child: the saved one while linked and at school, else the first child at school, else null. */
    chosen(parentId: number): ChildRow | null {
      const saved = db
        .prepare(`${SELECT_CHILDREN} AND s.id = (SELECT student_id FROM parent_current_child WHERE parent_user_id = ?)`)
        .get(parentId, parentId) as ChildRow | undefined;
      if (saved && saved.status === 1) return saved;
      return children(parentId).find((child) => child.status === 1) ?? null;
    },

    /** Saves the parent's chosen child. */
    choose(parentId: number, studentId: number): void {
      db.prepare(
        `INSERT INTO parent_current_child (parent_user_id, student_id) VALUES (?, ?)
         ON CONFLICT (parent_user_id) DO UPDATE SET student_id = excluded.student_id`,
      ).run(parentId, studentId);
    },
  };
}

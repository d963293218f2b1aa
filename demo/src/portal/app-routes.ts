// The demo apps' route tables (spec part 1 §2 "Routes", §6): each entry names the menu code that permits it
// (`meta.code`, matching the reference server's menu trees). The host filters a table with the user's permissions
// before it builds the router; an app without its own table has only its home.
import type { Lang } from '@edu-portal/core/i18n/language.ts';
import type { PermissionRoute } from '@edu-portal/core/permissions/routes.ts';

export interface AppRoute extends PermissionRoute {
  path: string;
  meta?: { code: string };
  title: Readonly<Record<Lang, string>>;
  children?: AppRoute[];
}

const page = (path: string, code: string, zh: string, en: string, hk: string): AppRoute => ({
  path,
  meta: { code },
  title: { 'zh-CN': zh, en, 'zh-HK': hk },
});

const folder = (zh: string, en: string, hk: string, children: AppRoute[], code?: string): AppRoute => ({
  path: '',
  ...(code ? { meta: { code } } : {}),
  title: { 'zh-CN': zh, en, 'zh-HK': hk },
  children,
});

export const APP_ROUTES: Readonly<Record<string, AppRoute[]>> = {
  base: [
    folder('组织机构', 'Organisation', '組織機構', [
      page('/base/unit', 'base_unit', '单位信息', 'Unit information', '單位信息'),
      page('/base/teacher', 'base_teacher', '教职工管理', 'Staff', '教職工管理'),
      page('/base/student', 'base_student', '学生管理', 'Students', '學生管理'),
      page('/base/class', 'base_class', '班级管理', 'Classes', '班級管理'),
    ]),
    page('/base/areaReport', 'base_area_report', '区域数据上报', 'District data reporting', '區域數據上報'),
    folder(
      '系统设置',
      'System settings',
      '系統設置',
      [
        page('/base/role', 'base_role', '角色权限', 'Roles and permissions', '角色權限'),
        page('/base/license', 'base_license', '模块授权', 'Module licences', '模組授權'),
      ],
      'base_sys',
    ),
  ],
  edu: [
    page('/edu/course', 'edu_course', '排课管理', 'Scheduling', '排課管理'),
    page('/edu/exam', 'edu_exam', '考试管理', 'Exams', '考試管理'),
    page('/edu/areaStat', 'edu_area_stat', '区域教务统计', 'District teaching statistics', '區域教務統計'),
  ],
  homework: [
    page('/homework/publish', 'homework_publish', '布置作业', 'Set homework', '佈置作業'),
    page('/homework/review', 'homework_review', '批改作业', 'Mark homework', '批改作業'),
    page('/homework/stat', 'homework_stat', '作业统计', 'Homework statistics', '作業統計'),
  ],
};

/** The pages of a route table in menu order (folders left out). */
export function routePages(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => (route.children?.length ? routePages(route.children) : [route]));
}

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

/**
 * The pages the apps' messages and to-dos lead to (every message opens its item): a notice, a homework, a leave request, the
 * week's timetable … Each is one of the spec's "named module entry routes" (part 1 §2): open to every user of the app
 * (home and hello are the others), not in the menu, and showing only what the server answers for this user — the
 * reference server decides who sees which item. Pages that are also menu pages (`/homework/review`, `/base/teacher`,
 * `/base/license`, `/edu/course`) stay menu pages, permitted by their codes, and show the item too.
 */
export const APP_ENTRIES: Readonly<Record<string, readonly AppRoute[]>> = {
  notice: [
    entry('/notice/detail', '通知详情', 'Notice', '通知詳情'),
    entry('/notice/receipt', '回执确认', 'Reply slip', '回條確認'),
  ],
  homework: [entry('/homework/detail', '作业详情', 'Homework', '作業詳情')],
  exam: [
    entry('/exam/score', '成绩查询', 'Results', '成績查詢'),
    entry('/exam/audit', '成绩审核', 'Results approval', '成績審核'),
    entry('/exam/report', '成绩单', 'Report card', '成績單'),
  ],
  timetable: [
    entry('/timetable/week', '本周课表', 'This week', '本週課表'),
    entry('/timetable/swap', '调课确认', 'Lesson swap', '調課確認'),
  ],
  netdisk: [entry('/netdisk/my', '我的云盘', 'My drive', '我的雲端硬碟')],
  lesson: [entry('/lesson/plan', '集体备课', 'Lesson planning', '集體備課')],
  leave: [
    entry('/leave/detail', '请假详情', 'Leave request', '請假詳情'),
    entry('/leave/approve', '请假审批', 'Leave approval', '請假審批'),
  ],
  edu: [entry('/edu/progress', '教学进度', 'Teaching progress', '教學進度')],
  oa: [entry('/oa/doc', '公文签收', 'Documents', '公文簽收')],
  survey: [entry('/survey/fill', '填写问卷', 'Fill in a survey', '填寫問卷')],
  asset: [entry('/asset/repair', '报修审批', 'Repair requests', '報修審批')],
  attendance: [entry('/attendance/today', '今日考勤', 'Today', '今日考勤')],
  growth: [entry('/growth/record', '成长档案', 'Growth record', '成長檔案')],
  areaReport: [
    entry('/areaReport/overview', '报表总览', 'Overview', '報表總覽'),
    entry('/areaReport/audit', '报表审核', 'Returns to check', '報表審核'),
  ],
  areaBase: [entry('/areaBase/schools', '区域学校', 'Schools', '區域學校')],
};

function entry(path: string, zh: string, en: string, hk: string): AppRoute {
  return { path, title: { 'zh-CN': zh, en, 'zh-HK': hk } };
}

/**
 * The demo data: two units, one account of every user type, apps, menus, messages, to-dos, licences, children,
 * versions and login configuration. Times are offsets from the seed moment so that "expiring" stays meaningful.
 */
import type { GlyphName } from './seed-art.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export const AREA_UNIT = {
  id: 330108,
  type: 1,
  name: '滨江区教育局',
  enName: 'Binjiang District Education Bureau',
  shardingCode: 'bj330108',
  styleLayout: 'left',
  glyph: 'building',
  color: '#1E5FBF',
  hosts: ['area.edu-portal.test'],
  campusUnits: [],
  helpKey: 'area-handbook',
} as const;

export const SCHOOL_UNIT = {
  id: 330108001,
  type: 2,
  name: '滨江区实验中学',
  enName: 'Binjiang Experimental Middle School',
  shardingCode: 'bj330108001',
  styleLayout: 'top',
  glyph: 'book',
  color: '#457CD6',
  // Local addresses belong to the school so that a plain `npm start` shows a school login page.
  hosts: ['school.edu-portal.test', 'localhost', '127.0.0.1'],
  campusUnits: [
    { unitId: '330108001', unitName: '实验中学本部', unitEnName: 'Main Campus' },
    { unitId: '330108011', unitName: '实验中学东校区', unitEnName: 'East Campus' },
  ],
  helpKey: 'school-handbook',
} as const;

export const UNITS = [AREA_UNIT, SCHOOL_UNIT];

export interface SeedUser {
  id: number;
  loginName: string;
  realName: string;
  type: number;
  unitId: number;
  sex: number;
  pairedWith?: number;
  admin?: boolean;
  withAvatar?: boolean;
  /** What the banner says about the account. */
  note: string;
}

export const USERS: SeedUser[] = [
  {
    id: 10001,
    loginName: 'teacher1',
    realName: '李明华',
    type: 2,
    unitId: SCHOOL_UNIT.id,
    sex: 1,
    pairedWith: 10002,
    withAvatar: true,
    note: 'teacher, can switch to his parent identity (parent2)',
  },
  {
    id: 10002,
    loginName: 'parent2',
    realName: '李明华',
    type: 3,
    unitId: SCHOOL_UNIT.id,
    sex: 1,
    pairedWith: 10001,
    note: 'parent identity of teacher1, one child',
  },
  {
    id: 10003,
    loginName: 'parent1',
    realName: '王丽',
    type: 3,
    unitId: SCHOOL_UNIT.id,
    sex: 2,
    note: 'parent of two children',
  },
  {
    id: 10004,
    loginName: 'area1',
    realName: '张建国',
    type: 1,
    unitId: AREA_UNIT.id,
    sex: 1,
    note: 'district education bureau account',
  },
  {
    id: 10005,
    loginName: 'staff4',
    realName: '赵敏',
    type: 4,
    unitId: SCHOOL_UNIT.id,
    sex: 2,
    note: 'school staff (type 4)',
  },
  {
    id: 10006,
    loginName: 'admin1',
    realName: '陈志远',
    type: 2,
    unitId: SCHOOL_UNIT.id,
    sex: 1,
    admin: true,
    note: 'teacher with the XX_SYS_ admin role',
  },
  { id: 10007, loginName: 'student1', realName: '刘子轩', type: 5, unitId: SCHOOL_UNIT.id, sex: 1, note: 'student' },
];

export const USER_TYPE_NAMES: Record<number, string> = {
  1: 'area',
  2: 'teacher',
  3: 'parent',
  4: 'staff',
  5: 'student',
};

export const USER_CLIENTS = [
  { clientId: 'demo-client-teacher1', userId: 10001, name: '实验中学桌面客户端 / School desktop client' },
];

export const CATEGORIES = [
  { code: 'teaching', name: '教学教务', enName: 'Teaching' },
  { code: 'management', name: '学校管理', enName: 'Management' },
  { code: 'homeSchool', name: '家校互动', enName: 'Home & School' },
  { code: 'tools', name: '常用工具', enName: 'Tools' },
];

export interface SeedApp {
  code: string;
  name: string;
  englishName: string;
  shortName: string;
  englishShortName: string;
  glyph: GlyphName;
  color: string;
  category: string;
  serverId?: string;
  deployPath?: 'pages' | 'area';
  menuRoute: string;
  frontUserType: string;
  limitUserType: string;
  hidden?: boolean;
}

export const APPS: SeedApp[] = [
  {
    code: 'edu',
    name: '教务管理',
    englishName: 'Academic Affairs',
    shortName: '教务',
    englishShortName: 'Academics',
    glyph: 'book',
    color: '#457CD6',
    category: 'teaching',
    serverId: 'edu',
    menuRoute: '/edu/course',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'homework',
    name: '作业管理',
    englishName: 'Homework',
    shortName: '作业',
    englishShortName: 'Homework',
    glyph: 'pencil',
    color: '#F08A24',
    category: 'teaching',
    serverId: 'homework',
    menuRoute: '/homework/list',
    frontUserType: '2,3,4,5',
    limitUserType: '2,3,4,5',
  },
  {
    code: 'exam',
    name: '考试成绩',
    englishName: 'Exams and Scores',
    shortName: '成绩',
    englishShortName: 'Scores',
    glyph: 'chart',
    color: '#E35D6A',
    category: 'teaching',
    serverId: 'exam',
    menuRoute: '/exam/score',
    frontUserType: '2,3,4,5',
    limitUserType: '2,3,4',
  },
  {
    code: 'timetable',
    name: '课程表',
    englishName: 'Timetable',
    shortName: '课表',
    englishShortName: 'Timetable',
    glyph: 'calendar',
    color: '#4DB021',
    category: 'teaching',
    menuRoute: '/timetable/week',
    frontUserType: '2,3,4,5',
    limitUserType: '2,3,4,5',
  },
  {
    code: 'lesson',
    name: '集体备课',
    englishName: 'Lesson Planning',
    shortName: '备课',
    englishShortName: 'Lessons',
    glyph: 'clipboard',
    color: '#8E6CD8',
    category: 'teaching',
    menuRoute: '/lesson/plan',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'base',
    name: '基础数据',
    englishName: 'Basic Data',
    shortName: '基础',
    englishShortName: 'Data',
    glyph: 'database',
    color: '#2F6FD0',
    category: 'management',
    serverId: 'base',
    menuRoute: '/base/unit',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'oa',
    name: '协同办公',
    englishName: 'Office',
    shortName: '办公',
    englishShortName: 'Office',
    glyph: 'briefcase',
    color: '#49C1D9',
    category: 'management',
    menuRoute: '/oa/todo',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'asset',
    name: '资产管理',
    englishName: 'Asset Management',
    shortName: '资产',
    englishShortName: 'Assets',
    glyph: 'box',
    color: '#B07D48',
    category: 'management',
    serverId: 'asset',
    menuRoute: '/asset/list',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'attendance',
    name: '教师考勤',
    englishName: 'Staff Attendance',
    shortName: '考勤',
    englishShortName: 'Attendance',
    glyph: 'clock',
    color: '#26A69A',
    category: 'management',
    menuRoute: '/attendance/today',
    frontUserType: '2,4',
    limitUserType: '2,4',
  },
  {
    code: 'notice',
    name: '通知公告',
    englishName: 'Notices',
    shortName: '通知',
    englishShortName: 'Notices',
    glyph: 'bell',
    color: '#E31D1A',
    category: 'homeSchool',
    menuRoute: '/notice/list',
    frontUserType: '1,2,3,4,5',
    limitUserType: '1,2,3,4,5',
  },
  {
    code: 'growth',
    name: '成长档案',
    englishName: 'Growth Records',
    shortName: '成长',
    englishShortName: 'Growth',
    glyph: 'sprout',
    color: '#5DB85C',
    category: 'homeSchool',
    menuRoute: '/growth/record',
    frontUserType: '2,3,4,5',
    limitUserType: '2,3,4,5',
  },
  {
    code: 'leave',
    name: '请假管理',
    englishName: 'Leave Requests',
    shortName: '请假',
    englishShortName: 'Leave',
    glyph: 'leave',
    color: '#F5A623',
    category: 'homeSchool',
    menuRoute: '/leave/list',
    frontUserType: '2,3,4',
    limitUserType: '2,3,4',
  },
  {
    code: 'netdisk',
    name: '云盘',
    englishName: 'Cloud Drive',
    shortName: '云盘',
    englishShortName: 'Drive',
    glyph: 'cloud',
    color: '#3D8BFD',
    category: 'tools',
    menuRoute: '/netdisk/my',
    frontUserType: '1,2,3,4,5',
    limitUserType: '1,2,3,4,5',
  },
  {
    code: 'survey',
    name: '问卷调查',
    englishName: 'Surveys',
    shortName: '问卷',
    englishShortName: 'Surveys',
    glyph: 'survey',
    color: '#7B61FF',
    category: 'tools',
    serverId: 'survey',
    menuRoute: '/survey/list',
    frontUserType: '1,2,3,4',
    limitUserType: '1,2,3,4',
  },
  {
    code: 'library',
    name: '图书馆',
    englishName: 'Library',
    shortName: '图书',
    englishShortName: 'Library',
    glyph: 'book',
    color: '#6D4C41',
    category: 'tools',
    menuRoute: '/library/search',
    frontUserType: '2,4,5',
    limitUserType: '2,4,5',
    hidden: true,
  },
  {
    code: 'canteen',
    name: '智慧食堂',
    englishName: 'Smart Canteen',
    shortName: '食堂',
    englishShortName: 'Canteen',
    glyph: 'canteen',
    color: '#FF7043',
    category: 'tools',
    menuRoute: '/canteen/menu',
    frontUserType: '2,3,4,5',
    limitUserType: '2,3,4,5',
    hidden: true,
  },
  {
    code: 'areaBase',
    name: '区域管理',
    englishName: 'District Administration',
    shortName: '区域',
    englishShortName: 'District',
    glyph: 'building',
    color: '#1E5FBF',
    category: 'management',
    serverId: 'areaBase',
    deployPath: 'area',
    menuRoute: '/areaBase/schools',
    frontUserType: '1',
    limitUserType: '1',
  },
  {
    code: 'areaReport',
    name: '区域统计报表',
    englishName: 'District Reports',
    shortName: '报表',
    englishShortName: 'Reports',
    glyph: 'chart',
    color: '#00897B',
    category: 'management',
    serverId: 'areaReport',
    deployPath: 'area',
    menuRoute: '/areaReport/overview',
    frontUserType: '1',
    limitUserType: '1',
  },
];

/** Apps each unit has; the area also has base and edu, which the client hides for non-school units (spec §6). */
export const UNIT_APPS: Record<number, string[]> = {
  [SCHOOL_UNIT.id]: APPS.filter((app) => app.deployPath !== 'area').map((app) => app.code),
  [AREA_UNIT.id]: ['areaBase', 'areaReport', 'notice', 'netdisk', 'survey', 'base', 'edu'],
};

export const USER_APP_ORDER: Record<number, string[]> = { 10001: ['homework', 'edu', 'timetable', 'exam'] };

export interface SeedMenuNode {
  code: string;
  name: string;
  enName: string;
  route?: string;
  adminOnly?: boolean;
  children?: SeedMenuNode[];
}

/** Menu trees per app. Codes with an `area` middle part are also registered without it by the client (spec §6). */
export const MENUS: Record<string, SeedMenuNode[]> = {
  base: [
    {
      code: 'base_org',
      name: '组织机构',
      enName: 'Organisation',
      children: [
        { code: 'base_unit', name: '单位信息', enName: 'Unit Information', route: '/base/unit' },
        { code: 'base_teacher', name: '教职工管理', enName: 'Staff', route: '/base/teacher' },
        { code: 'base_student', name: '学生管理', enName: 'Students', route: '/base/student' },
        { code: 'base_class', name: '班级管理', enName: 'Classes', route: '/base/class' },
      ],
    },
    { code: 'base_area_report', name: '区域数据上报', enName: 'District Data Reporting', route: '/base/areaReport' },
    {
      code: 'base_sys',
      name: '系统设置',
      enName: 'System Settings',
      adminOnly: true,
      children: [
        { code: 'base_role', name: '角色权限', enName: 'Roles and Permissions', route: '/base/role', adminOnly: true },
        { code: 'base_license', name: '模块授权', enName: 'Module Licences', route: '/base/license', adminOnly: true },
      ],
    },
  ],
  edu: [
    { code: 'edu_course', name: '排课管理', enName: 'Scheduling', route: '/edu/course' },
    { code: 'edu_exam', name: '考试管理', enName: 'Exams', route: '/edu/exam' },
    { code: 'edu_area_stat', name: '区域教务统计', enName: 'District Teaching Statistics', route: '/edu/areaStat' },
  ],
  homework: [
    { code: 'homework_publish', name: '布置作业', enName: 'Set Homework', route: '/homework/publish' },
    { code: 'homework_review', name: '批改作业', enName: 'Mark Homework', route: '/homework/review' },
    { code: 'homework_stat', name: '作业统计', enName: 'Homework Statistics', route: '/homework/stat' },
  ],
};

export interface SeedMessage {
  userId: number;
  meno: string;
  ageMs: number;
  module: string;
  importance: number;
  url?: string;
  /** 1 opens the module-expiry dialog; its content lists the unit's expired and expiring modules. */
  openWay?: number;
  read?: boolean;
}

const messagesForTeacher = (userId: number): SeedMessage[] => [
  {
    userId,
    meno: '【紧急】今天15:00全体教师在报告厅召开安全工作会议，请准时参加',
    ageMs: 1 * HOUR,
    module: 'notice',
    importance: 5,
    url: '/notice/detail?id=301',
  },
  {
    userId,
    meno: '初二(3)班数学作业《一次函数》已有32人提交，请及时批改',
    ageMs: 3 * HOUR,
    module: 'homework',
    importance: 4,
    url: '/homework/review?id=5521',
  },
  {
    userId,
    meno: '期中考试成绩已发布，请核对所任班级成绩',
    ageMs: 1 * DAY,
    module: 'exam',
    importance: 3,
    url: '/exam/score?examId=88',
  },
  {
    userId,
    meno: '下周二第3节课调整为自习，请查看最新课表',
    ageMs: 2 * DAY,
    module: 'timetable',
    importance: 2,
    url: '/timetable/week',
  },
  {
    userId,
    meno: '您的云盘空间已使用80%，可清理不需要的文件',
    ageMs: 5 * DAY,
    module: 'netdisk',
    importance: 1,
    url: '/netdisk/my',
  },
  {
    userId,
    meno: '本单位有模块已过期或即将到期，请联系管理员续费',
    ageMs: 6 * HOUR,
    module: 'base',
    importance: 4,
    openWay: 1,
  },
  {
    userId,
    meno: '教研组活动记录已归档',
    ageMs: 9 * DAY,
    module: 'lesson',
    importance: 3,
    url: '/lesson/plan',
    read: true,
  },
];

export const MESSAGES: SeedMessage[] = [
  ...messagesForTeacher(10001),
  ...messagesForTeacher(10006),
  {
    userId: 10002,
    meno: '李子涵的《一次函数》作业已被老师批改',
    ageMs: 4 * HOUR,
    module: 'homework',
    importance: 2,
    url: '/homework/detail?id=5521',
  },
  {
    userId: 10003,
    meno: '王小明的请假申请已通过（3月12日 病假1天）',
    ageMs: 2 * HOUR,
    module: 'leave',
    importance: 3,
    url: '/leave/detail?id=712',
  },
  {
    userId: 10003,
    meno: '【通知】本周五下午学校举行家长开放日活动',
    ageMs: 1 * DAY,
    module: 'notice',
    importance: 4,
    url: '/notice/detail?id=305',
  },
  {
    userId: 10003,
    meno: '王小红的期中成绩单已发布',
    ageMs: 3 * DAY,
    module: 'exam',
    importance: 2,
    url: '/exam/report?studentId=20002',
  },
  {
    userId: 10004,
    meno: '各学校本学期学生体质健康数据上报截止日期为本月25日',
    ageMs: 5 * HOUR,
    module: 'areaReport',
    importance: 4,
    url: '/areaReport/overview',
  },
  {
    userId: 10004,
    meno: '区域资产年报已生成',
    ageMs: 2 * DAY,
    module: 'areaBase',
    importance: 1,
    url: '/areaBase/schools',
  },
  {
    userId: 10005,
    meno: '本周教师考勤异常2人次，请核实',
    ageMs: 8 * HOUR,
    module: 'attendance',
    importance: 3,
    url: '/attendance/today',
  },
  {
    userId: 10005,
    meno: '新学期课表已生成，请分发至各班',
    ageMs: 2 * DAY,
    module: 'edu',
    importance: 2,
    url: '/edu/course',
  },
  {
    userId: 10007,
    meno: '你有一份新的数学作业，截止时间明天20:00',
    ageMs: 2 * HOUR,
    module: 'homework',
    importance: 3,
    url: '/homework/detail?id=5521',
  },
];

export interface SeedTodo {
  userId: number;
  title: string;
  content: string;
  module: string;
  url: string;
  importance: number;
  ageMs: number;
}

export const POPUP_TODOS: SeedTodo[] = [
  {
    userId: 10001,
    title: '请假审批',
    content: '王小明（初一1班）申请3月12日病假1天，待您审批',
    module: 'leave',
    url: '/leave/approve?id=712',
    importance: 4,
    ageMs: 20 * 60 * 1000,
  },
  {
    userId: 10001,
    title: '批改作业',
    content: '初二(3)班《一次函数》作业待批改（32份）',
    module: 'homework',
    url: '/homework/review?id=5521',
    importance: 3,
    ageMs: 2 * HOUR,
  },
  {
    userId: 10001,
    title: '填报教学进度',
    content: '请在本周五前填报第7周教学进度',
    module: 'edu',
    url: '/edu/progress',
    importance: 3,
    ageMs: 5 * HOUR,
  },
  {
    userId: 10001,
    title: '成绩审核',
    content: '期中考试初二数学成绩待审核',
    module: 'exam',
    url: '/exam/audit?examId=88',
    importance: 4,
    ageMs: 8 * HOUR,
  },
  {
    userId: 10001,
    title: '调课确认',
    content: '王老师申请与您调换周三第2节课，请确认',
    module: 'timetable',
    url: '/timetable/swap?id=46',
    importance: 2,
    ageMs: 1 * DAY,
  },
  {
    userId: 10001,
    title: '公文签收',
    content: '《关于开展防溺水安全教育的通知》待签收',
    module: 'oa',
    url: '/oa/doc?id=9001',
    importance: 5,
    ageMs: 1 * DAY + 3 * HOUR,
  },
  {
    userId: 10001,
    title: '问卷填写',
    content: '2026年教师满意度调查问卷，预计用时5分钟',
    module: 'survey',
    url: '/survey/fill?id=17',
    importance: 1,
    ageMs: 2 * DAY,
  },
  {
    userId: 10001,
    title: '提交教案',
    content: '集体备课：请提交第8周数学教案',
    module: 'lesson',
    url: '/lesson/plan?week=8',
    importance: 2,
    ageMs: 3 * DAY,
  },
  {
    userId: 10006,
    title: '资产报修审批',
    content: '物理实验室投影仪报修单待审批',
    module: 'asset',
    url: '/asset/repair?id=311',
    importance: 3,
    ageMs: 3 * HOUR,
  },
  {
    userId: 10006,
    title: '账号审核',
    content: '3名新教师账号待审核开通',
    module: 'base',
    url: '/base/teacher?status=pending',
    importance: 4,
    ageMs: 1 * DAY,
  },
  {
    userId: 10006,
    title: '模块续费',
    content: '资产管理模块已过期，请联系服务商续费',
    module: 'base',
    url: '/base/license',
    importance: 5,
    ageMs: 2 * DAY,
  },
  {
    userId: 10003,
    title: '回执确认',
    content: '家长开放日活动回执待确认',
    module: 'notice',
    url: '/notice/receipt?id=305',
    importance: 3,
    ageMs: 1 * DAY,
  },
  {
    userId: 10003,
    title: '成长档案',
    content: '请为王小明上传本学期社会实践照片',
    module: 'growth',
    url: '/growth/record?studentId=20001',
    importance: 2,
    ageMs: 2 * DAY,
  },
  {
    userId: 10004,
    title: '报表审核',
    content: '实验中学提交的学生体质数据待审核',
    module: 'areaReport',
    url: '/areaReport/audit?id=77',
    importance: 4,
    ageMs: 4 * HOUR,
  },
];

/** Licence end times relative to the seed moment: expired (< 0), expiring (within 90 days) and in use. */
export const MODULE_LICENCES: { unitId: number; code: string; name: string; enName: string; endsInMs: number }[] = [
  { unitId: SCHOOL_UNIT.id, code: 'base', name: '基础数据', enName: 'Basic Data', endsInMs: 400 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'edu', name: '教务管理', enName: 'Academic Affairs', endsInMs: 200 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'exam', name: '考试成绩', enName: 'Exams and Scores', endsInMs: 120 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'notice', name: '通知公告', enName: 'Notices', endsInMs: 365 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'homework', name: '作业管理', enName: 'Homework', endsInMs: 20 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'attendance', name: '教师考勤', enName: 'Staff Attendance', endsInMs: 75 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'asset', name: '资产管理', enName: 'Asset Management', endsInMs: -10 * DAY },
  { unitId: SCHOOL_UNIT.id, code: 'survey', name: '问卷调查', enName: 'Surveys', endsInMs: -40 * DAY },
  { unitId: AREA_UNIT.id, code: 'areaBase', name: '区域管理', enName: 'District Administration', endsInMs: 300 * DAY },
  { unitId: AREA_UNIT.id, code: 'areaReport', name: '区域统计报表', enName: 'District Reports', endsInMs: 45 * DAY },
  { unitId: AREA_UNIT.id, code: 'survey', name: '问卷调查', enName: 'Surveys', endsInMs: -5 * DAY },
];

export interface SeedStudent {
  id: number;
  realName: string;
  sex: number;
  gradeName: string;
  className: string;
  status: number;
  parentIds: number[];
  userId?: number;
}

export const STUDENTS: SeedStudent[] = [
  {
    id: 20001,
    realName: '王小明',
    sex: 1,
    gradeName: '七年级',
    className: '七年级(1)班',
    status: 1,
    parentIds: [10003],
  },
  {
    id: 20002,
    realName: '王小红',
    sex: 2,
    gradeName: '九年级',
    className: '九年级(2)班',
    status: 1,
    parentIds: [10003],
  },
  // Graduated: kept to show that only children with status 1 are offered (spec §3 "Parent context").
  {
    id: 20003,
    realName: '王小刚',
    sex: 1,
    gradeName: '2025届',
    className: '九年级(4)班',
    status: 0,
    parentIds: [10003],
  },
  {
    id: 20004,
    realName: '李子涵',
    sex: 2,
    gradeName: '八年级',
    className: '八年级(3)班',
    status: 1,
    parentIds: [10002],
  },
  {
    id: 20005,
    realName: '刘子轩',
    sex: 1,
    gradeName: '八年级',
    className: '八年级(3)班',
    status: 1,
    parentIds: [],
    userId: 10007,
  },
];

export const CURRENT_CHILD: Record<number, number> = { 10003: 20001, 10002: 20004 };

export const VERSIONS = [
  {
    version: '2.0.0',
    ageDays: 3,
    metto: [
      { cn: '全新桌面：支持顶部与左侧两种布局', en: 'New desktop with top and left layouts' },
      { cn: '新增繁体中文界面', en: 'Added a Traditional Chinese interface' },
      { cn: '主题支持自定义颜色', en: 'Themes accept a custom colour' },
    ],
  },
  {
    version: '1.9.0',
    ageDays: 64,
    metto: [
      { cn: '消息按重要程度显示不同颜色', en: 'Messages are coloured by importance' },
      { cn: '家长可在多个孩子之间切换', en: 'Parents can switch between their children' },
    ],
  },
  {
    version: '1.8.2',
    ageDays: 151,
    metto: [{ cn: '修复登录过期后未提示的问题', en: 'Fixed a missing notice when a session expired' }],
  },
];

export const USER_THEMES: Record<number, { theme: string; lang: string }> = {
  10003: { theme: 'lotus', lang: 'zh-CN' },
};

/** Login page and unit configuration; `badge` is replaced by the record-filing badge's URL. */
export function unitConfigs(year: number, badgeUrl: string) {
  const footerMsg = (holder: { name: string; enName: string }, icp: string, police: string) => ({
    show: true,
    showBaMsg: true,
    baList: [
      { baUrl: 'https://beian.miit.gov.cn/', baImg: '', baContent: icp, showImg: false },
      {
        baUrl: `https://beian.mps.gov.cn/#/query/webSearch?code=${police.replace(/\D/g, '')}`,
        baImg: badgeUrl,
        baContent: police,
        showImg: true,
      },
    ],
    copyright: `版权所有 © 2019-${year} ${holder.name}|||Copyright © 2019-${year} ${holder.enName}`,
    helpCenter: true,
    conectNZ: '技术支持：0571-8666 2026|||Support: +86 571 8666 2026',
  });
  const product = { name: '智慧教育门户', enName: 'Smart Education Portal' };
  return [
    {
      unitId: 0,
      footer: `${product.name}|||${product.enName}`,
      // No web site: the demo units have none, and a seeded address that never resolves is a dead link.
      link: '',
      decorationSet: {
        defaultLanguage: 'zh-CN',
        footerMsg: { ...footerMsg(product, '浙ICP备2026000001号-1', '浙公网安备33010802000001号'), showBaMsg: false },
      },
    },
    {
      unitId: SCHOOL_UNIT.id,
      footer:
        '滨江区实验中学 · 杭州市滨江区江汉路1888号|||Binjiang Experimental Middle School · 1888 Jianghan Road, Binjiang, Hangzhou',
      // No web site: the demo units have none, and a seeded address that never resolves is a dead link.
      link: '',
      decorationSet: {
        defaultLanguage: 'zh-CN',
        footerMsg: footerMsg(SCHOOL_UNIT, '浙ICP备2026012345号-1', '浙公网安备33010802012345号'),
      },
    },
    {
      unitId: AREA_UNIT.id,
      footer:
        '滨江区教育局 · 杭州市滨江区江南大道3850号|||Binjiang District Education Bureau · 3850 Jiangnan Avenue, Hangzhou',
      // No web site: the demo units have none, and a seeded address that never resolves is a dead link.
      link: '',
      decorationSet: {
        defaultLanguage: 'zh-CN',
        footerMsg: footerMsg(AREA_UNIT, '浙ICP备2026012300号-2', '浙公网安备33010802012300号'),
      },
    },
  ];
}

/**
 * Login providers of the school's login box. There is no internet, so each login address points to the
 * development provider of this server; the client appends `state` and `redirect_uri`.
 */
export interface SeedSocialProvider {
  providerId: string;
  unitId: number;
  providerAppId: string;
  providerApplicationId: string;
  name: string;
}

export const DEV_SOCIAL_AUTHORIZE_PATH = '/api/uaa/social/dev/authorize';

export const SOCIAL_PROVIDERS: SeedSocialProvider[] = [
  {
    providerId: 'weixin',
    unitId: SCHOOL_UNIT.id,
    providerAppId: 'wx5e1f0c3a9b7d2468',
    providerApplicationId: 'edu-portal-web',
    name: '微信 / WeChat',
  },
  {
    providerId: 'work-weixin',
    unitId: SCHOOL_UNIT.id,
    providerAppId: 'ww3c8d1e5f7a9b2c40',
    providerApplicationId: '1000002',
    name: '企业微信 / WeChat Work',
  },
  {
    providerId: 'dingtalk',
    unitId: SCHOOL_UNIT.id,
    providerAppId: 'dingoa7x2k9q4m1z8c',
    providerApplicationId: '2026001',
    name: '钉钉 / DingTalk',
  },
];

/** Per provider: one identity bound to teacher1 and one that is not bound to any account. */
export const SOCIAL_IDENTITIES: {
  providerId: string;
  openid: string;
  unionid: string;
  nickname: string;
  userId: number | null;
}[] = [
  { providerId: 'weixin', openid: 'o-wx-teacher1-3f9a2c', unionid: 'u-limh-7d21', nickname: '李明华', userId: 10001 },
  { providerId: 'weixin', openid: 'o-wx-guest-8b41d0', unionid: 'u-guest-5e90', nickname: '访客 Guest', userId: null },
  { providerId: 'work-weixin', openid: 'qy-limh', unionid: 'u-limh-7d21', nickname: '李明华', userId: 10001 },
  { providerId: 'work-weixin', openid: 'qy-guest-2041', unionid: 'u-guest-5e90', nickname: '访客 Guest', userId: null },
  { providerId: 'dingtalk', openid: 'ding-limh-61c7', unionid: 'u-limh-7d21', nickname: '李明华', userId: 10001 },
  { providerId: 'dingtalk', openid: 'ding-guest-0f3e', unionid: 'u-guest-5e90', nickname: '访客 Guest', userId: null },
];

/** The demo application that signs in through the portal (shiyue_webauth), and its callback page on this server. */
export const DEMO_LMS = {
  clientId: 'demo-lms',
  secret: 'demo-lms-secret',
  name: '实验中学学习平台',
  enName: 'Demo Learning Platform',
  callbackPath: '/sso/demo-lms/callback',
  scopes: 'base userinfo',
};

export const EXTERNAL_APPS = [
  {
    appCode: 'demo-lms',
    name: DEMO_LMS.name,
    enName: DEMO_LMS.enName,
    loginUrl:
      `/#/authorize?response_type=code&client_id=${DEMO_LMS.clientId}` +
      `&redirect_uri=${encodeURIComponent(DEMO_LMS.callbackPath)}&scope=base&state=desktop`,
  },
];

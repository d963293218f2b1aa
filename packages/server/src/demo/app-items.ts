/**
 * What the demo apps' messages and to-dos are about (every message opens its item): every seeded message and to-do names a page of
 * its app (`/notice/detail?id=301`, `/leave/approve?id=712` …), and that page shows the item named here — the notice,
 * the homework, the leave request, the week's timetable. Each item belongs to a unit and is shown to the user types
 * it concerns. Texts are bilingual server text (`中文|||English`), shown in the user's language by the client.
 */
import { AREA_UNIT, SCHOOL_UNIT } from '../db/seed-data.ts';

export interface AppItem {
  /** The page and query the messages name, e.g. `/notice/detail?id=301`. */
  url: string;
  unitId: number;
  /** The user types that see it. */
  userTypes: readonly number[];
  title: string;
  /** Label and value pairs shown as a description list. */
  fields: readonly (readonly [string, string])[];
  /** Paragraphs of the item. */
  text: readonly string[];
}

const TEACHERS = [2, 4];
const SCHOOL_PEOPLE = [2, 3, 4, 5];
const PARENTS_AND_TEACHERS = [2, 3, 4];
const school = SCHOOL_UNIT.id;
const area = AREA_UNIT.id;

export const APP_ITEMS: readonly AppItem[] = [
  {
    url: '/notice/detail?id=301',
    unitId: school,
    userTypes: TEACHERS,
    title: '关于召开全体教师安全工作会议的通知|||Notice: staff meeting on school safety',
    fields: [
      ['发布部门|||From', '校长办公室|||Principal’s Office'],
      ['时间|||When', '今天 15:00|||Today 15:00'],
      ['地点|||Where', '学校报告厅|||School lecture hall'],
    ],
    text: [
      '请全体教师准时参加，会议将布置本学期校园安全、消防演练和学生上下学安全工作。|||All teachers please attend on time: the meeting plans this term’s campus safety, fire drills and safe journeys to and from school.',
    ],
  },
  {
    url: '/notice/detail?id=305',
    unitId: school,
    userTypes: SCHOOL_PEOPLE,
    title: '家长开放日活动通知|||Parents’ open day',
    fields: [
      ['发布部门|||From', '德育处|||Pastoral Office'],
      ['时间|||When', '本周五 14:00—16:30|||This Friday 14:00–16:30'],
      ['地点|||Where', '各班教室、学校操场|||Classrooms and the sports ground'],
    ],
    text: [
      '欢迎家长走进课堂听课，并参观学生作品展。请在“回执确认”中告知是否参加。|||Parents are welcome to sit in on lessons and visit the pupils’ exhibition. Please say in the reply slip whether you will come.',
    ],
  },
  {
    url: '/notice/receipt?id=305',
    unitId: school,
    userTypes: [3],
    title: '回执：家长开放日活动|||Reply slip: parents’ open day',
    fields: [
      ['活动时间|||When', '本周五 14:00—16:30|||This Friday 14:00–16:30'],
      ['回执截止|||Reply by', '本周四 18:00|||Thursday 18:00'],
      ['状态|||Status', '待确认|||Awaiting your reply'],
    ],
    text: [
      '请确认是否参加，以及参加人数（每名学生最多两位家长）。|||Please confirm whether you will come, and how many (at most two parents per pupil).',
    ],
  },
  {
    url: '/homework/review?id=5521',
    unitId: school,
    userTypes: TEACHERS,
    title: '批改作业：《一次函数》练习|||Marking: linear functions exercise',
    fields: [
      ['班级|||Class', '初二(3)班|||Grade 8 Class 3'],
      ['已提交|||Handed in', '32 / 45'],
      ['截止时间|||Due', '明天 20:00|||Tomorrow 20:00'],
    ],
    text: [
      '已提交的 32 份作业待批改；未提交的 13 名学生已收到提醒。|||32 handed-in exercises await marking; the 13 pupils who have not handed in were reminded.',
    ],
  },
  {
    url: '/homework/detail?id=5521',
    unitId: school,
    userTypes: [3, 5],
    title: '数学作业：《一次函数》练习|||Maths homework: linear functions exercise',
    fields: [
      ['科目|||Subject', '数学|||Maths'],
      ['布置老师|||Set by', '李明华|||Li Minghua'],
      ['截止时间|||Due', '明天 20:00|||Tomorrow 20:00'],
    ],
    text: [
      '完成课本第 86 页习题 1—8，写出解题过程，拍照上传。|||Do exercises 1–8 on page 86 of the textbook, show your working, and upload a photo.',
    ],
  },
  {
    url: '/exam/score?examId=88',
    unitId: school,
    userTypes: TEACHERS,
    title: '期中考试成绩（所任班级）|||Mid-term results (your classes)',
    fields: [
      ['考试|||Exam', '2026 学年第一学期期中考试|||2026 first-term mid-term exam'],
      ['班级|||Classes', '初二(3)班、初二(5)班|||Grade 8 Classes 3 and 5'],
      ['平均分|||Average', '86.4'],
    ],
    text: [
      '请在本周内核对成绩，如有录入错误请联系教务处。|||Please check the results this week and tell the Academic Office of any entry error.',
    ],
  },
  {
    url: '/exam/audit?examId=88',
    unitId: school,
    userTypes: TEACHERS,
    title: '成绩审核：期中考试初二数学|||Results to approve: Grade 8 maths mid-term',
    fields: [
      ['考试|||Exam', '2026 学年第一学期期中考试|||2026 first-term mid-term exam'],
      ['待审核|||To approve', '初二年级 6 个班，共 268 人|||6 Grade 8 classes, 268 pupils'],
    ],
    text: ['审核通过后成绩向学生和家长发布。|||Once approved, results are published to pupils and parents.'],
  },
  {
    url: '/exam/report?studentId=20002',
    unitId: school,
    userTypes: [3],
    title: '王小红的期中成绩单|||Wang Xiaohong’s mid-term report',
    fields: [
      ['语文|||Chinese', '92'],
      ['数学|||Maths', '88'],
      ['英语|||English', '95'],
    ],
    text: ['班主任评语：学习认真，课堂发言积极。|||Form tutor: works carefully and speaks up in class.'],
  },
  {
    url: '/timetable/week',
    unitId: school,
    userTypes: SCHOOL_PEOPLE,
    title: '本周课表|||This week’s timetable',
    fields: [
      ['周二 第3节|||Tuesday, period 3', '自习（原数学）|||Self-study (was maths)'],
      ['周三 第2节|||Wednesday, period 2', '数学|||Maths'],
    ],
    text: [
      '下周二第 3 节课调整为自习，其余课程不变。|||Next Tuesday’s period 3 becomes self-study; the other lessons stay.',
    ],
  },
  {
    url: '/timetable/swap?id=46',
    unitId: school,
    userTypes: TEACHERS,
    title: '调课申请|||Lesson swap request',
    fields: [
      ['申请人|||From', '王老师|||Mr Wang'],
      ['调换课节|||Lesson', '周三第2节 初二(3)班|||Wednesday period 2, Grade 8 Class 3'],
      ['状态|||Status', '待您确认|||Awaiting your answer'],
    ],
    text: [
      '王老师因外出教研，申请与您调换周三第 2 节课。|||Mr Wang is away at a teaching seminar and asks to swap Wednesday’s period 2 with you.',
    ],
  },
  {
    url: '/netdisk/my',
    unitId: school,
    userTypes: SCHOOL_PEOPLE,
    title: '我的云盘|||My cloud drive',
    fields: [
      ['已用空间|||Used', '8.0 GB / 10 GB (80%)'],
      ['文件数|||Files', '1,264'],
    ],
    text: [
      '可删除不再需要的文件或清空回收站来释放空间。|||Free space by deleting files you no longer need or by emptying the bin.',
    ],
  },
  {
    url: '/lesson/plan',
    unitId: school,
    userTypes: TEACHERS,
    title: '教研组活动记录|||Subject group meeting records',
    fields: [
      ['教研组|||Group', '初二数学组|||Grade 8 maths'],
      ['状态|||Status', '已归档|||Archived'],
    ],
    text: [
      '第 7 周活动：《一次函数》单元集体备课，记录已归档。|||Week 7: shared planning of the linear functions unit; the record is archived.',
    ],
  },
  {
    url: '/lesson/plan?week=8',
    unitId: school,
    userTypes: TEACHERS,
    title: '第8周数学教案|||Week 8 maths lesson plans',
    fields: [
      ['教研组|||Group', '初二数学组|||Grade 8 maths'],
      ['提交截止|||Due', '本周五|||This Friday'],
      ['状态|||Status', '待提交|||Not handed in'],
    ],
    text: [
      '集体备课：请提交第 8 周《一次函数的图像》教案。|||Shared planning: please hand in the week 8 plan for graphs of linear functions.',
    ],
  },
  {
    url: '/leave/detail?id=712',
    unitId: school,
    userTypes: PARENTS_AND_TEACHERS,
    title: '王小明的请假申请|||Wang Xiaoming’s leave request',
    fields: [
      ['类型|||Type', '病假|||Sick leave'],
      ['日期|||Date', '3月12日，1天|||12 March, 1 day'],
      ['状态|||Status', '已通过|||Approved'],
    ],
    text: [
      '班主任已批准，请返校时带上医院证明。|||Approved by the form tutor; please bring a doctor’s note on return.',
    ],
  },
  {
    url: '/leave/approve?id=712',
    unitId: school,
    userTypes: TEACHERS,
    title: '请假审批：王小明（初一1班）|||Leave to approve: Wang Xiaoming (Grade 7 Class 1)',
    fields: [
      ['类型|||Type', '病假|||Sick leave'],
      ['日期|||Date', '3月12日，1天|||12 March, 1 day'],
      ['申请人|||Asked by', '王丽（家长）|||Wang Li (parent)'],
    ],
    text: ['孩子发烧，需在家休息一天。|||My child has a fever and needs a day at home.'],
  },
  {
    url: '/edu/course',
    unitId: school,
    userTypes: TEACHERS,
    title: '新学期课表|||New term timetable',
    fields: [
      ['学期|||Term', '2026 学年第二学期|||2026 second term'],
      ['班级|||Classes', '全校 24 个班|||All 24 classes'],
    ],
    text: ['课表已生成，请核对后分发至各班。|||The timetable is ready; check it and send it to every class.'],
  },
  {
    url: '/edu/progress',
    unitId: school,
    userTypes: TEACHERS,
    title: '填报教学进度（第7周）|||Teaching progress, week 7',
    fields: [
      ['科目|||Subject', '数学|||Maths'],
      ['填报截止|||Due', '本周五|||This Friday'],
    ],
    text: ['请填写第 7 周完成的课时与章节。|||Please enter the lessons and chapters you covered in week 7.'],
  },
  {
    url: '/oa/doc?id=9001',
    unitId: school,
    userTypes: TEACHERS,
    title: '关于开展防溺水安全教育的通知|||Notice on drowning-prevention safety education',
    fields: [
      ['来文单位|||From', '滨江区教育局|||Binjiang District Education Bureau'],
      ['状态|||Status', '待签收|||Awaiting receipt'],
    ],
    text: [
      '各班于本月内开展一次防溺水主题班会，并向家长发放告知书。|||Each class holds a drowning-prevention class meeting this month and sends the notice to parents.',
    ],
  },
  {
    url: '/survey/fill?id=17',
    unitId: school,
    userTypes: TEACHERS,
    title: '2026年教师满意度调查|||2026 staff satisfaction survey',
    fields: [
      ['题目数|||Questions', '12'],
      ['预计用时|||Takes about', '5 分钟|||5 minutes'],
    ],
    text: ['问卷匿名填写，结果用于改进学校管理。|||Answers are anonymous and help improve how the school is run.'],
  },
  {
    url: '/asset/repair?id=311',
    unitId: school,
    userTypes: TEACHERS,
    title: '报修单：物理实验室投影仪|||Repair request: physics lab projector',
    fields: [
      ['报修人|||Reported by', '物理组|||Physics group'],
      ['故障|||Fault', '投影画面闪烁|||The picture flickers'],
      ['状态|||Status', '待审批|||Awaiting approval'],
    ],
    text: ['请审批后派单给后勤维修。|||Approve it to send the job to maintenance.'],
  },
  {
    url: '/base/teacher?status=pending',
    unitId: school,
    userTypes: TEACHERS,
    title: '待审核的教师账号|||Staff accounts awaiting approval',
    fields: [
      ['待审核|||Waiting', '3'],
      ['申请人|||Applicants', '周晓、吴宇、郑洁|||Zhou Xiao, Wu Yu, Zheng Jie'],
    ],
    text: [
      '核对身份后开通账号，新教师即可登录门户。|||Check who they are, then open the accounts so the new teachers can sign in.',
    ],
  },
  {
    url: '/base/license',
    unitId: school,
    userTypes: TEACHERS,
    title: '模块授权|||Module licences',
    fields: [
      ['已过期|||Expired', '资产管理、问卷调查|||Asset Management, Surveys'],
      ['即将到期|||Expiring', '作业管理、教师考勤|||Homework, Staff Attendance'],
    ],
    text: [
      '资产管理模块已过期，请联系服务商续费。|||The Asset Management licence has expired; contact the supplier to renew it.',
    ],
  },
  {
    url: '/attendance/today',
    unitId: school,
    userTypes: TEACHERS,
    title: '今日考勤|||Today’s attendance',
    fields: [
      ['本周异常|||This week’s exceptions', '2 人次|||2'],
      ['今日出勤|||Present today', '96 / 98'],
    ],
    text: [
      '异常：周一 张老师 迟到；周三 刘老师 未打卡。|||Exceptions: Monday, Ms Zhang late; Wednesday, Mr Liu did not clock in.',
    ],
  },
  {
    url: '/growth/record?studentId=20001',
    unitId: school,
    userTypes: [3],
    title: '王小明的成长档案|||Wang Xiaoming’s growth record',
    fields: [
      ['本学期记录|||This term', '5 条|||5 entries'],
      ['待上传|||To upload', '社会实践照片|||Community service photos'],
    ],
    text: [
      '请上传本学期社会实践活动照片（最多 9 张）。|||Please upload this term’s community service photos (up to 9).',
    ],
  },
  {
    url: '/areaReport/overview',
    unitId: area,
    userTypes: [1],
    title: '学生体质健康数据上报|||Pupil fitness data returns',
    fields: [
      ['截止日期|||Due', '本月25日|||The 25th of this month'],
      ['已上报|||Returned', '12 / 18 所学校|||12 of 18 schools'],
    ],
    text: [
      '未上报学校：请督促在截止日期前完成。|||Schools that have not returned: please chase them before the due date.',
    ],
  },
  {
    url: '/areaReport/audit?id=77',
    unitId: area,
    userTypes: [1],
    title: '报表审核：实验中学学生体质数据|||Return to check: Experimental Middle School fitness data',
    fields: [
      ['学校|||School', '滨江区实验中学|||Binjiang Experimental Middle School'],
      ['学生数|||Pupils', '1,086'],
      ['状态|||Status', '待审核|||Awaiting review'],
    ],
    text: ['请核对数据后通过或退回。|||Check the data, then accept or return it.'],
  },
  {
    url: '/areaBase/schools',
    unitId: area,
    userTypes: [1],
    title: '区域学校与资产年报|||District schools and annual asset report',
    fields: [
      ['学校数|||Schools', '18'],
      ['年报状态|||Annual report', '已生成|||Ready'],
    ],
    text: [
      '2026 年度区域资产年报已生成，可按学校查看明细。|||The 2026 district asset report is ready; open a school for its details.',
    ],
  },
];

/** A url's key: its path and its query parameters in name order, so `?b=1&a=2` and `?a=2&b=1` are one item. */
export function itemKey(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  query.sort();
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const BY_KEY = new Map(APP_ITEMS.map((item) => [itemKey(item.url), item]));

/** The item at `url` that a user of `unitId` and `userType` may see, or null. */
export function findAppItem(url: string, user: { unitId: number; type: number }): AppItem | null {
  const item = BY_KEY.get(itemKey(url));
  return item && item.unitId === user.unitId && item.userTypes.includes(user.type) ? item : null;
}

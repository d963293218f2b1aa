/**
 * The demo student roster behind the paged-list calls (docs/decisions.md "Demo data and apps"): 2,000 fictional
 * pupils of the seeded middle school, made by a seeded generator so every start (and every test) sees the same
 * rows. Names come in Chinese and in pinyin, class names in both languages.
 */

export type Gender = 'male' | 'female';

export interface Student {
  id: number;
  /** Enrolment year, grade, class and seat: `2024070312`. */
  studentNo: string;
  name: string;
  nameEn: string;
  gender: Gender;
  /** 7, 8 or 9 (初一 … 初三). */
  grade: number;
  classNo: number;
  className: string;
  classNameEn: string;
  /** `YYYY-MM-DD`. */
  birthDate: string;
  /** Masked as the real system shows it: `138****1234`. */
  guardianPhone: string;
  boarding: boolean;
}

export const STUDENT_COUNT = 2000;
export const GRADES = [7, 8, 9] as const;
export const CLASSES_PER_GRADE = 12;

// prettier-ignore
const SURNAMES: ReadonlyArray<readonly [string, string]> = [
  ['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['黄', 'Huang'],
  ['赵', 'Zhao'], ['吴', 'Wu'], ['周', 'Zhou'], ['徐', 'Xu'], ['孙', 'Sun'], ['马', 'Ma'], ['朱', 'Zhu'],
  ['胡', 'Hu'], ['郭', 'Guo'], ['何', 'He'], ['林', 'Lin'], ['罗', 'Luo'], ['高', 'Gao'], ['郑', 'Zheng'],
  ['梁', 'Liang'], ['谢', 'Xie'], ['宋', 'Song'], ['唐', 'Tang'], ['许', 'Xu'], ['韩', 'Han'], ['冯', 'Feng'],
  ['邓', 'Deng'], ['曹', 'Cao'], ['彭', 'Peng'], ['曾', 'Zeng'], ['肖', 'Xiao'], ['田', 'Tian'], ['董', 'Dong'],
  ['潘', 'Pan'], ['袁', 'Yuan'], ['蔡', 'Cai'], ['蒋', 'Jiang'], ['余', 'Yu'], ['于', 'Yu'], ['杜', 'Du'],
  ['叶', 'Ye'], ['程', 'Cheng'], ['魏', 'Wei'], ['苏', 'Su'], ['吕', 'Lü'], ['丁', 'Ding'], ['任', 'Ren'],
  ['沈', 'Shen'], ['姚', 'Yao'], ['卢', 'Lu'], ['钟', 'Zhong'], ['姜', 'Jiang'], ['崔', 'Cui'], ['谭', 'Tan'],
  ['陆', 'Lu'], ['范', 'Fan'], ['汪', 'Wang'], ['欧阳', 'Ouyang'],
];

// prettier-ignore
const GIVEN_MALE: ReadonlyArray<readonly [string, string]> = [
  ['浩', 'hao'], ['宇', 'yu'], ['轩', 'xuan'], ['子', 'zi'], ['涵', 'han'], ['博', 'bo'], ['文', 'wen'],
  ['俊', 'jun'], ['杰', 'jie'], ['晨', 'chen'], ['睿', 'rui'], ['泽', 'ze'], ['然', 'ran'], ['天', 'tian'],
  ['明', 'ming'], ['一', 'yi'], ['航', 'hang'], ['铭', 'ming'], ['嘉', 'jia'], ['恒', 'heng'], ['峻', 'jun'],
  ['辰', 'chen'], ['逸', 'yi'], ['凯', 'kai'], ['昊', 'hao'], ['哲', 'zhe'], ['思', 'si'], ['远', 'yuan'],
  ['鹏', 'peng'], ['志', 'zhi'], ['诚', 'cheng'], ['磊', 'lei'], ['翔', 'xiang'], ['煜', 'yu'], ['景', 'jing'],
];

// prettier-ignore
const GIVEN_FEMALE: ReadonlyArray<readonly [string, string]> = [
  ['欣', 'xin'], ['怡', 'yi'], ['诗', 'shi'], ['雨', 'yu'], ['梓', 'zi'], ['萱', 'xuan'], ['佳', 'jia'],
  ['琪', 'qi'], ['可', 'ke'], ['馨', 'xin'], ['悦', 'yue'], ['婷', 'ting'], ['静', 'jing'], ['雅', 'ya'],
  ['妍', 'yan'], ['思', 'si'], ['语', 'yu'], ['晴', 'qing'], ['若', 'ruo'], ['彤', 'tong'], ['心', 'xin'],
  ['玥', 'yue'], ['安', 'an'], ['慧', 'hui'], ['璐', 'lu'], ['蕾', 'lei'], ['楠', 'nan'], ['月', 'yue'],
  ['芸', 'yun'], ['晓', 'xiao'], ['梦', 'meng'], ['菲', 'fei'], ['涵', 'han'], ['然', 'ran'], ['宁', 'ning'],
];

// prettier-ignore
const PHONE_PREFIXES = ['130', '133', '135', '136', '137', '138', '139', '150', '151', '158', '159', '177', '186', '188', '189'];

const GRADE_NAMES: Record<number, string> = { 7: '初一', 8: '初二', 9: '初三' };

/** Mulberry32: small, fast and good enough for made-up names; the seed fixes the roster. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function classNames(grade: number, classNo: number): { className: string; classNameEn: string } {
  return { className: `${GRADE_NAMES[grade] ?? grade}(${classNo})班`, classNameEn: `Grade ${grade}, Class ${classNo}` };
}

/** The roster, ordered by grade, class and seat. Same seed, same rows. */
export function generateStudents(count = STUDENT_COUNT, seed = 20260901): Student[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const classes = GRADES.length * CLASSES_PER_GRADE;
  const perClass = Math.ceil(count / classes);
  const students: Student[] = [];
  for (let c = 0; c < classes && students.length < count; c++) {
    const grade = GRADES[Math.floor(c / CLASSES_PER_GRADE)]!;
    const classNo = (c % CLASSES_PER_GRADE) + 1;
    // Grade 9 entered in 2023, grade 7 in 2025 (school year 2025–2026).
    const enrolYear = 2025 - (grade - 7);
    for (let seat = 1; seat <= perClass && students.length < count; seat++) {
      const gender: Gender = next() < 0.5 ? 'male' : 'female';
      const [surname, surnameEn] = pick(SURNAMES);
      const pool = gender === 'male' ? GIVEN_MALE : GIVEN_FEMALE;
      const given = next() < 0.35 ? [pick(pool)] : [pick(pool), pick(pool)];
      const givenZh = given.map(([zh]) => zh).join('');
      const givenEn = given.map(([, en]) => en).join('');
      const birthYear = enrolYear - 12 - (next() < 0.15 ? 1 : 0);
      const month = 1 + Math.floor(next() * 12);
      const day = 1 + Math.floor(next() * 28);
      students.push({
        id: students.length + 1,
        studentNo: `${enrolYear}${pad(grade)}${pad(classNo)}${pad(seat)}`,
        name: surname + givenZh,
        nameEn: `${surnameEn} ${givenEn.charAt(0).toUpperCase()}${givenEn.slice(1)}`,
        gender,
        grade,
        classNo,
        ...classNames(grade, classNo),
        birthDate: `${birthYear}-${pad(month)}-${pad(day)}`,
        guardianPhone: `${pick(PHONE_PREFIXES)}****${pad(Math.floor(next() * 10000), 4)}`,
        boarding: next() < 0.3,
      });
    }
  }
  return students;
}

export interface StudentFilter {
  keyword?: string | undefined;
  grade?: number | undefined;
  classNo?: number | undefined;
  gender?: Gender | undefined;
}

/** Keyword matches the Chinese name, the pinyin name (any case) or the student number. */
export function filterStudents(students: readonly Student[], filter: StudentFilter): Student[] {
  const keyword = filter.keyword?.trim().toLowerCase() ?? '';
  return students.filter(
    (s) =>
      (!filter.grade || s.grade === filter.grade) &&
      (!filter.classNo || s.classNo === filter.classNo) &&
      (!filter.gender || s.gender === filter.gender) &&
      (!keyword ||
        s.name.includes(keyword) ||
        s.nameEn.toLowerCase().includes(keyword) ||
        s.studentNo.includes(keyword)),
  );
}

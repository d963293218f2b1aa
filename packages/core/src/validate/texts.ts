/** Texts of validation and file picking (spec part 2 §5, §8, §9). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

/** A picked file's refusals; the upload catalogue uses them too. */
export const FILE_TEXTS = {
  fileNotFound: { 'zh-CN': '未找到文件', en: 'Not find file', 'zh-HK': '未找到檔案' },
  fileTooLarge: { 'zh-CN': '文件大小超出限制', en: 'Size exceeds limit', 'zh-HK': '檔案大小超出限制' },
  fileTypeNotAllowed: {
    'zh-CN': '不允许选择该类型的文件（.{ext}）',
    en: 'Files of this type are not allowed (.{ext})',
    'zh-HK': '不允許選擇該類型的檔案（.{ext}）',
  },
} satisfies TextTable;

export const VALIDATE_TEXTS = {
  ...FILE_TEXTS,
  fieldRequired: { 'zh-CN': '此项为必填项', en: 'This field is required', 'zh-HK': '此項為必填項' },
  invalidIdCard: {
    'zh-CN': '请输入正确的身份证号码',
    en: 'Please enter a valid ID card number',
    'zh-HK': '請輸入正確的身份證號碼',
  },
  invalidPhone: {
    'zh-CN': '请输入正确的 11 位手机号码',
    en: 'Please enter a valid 11-digit mobile number',
    'zh-HK': '請輸入正確的 11 位手機號碼',
  },
  invalidEmail: {
    'zh-CN': '请输入正确的电子邮箱',
    en: 'Please enter a valid e-mail address',
    'zh-HK': '請輸入正確的電郵地址',
  },
  invalidContact: {
    'zh-CN': '联系方式只能包含数字、短横线和空格',
    en: 'A contact number may only contain digits, dashes and spaces',
    'zh-HK': '聯絡方式只能包含數字、短橫線和空格',
  },
} satisfies TextTable;

export const validateText = defineTexts(VALIDATE_TEXTS);

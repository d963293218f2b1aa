/**
 * The §5 patterns as form-field rules with localised messages, so that elements, React forms and legacy pages show
 * the same words. A rule answers '' when the value passes.
 */
import { getLanguage, type Lang } from '../i18n/language.ts';
import { isContact, isEmail, isIdCardNumber, isPhoneNumber, isStrictIdCardNumber } from './patterns.ts';
import { validateText } from './texts.ts';

export type FieldRule = 'idCard' | 'idCardStrict' | 'phone' | 'email' | 'contact';

const RULES: Record<FieldRule, { test: (value: string) => boolean; message: Parameters<typeof validateText>[0] }> = {
  idCard: { test: isIdCardNumber, message: 'invalidIdCard' },
  idCardStrict: { test: (value) => isStrictIdCardNumber(value), message: 'invalidIdCard' },
  phone: { test: isPhoneNumber, message: 'invalidPhone' },
  email: { test: isEmail, message: 'invalidEmail' },
  contact: { test: isContact, message: 'invalidContact' },
};

export interface FieldRuleOptions {
  /** An empty value fails with 'required' instead of passing. */
  required?: boolean;
  lang?: Lang;
}

/**
 * The message for `value` under `rule`, or '' when it passes. The value is trimmed first (a pasted number often
 * carries a space); an empty value passes unless `required`, because the patterns say nothing about optional fields.
 */
export function fieldError(rule: FieldRule, value: unknown, options: FieldRuleOptions = {}): string {
  const lang = options.lang ?? getLanguage();
  const trimmed = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
  if (trimmed === '') return options.required ? validateText('fieldRequired', {}, lang) : '';
  const { test, message } = RULES[rule];
  return test(trimmed) ? '' : validateText(message, {}, lang);
}

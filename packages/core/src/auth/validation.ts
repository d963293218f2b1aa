/** Login form validation and the two password rules (spec part 1 §5, part 2 §5). */
import type { Lang } from '../i18n/language.ts';
import { authText } from './texts.ts';

export interface LoginFields {
  username: string;
  password: string;
}

export interface LoginValidation {
  valid: boolean;
  /** Trimmed values: what is sent. */
  values: LoginFields;
  /** Localised texts per empty field, for the form to show under it. */
  errors: Partial<Record<keyof LoginFields, string>>;
}

/** Username and password are trimmed and both required ('User name cannot be empty!', 'Password cannot be empty!'). */
export function validateLogin(fields: Partial<LoginFields>, lang?: Lang): LoginValidation {
  const values: LoginFields = {
    username: typeof fields.username === 'string' ? fields.username.trim() : '',
    password: typeof fields.password === 'string' ? fields.password.trim() : '',
  };
  const errors: LoginValidation['errors'] = {};
  if (!values.username) errors.username = authText('usernameRequired', {}, lang);
  if (!values.password) errors.password = authText('passwordRequired', {}, lang);
  return { valid: !errors.username && !errors.password, values, errors };
}

/** Length in characters (code points), so a surrogate pair counts once. */
function length(text: string): number {
  return [...text].length;
}

/**
 * The configured password rule: 8 to 20 characters, no whitespace, no Chinese characters, and it mixes digits
 * with non-digits or letters with non-letters.
 */
export function meetsPasswordPolicy(password: string): boolean {
  if (typeof password !== 'string') return false;
  const n = length(password);
  if (n < 8 || n > 20) return false;
  if (/\s/u.test(password) || /\p{Script=Han}/u.test(password)) return false;
  const digitsMixed = /\d/.test(password) && /\D/.test(password);
  const lettersMixed = /[A-Za-z]/.test(password) && /[^A-Za-z]/.test(password);
  return digitsMixed || lettersMixed;
}

/** The other password check: 8 to 20 characters, each a digit, a letter, `_`, `.`, `@` or `-`. */
export function meetsPasswordCharset(password: string): boolean {
  return typeof password === 'string' && /^[0-9A-Za-z_.@-]{8,20}$/.test(password);
}

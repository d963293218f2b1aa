/**
 * Constraint-validation messages in the portal's language (validation messages in the portal's language). The browser words its own messages
 * in the browser's language ("Please fill out this field." on a Chinese page); a form of the kit replaces them with
 * these before it reports. Required and e-mail use core's words (spec part 2 §5), so a field says the same thing
 * whether an element, a React form or a legacy page checked it.
 */
import { msg, str } from '@lit/localize';
import { validateText } from '@edu-portal/core/validate/texts.ts';

type NativeControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function isNativeControl(el: Element): el is NativeControl {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

const invalidValue = () => msg('请输入有效的值', { id: 'validity.badInput' });

function attribute(control: Element, name: string): string {
  return control.getAttribute(name)?.trim() ?? '';
}

/**
 * The message for a native control's failed constraint, in the language in force; '' when it passes or when only
 * a custom message (the host's own) makes it invalid.
 */
export function validityMessage(control: NativeControl): string {
  const v = control.validity;
  if (v.valid || v.customError) return '';
  const type = control instanceof HTMLInputElement ? control.type : '';
  if (v.valueMissing) {
    if (type === 'checkbox') return msg('请勾选此项', { id: 'validity.checkbox' });
    if (type === 'radio' || control instanceof HTMLSelectElement) {
      return msg('请选择一项', { id: 'validity.choose' });
    }
    if (type === 'file') return msg('请选择文件', { id: 'validity.file' });
    return validateText('fieldRequired');
  }
  if (v.badInput) {
    return type === 'number' ? msg('请输入数字', { id: 'validity.number' }) : invalidValue();
  }
  if (v.typeMismatch) {
    if (type === 'email') return validateText('invalidEmail');
    if (type === 'url') return msg('请输入正确的网址', { id: 'validity.url' });
    return invalidValue();
  }
  if (v.patternMismatch) {
    // As the browsers do, the title describes the expected format.
    const title = attribute(control, 'title');
    return title
      ? msg(str`请按要求的格式填写：${title}`, { id: 'validity.patternTitled' })
      : msg('请按要求的格式填写', { id: 'validity.pattern' });
  }
  const length = control.value.length;
  if (v.tooShort) {
    const min = attribute(control, 'minlength');
    return msg(str`请至少输入 ${min} 个字符（当前为 ${length} 个）`, { id: 'validity.tooShort' });
  }
  if (v.tooLong) {
    const max = attribute(control, 'maxlength');
    return msg(str`最多输入 ${max} 个字符（当前为 ${length} 个）`, { id: 'validity.tooLong' });
  }
  if (v.rangeUnderflow) {
    return msg(str`不能小于 ${attribute(control, 'min')}`, { id: 'validity.rangeUnderflow' });
  }
  if (v.rangeOverflow) {
    return msg(str`不能大于 ${attribute(control, 'max')}`, { id: 'validity.rangeOverflow' });
  }
  if (v.stepMismatch) {
    return msg(str`请输入有效的值（间隔为 ${attribute(control, 'step')}）`, { id: 'validity.step' });
  }
  return invalidValue();
}

/**
 * Form controls slotted into `<edu-form-dialog>` without a `<form>` around them: found, read, reset and focused the
 * way a form would. Form-associated custom elements (ours among them) count as controls.
 */

/** What the dialog needs of a control; native controls and form-associated custom elements both have it. */
export interface FormControl extends HTMLElement {
  name: string;
  value?: unknown;
  disabled?: boolean;
  checkValidity?(): boolean;
  reportValidity?(): boolean;
  setCustomValidity?(message: string): void;
  formResetCallback?(): void;
}

/** Values by name; a name used more than once (checkboxes, multiple selects) gives a list. */
export type FormValues = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

const NATIVE = new Set(['input', 'select', 'textarea', 'button', 'fieldset', 'output', 'object']);

export function isFormAssociatedElement(el: Element): boolean {
  return (el.constructor as { formAssociated?: unknown }).formAssociated === true;
}

export function isFormControl(el: Element): el is FormControl {
  return NATIVE.has(el.localName) || isFormAssociatedElement(el);
}

/** Every control inside `host`'s light DOM, in document order. */
export function formControls(host: Element): FormControl[] {
  return Array.from(host.querySelectorAll('*')).filter(isFormControl);
}

/** A FormData like `new FormData(form)` builds: enabled, named, submittable controls only. */
export function collectFormData(controls: readonly FormControl[]): FormData {
  const data = new FormData();
  for (const control of controls) {
    if (!control.name || control.disabled || control.matches(':disabled')) continue;
    if (control instanceof HTMLInputElement) {
      if (['button', 'submit', 'reset', 'image'].includes(control.type)) continue;
      if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
      if (control.type === 'file') {
        for (const file of Array.from(control.files ?? [])) data.append(control.name, file);
        continue;
      }
      data.append(control.name, control.value);
    } else if (control instanceof HTMLSelectElement) {
      for (const option of Array.from(control.selectedOptions)) data.append(control.name, option.value);
    } else if (control instanceof HTMLTextAreaElement) {
      data.append(control.name, control.value);
    } else if (isFormAssociatedElement(control) && control.value !== undefined && control.value !== null) {
      data.append(control.name, String(control.value));
    }
  }
  return data;
}

export function toValues(data: FormData): FormValues {
  const values: FormValues = {};
  for (const key of new Set(data.keys())) {
    const all = data.getAll(key);
    values[key] = all.length === 1 ? all[0]! : all;
  }
  return values;
}

/** A comparable text of the values, to tell whether a form changed. */
export function serializeFormData(data: FormData): string {
  return JSON.stringify(
    Array.from(data.entries(), ([key, value]) => [
      key,
      typeof value === 'string' ? value : `file:${value.name}:${value.size}:${value.lastModified}`,
    ]),
  );
}

/** Puts every control back to its default, as `form.reset()` does. */
export function resetControls(controls: readonly FormControl[]): void {
  for (const control of controls) {
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio') control.checked = control.defaultChecked;
      else if (control.type === 'file') control.value = '';
      else control.value = control.defaultValue;
    } else if (control instanceof HTMLSelectElement) {
      for (const option of Array.from(control.options)) option.selected = option.defaultSelected;
      // A single select with no default selected shows its first option, as after a reset.
      if (!control.multiple && !Array.from(control.options).some((o) => o.defaultSelected) && control.options.length) {
        control.selectedIndex = 0;
      }
    } else if (control instanceof HTMLTextAreaElement) {
      control.value = control.defaultValue;
    } else {
      control.formResetCallback?.();
    }
  }
}

/** Focuses the `[autofocus]` control, else the first enabled, visible field. */
export function focusFirstControl(host: Element): void {
  const requested = host.querySelector<HTMLElement>('[autofocus]');
  if (requested) {
    requested.focus();
    return;
  }
  const first = formControls(host).find(
    (c) =>
      !(c instanceof HTMLButtonElement) &&
      !(c instanceof HTMLFieldSetElement) &&
      !(c instanceof HTMLOutputElement) &&
      !(c instanceof HTMLInputElement && c.type === 'hidden') &&
      !c.matches(':disabled') &&
      c.checkVisibility(),
  );
  first?.focus();
}

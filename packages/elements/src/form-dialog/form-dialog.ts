import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { EduDialog, positionConverter, type DialogPosition } from '../dialog/dialog.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import type { EduCloseSource } from '../internal/events.ts';
import {
  collectFormData,
  formControls,
  focusFirstControl,
  isFormControl,
  resetControls,
  serializeFormData,
  toValues,
  type FormControl,
  type FormValues,
} from './form-controls.ts';
import { formDialogStyles } from './form-dialog.styles.ts';
import { isNativeControl, validityMessage } from '../internal/validity-messages.ts';

export type { FormValues } from './form-controls.ts';

/** Add mode resets the form on opening and offers "submit then add next"; edit mode does neither. */
export type FormDialogMode = 'add' | 'edit';
export type FormDialogVariant = 'dialog' | 'drawer';

/**
 * What the validation hook answers:
 * - `true` or nothing: valid;
 * - `false`: invalid, the host showed its own messages;
 * - a string: invalid, shown above the buttons;
 * - `{fieldName: message}`: those controls are marked invalid with the message (native constraint validation,
 *   cleared when the user edits them); empty messages are ignored.
 */
export type FormDialogValidation = boolean | void | string | Record<string, string>;

export interface FormDialogValidationContext {
  mode: FormDialogMode;
  values: FormValues;
  formData: FormData;
  /** The slotted `<form>`, when there is one. */
  form: HTMLFormElement | null;
}

export type FormDialogValidator = (
  context: FormDialogValidationContext,
) => FormDialogValidation | Promise<FormDialogValidation>;

/** Detail of `edu-submit`. Call `done()` (or the element's `complete()`) when saving has finished. */
export interface EduFormSubmitDetail {
  mode: FormDialogMode;
  /** Whether the dialog stays open for the next record after a successful save (add mode, box ticked). */
  addNext: boolean;
  values: FormValues;
  formData: FormData;
  /** Ends the loading state. `ok` (default true) closes the dialog, or resets it for the next record. */
  done(ok?: boolean): void;
}

export interface EduFormRequestCloseDetail {
  source: EduCloseSource;
  /** Whether the form holds changes since it was opened or last reset. */
  dirty: boolean;
}

export type EduFormSubmitEvent = CustomEvent<EduFormSubmitDetail>;

const spinner = svg`<svg class="spinner" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 1.5A6.5 6.5 0 1 1 1.5 8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

/** `no-escape`: a default-on behaviour switched off, read as the positive property. */
const absentMeansTrue = {
  fromAttribute: (value: string | null) => value === null,
  toAttribute: (value: boolean) => (value ? null : ''),
};

/**
 * The form dialog or drawer of spec part 2 §2 and §4, built on `<edu-dialog>`: the host's form in the body, and a
 * footer with "submit then add next" (add mode only), cancel and confirm ("立即添加" in add mode, "立即修改" in edit
 * mode by default).
 *
 * - Opening in add mode resets the form; closing resets it in either mode. Opening focuses the `[autofocus]`
 *   control, else the first field.
 * - Confirm (or Enter in a field) first runs native constraint validation of the slotted controls (`required`,
 *   `pattern`, … and form-associated elements; native controls' messages in the portal's language), then the
 *   `validator` hook; only then `edu-submit` fires and the confirm button shows loading until the host calls
 *   `detail.done(ok)` or `complete(ok)`.
 * - A successful save closes the dialog, or with "submit then add next" ticked resets it and focuses the first field.
 * - Closing asks first: `edu-request-close` (cancelable) carries `dirty`; with `confirm-discard` a dirty form asks
 *   the user to confirm before its changes are thrown away.
 *
 * Put the controls in a `<form>` (recommended: Enter submits, and `form.reset()` resets every control, ours
 * included) or directly in the element.
 *
 * @summary Form dialog or drawer with add and edit modes.
 * @tagname edu-form-dialog
 *
 * @slot - The form: a `<form>` with its controls, or the controls themselves.
 * @slot title - The title, when it needs more than the `title` text.
 * @slot footer - Extra actions placed before cancel and confirm.
 *
 * @fires {CustomEvent<{mode: 'add' | 'edit', addNext: boolean, values: Record<string, FormDataEntryValue | FormDataEntryValue[]>, formData: FormData, done: (ok?: boolean) => void}>} edu-submit -
 *   The form is valid and is to be saved; cancelable (`preventDefault()` drops the submission).
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api', dirty: boolean}>} edu-request-close -
 *   The user or `requestClose()` asks to close (`hide()` closes without asking). Cancelable: `preventDefault()`
 *   keeps it open.
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-close - Closed (the form is reset).
 * @fires {CustomEvent<null>} edu-open - Opened.
 *
 * @csspart base - The `<edu-dialog>` inside.
 * @csspart dialog - The native dialog (exported from `<edu-dialog>`), full height in a drawer.
 * @csspart header - The header (exported).
 * @csspart title - The title (exported).
 * @csspart close - The close button (exported).
 * @csspart body - The scrolling body around the form (exported).
 * @csspart footer - The footer row.
 * @csspart add-next - The "submit then add next" label and checkbox.
 * @csspart cancel - The cancel button.
 * @csspart confirm - The confirm button.
 * @csspart error - The form-level error message.
 * @csspart discard - The "discard changes?" confirmation.
 *
 * @cssprop [--edu-form-dialog-drawer-width=clamp(min(360px, 100vw), 30%, 100vw)] - Drawer width when `width` is unset.
 * @cssprop [--edu-color-primary] - The confirm button.
 * @cssprop [--edu-color-primary-dark] - The confirm button when hovered.
 */
export class EduFormDialog extends DialogHost(EduElement) {
  static override styles = formDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog };

  /** `add` or `edit`. */
  @property({ reflect: true }) mode: FormDialogMode = 'add';

  /** `dialog` (default) or `drawer` (full height at the left or right edge). */
  @property({ reflect: true }) variant: FormDialogVariant = 'dialog';

  /** A dialog's placement (as `<edu-dialog>`); a drawer's edge, `right` (default) or `left`. */
  @property({ converter: positionConverter }) position?: DialogPosition;

  /** The title; empty means "新增" / "修改" by mode. */
  @property() override title = '';

  /** CSS width; a dialog defaults to 60 %, a drawer to `--edu-form-dialog-drawer-width`. */
  @property() width?: string;

  /** Distance from the top of a `middle` dialog. */
  @property() top?: string;

  /** Confirm text; empty means "立即添加" / "立即修改" by mode. */
  @property({ attribute: 'confirm-text' }) confirmText = '';

  /** Cancel text; empty means "取消". */
  @property({ attribute: 'cancel-text' }) cancelText = '';

  /** Whether "submit then add next" is ticked. The user's choice is kept between openings. */
  @property({ attribute: 'add-next', type: Boolean }) addNext = false;

  /** Hides the "submit then add next" box. */
  @property({ attribute: 'no-add-next', type: Boolean }) noAddNext = false;

  /** A dirty form asks the user before a close throws its changes away. */
  @property({ attribute: 'confirm-discard', type: Boolean }) confirmDiscard = false;

  /** Whether Escape closes it (attribute `no-escape` turns it off). */
  @property({ attribute: 'no-escape', converter: absentMeansTrue }) closeOnEscape = true;

  /** Whether a click on the backdrop closes it. */
  @property({ attribute: 'close-on-backdrop', type: Boolean }) closeOnBackdrop = false;

  /** The host's validation, run after native validation passed. */
  @property({ attribute: false }) validator?: FormDialogValidator;

  /** True from `edu-submit` until the host signals completion. */
  @state() submitting = false;

  @state() private formError = '';
  @state() private discardPending: EduCloseSource | null = null;
  @state() private announcement = '';

  private submission = 0;
  private settle: ((ok: boolean) => void) | null = null;
  private snapshot = '';
  /** Controls the validator marked invalid; cleared before the next validation. */
  private readonly marked = new Set<FormControl>();

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('submit', this.onFormSubmit);
    this.addEventListener('keydown', this.onKeyDown);
    this.addEventListener('input', this.onEdit);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('submit', this.onFormSubmit);
    this.removeEventListener('keydown', this.onKeyDown);
    this.removeEventListener('input', this.onEdit);
  }

  /** Opens it, in `mode` when given. Resolves when it is on screen. */
  override async show(mode?: FormDialogMode): Promise<void> {
    if (mode) this.mode = mode;
    await super.show();
  }

  /** The slotted `<form>`, if any. */
  get form(): HTMLFormElement | null {
    return this.querySelector('form');
  }

  /** The current values by control name (a name used more than once gives a list). */
  get values(): FormValues {
    return toValues(this.formData());
  }

  /** Whether the form changed since it was opened, reset or marked clean. */
  get dirty(): boolean {
    return serializeFormData(this.formData()) !== this.snapshot;
  }

  /** Takes the current values as the clean state (after the host filled an edit form, say). */
  markClean(): void {
    this.snapshot = serializeFormData(this.formData());
  }

  /** Resets every control to its default and clears messages. */
  reset(): void {
    this.clearMarks();
    this.formError = '';
    const form = this.form;
    if (form) form.reset();
    else resetControls(formControls(this));
    this.markClean();
  }

  /**
   * Validates and, when valid, fires `edu-submit` and waits for the host. Resolves to whether it was saved; false
   * when invalid, vetoed, failed or already submitting.
   */
  async submit(): Promise<boolean> {
    if (this.submitting || !this.open) return false;
    const token = ++this.submission;
    if (!(await this.validate()) || token !== this.submission || !this.open) return false;
    const formData = this.formData();
    const addNext = this.mode === 'add' && !this.noAddNext && this.addNext;
    this.submitting = true;
    const result = new Promise<boolean>((resolve) => {
      this.settle = resolve;
    });
    const proceed = this.emit(
      'edu-submit',
      {
        mode: this.mode,
        addNext,
        values: toValues(formData),
        formData,
        done: (ok = true) => this.finish(token, ok, addNext),
      },
      { cancelable: true },
    );
    if (!proceed) this.finish(token, false, addNext);
    return result;
  }

  /** Ends the submission in progress, as `detail.done(ok)` does. */
  complete(ok = true): void {
    this.finish(this.submission, ok, this.mode === 'add' && !this.noAddNext && this.addNext);
  }

  private finish(token: number, ok: boolean, addNext: boolean): void {
    // A late answer for an earlier submission, or one after the dialog was closed, changes nothing.
    if (token !== this.submission || !this.submitting) return;
    this.submitting = false;
    const settle = this.settle;
    this.settle = null;
    if (ok && addNext) {
      this.reset();
      this.announce(msg('已保存，请继续添加下一条。', { id: 'formDialog.savedNext' }));
      void this.updateComplete.then(() => focusFirstControl(this));
    } else if (ok) {
      this.open = false;
    }
    settle?.(ok);
  }

  private announce(text: string): void {
    // Emptied first, so the same sentence twice is announced twice.
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = text;
    });
  }

  private formData(): FormData {
    const form = this.form;
    return form ? new FormData(form) : collectFormData(formControls(this));
  }

  private clearMarks(): void {
    for (const control of this.marked) control.setCustomValidity?.('');
    this.marked.clear();
  }

  private async validate(): Promise<boolean> {
    this.clearMarks();
    this.formError = '';
    const form = this.form;
    const controls = formControls(this);
    const nativeValid = form ? form.checkValidity() : controls.every((c) => c.checkValidity?.() ?? true);
    if (!nativeValid) {
      this.localizeInvalid(controls);
      this.reportInvalid(controls);
      return false;
    }
    if (!this.validator) return true;
    const formData = this.formData();
    let result: FormDialogValidation;
    try {
      result = await this.validator({ mode: this.mode, values: toValues(formData), formData, form });
    } catch (error) {
      console.error('[edu-form-dialog] validator', error);
      return false;
    }
    if (result === false) return false;
    if (typeof result === 'string') {
      this.formError = result;
      return !result;
    }
    if (result && typeof result === 'object') {
      const unplaced: string[] = [];
      for (const [name, message] of Object.entries(result)) {
        if (!message) continue;
        const control = controls.find((c) => c.name === name && typeof c.setCustomValidity === 'function');
        if (control) {
          control.setCustomValidity!(message);
          this.marked.add(control);
        } else {
          unplaced.push(message);
        }
      }
      if (unplaced.length) this.formError = unplaced.join(msg('；', { id: 'formDialog.messageSeparator' }));
      if (this.marked.size) this.reportInvalid(controls);
      return !this.marked.size && !unplaced.length;
    }
    return true;
  }

  /**
   * Words the native controls' failed constraints in the portal's language instead of the browser's; marked like
   * the validator's messages, so editing the field or the next validation clears them.
   */
  private localizeInvalid(controls: FormControl[]): void {
    for (const control of controls) {
      if (!isNativeControl(control)) continue;
      const message = validityMessage(control);
      if (!message) continue;
      control.setCustomValidity(message);
      this.marked.add(control);
    }
  }

  /** Shows the message at the first invalid control and focuses it. */
  private reportInvalid(controls: FormControl[]): void {
    const first = controls.find((c) => c.checkValidity && !c.checkValidity());
    if (first?.reportValidity) first.reportValidity();
    else this.form?.reportValidity();
  }

  // ----- events ----------------------------------------------------------------------------------------------

  private onFormSubmit = (event: Event) => {
    // The slotted form's own submission (Enter in a field, a submit button) runs ours instead of navigating.
    event.preventDefault();
    void this.submit();
  };

  private onKeyDown = (event: KeyboardEvent) => {
    // Enter in a single-line field submits. Not left to the browser: a form of two fields and no submit button
    // has no implicit submission, and controls without a <form> have none at all.
    if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    const target = event.composedPath()[0];
    if (
      target instanceof HTMLInputElement &&
      isFormControl(target) &&
      !['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'color'].includes(target.type)
    ) {
      event.preventDefault();
      void this.submit();
    }
  };

  private onEdit = (event: Event) => {
    // A message set by the validator goes as soon as the user edits that field.
    const target = event.composedPath()[0] as FormControl;
    if (this.marked.has(target)) {
      target.setCustomValidity?.('');
      this.marked.delete(target);
    }
    if (this.discardPending) this.discardPending = null;
  };

  protected override dialogOpened(): void {
    this.markClean();
    super.dialogOpened();
    // Typing can start at once: a slotted [autofocus] control gets focus, else the first field (the inner dialog
    // cannot see through this element's slot, and would focus itself).
    focusFirstControl(this);
  }

  /** `edu-request-close` carries `dirty`; with `confirm-discard` a dirty form asks once more inside the dialog. */
  protected override allowClose(source: EduCloseSource): boolean {
    const dirty = this.dirty;
    const detail: EduFormRequestCloseDetail = { source, dirty };
    if (!this.emit('edu-request-close', detail, { cancelable: true })) return false;
    if (dirty && this.confirmDiscard && !this.discardPending) {
      this.discardPending = source;
      void this.updateComplete.then(() => this.shadowRoot!.querySelector<HTMLElement>('.keep')?.focus());
      return false;
    }
    return true;
  }

  protected override dialogClosed(source: EduCloseSource): void {
    // Closing ends a pending submission from the dialog's side: a late done() must not close a reopened form.
    this.submission++;
    this.submitting = false;
    this.settle?.(false);
    this.settle = null;
    this.discardPending = null;
    this.reset();
    this.announcement = '';
    super.dialogClosed(source);
  }

  private discard = () => {
    this.discardPending = null;
    this.open = false;
  };

  private keepEditing = () => {
    this.discardPending = null;
    void this.updateComplete.then(() => focusFirstControl(this));
  };

  private onConfirmClick = () => {
    void this.submit();
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Opening in add mode starts from an empty form, before it is on screen.
    if (changed.has('open') && this.open && !changed.get('open') && this.mode === 'add') this.reset();
  }

  // ----- rendering -------------------------------------------------------------------------------------------

  private innerPosition(): DialogPosition {
    if (this.variant === 'drawer') return this.position === 'left' ? 'left' : 'right';
    return this.position ?? 'middle';
  }

  protected override render() {
    const adding = this.mode !== 'edit';
    const drawer = this.variant === 'drawer';
    const title =
      this.title || (adding ? msg('新增', { id: 'formDialog.addTitle' }) : msg('修改', { id: 'formDialog.editTitle' }));
    const confirm =
      this.confirmText ||
      (adding ? msg('立即添加', { id: 'formDialog.add' }) : msg('立即修改', { id: 'formDialog.modify' }));
    const width =
      this.width || (drawer ? 'var(--edu-form-dialog-drawer-width, clamp(min(360px, 100vw), 30%, 100vw))' : undefined);
    return html`
      <edu-dialog
        part="base"
        exportparts="dialog,header,title,close,body"
        class=${drawer ? 'drawer' : 'dialog'}
        .open=${this.open}
        .title=${title}
        .position=${this.innerPosition()}
        .width=${width}
        .top=${this.top}
        .closeOnEscape=${this.closeOnEscape}
        .closeOnBackdrop=${this.closeOnBackdrop}
        ?no-drag=${drawer}
      >
        <slot name="title" slot="title">${title}</slot>
        <slot></slot>
        <div slot="footer" class="footer-wrap">
          ${this.formError ? html`<p part="error" class="error" role="alert">${this.formError}</p>` : nothing}
          ${
            this.discardPending
              ? html`<div part="discard" class="discard" role="alert">
                  <span>${msg('表单有未保存的修改，确定放弃吗？', { id: 'formDialog.discardQuestion' })}</span>
                  <button type="button" class="button small" @click=${this.discard}>
                    ${msg('放弃修改', { id: 'formDialog.discard' })}
                  </button>
                  <button type="button" class="button small primary keep" @click=${this.keepEditing}>
                    ${msg('继续编辑', { id: 'formDialog.keepEditing' })}
                  </button>
                </div>`
              : nothing
          }
          <div part="footer" class="footer">
            ${
              adding && !this.noAddNext
                ? html`<label part="add-next" class="add-next">
                    <input
                      type="checkbox"
                      .checked=${this.addNext}
                      @change=${(e: Event) => (this.addNext = (e.target as HTMLInputElement).checked)}
                    />
                    ${msg('提交后继续添加', { id: 'formDialog.addNext' })}
                  </label>`
                : nothing
            }
            <span class="spacer"></span>
            <slot name="footer"></slot>
            <button part="cancel" type="button" class="button" @click=${() => void this.requestClose()}>
              ${this.cancelText || msg('取消', { id: 'formDialog.cancel' })}
            </button>
            <button
              part="confirm"
              type="button"
              class="button primary"
              aria-disabled=${this.submitting ? 'true' : 'false'}
              aria-busy=${this.submitting ? 'true' : 'false'}
              @click=${this.onConfirmClick}
            >
              ${this.submitting ? spinner : nothing}${confirm}
            </button>
          </div>
          <span class="visually-hidden" role="status" aria-live="polite">${this.announcement}</span>
        </div>
      </edu-dialog>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-form-dialog': EduFormDialog;
  }
  interface HTMLElementEventMap {
    /** A form dialog's form is valid and is to be saved. */
    'edu-submit': EduFormSubmitEvent;
  }
}

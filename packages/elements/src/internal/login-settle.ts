/**
 * What a login form shows once core's controller answered a submit or a passkey sign-in: the spec's empty-field
 * texts, a refusal under the field it concerns (focused and selected), a passkey failure under the passkey button,
 * or the login itself (`edu-login`, then the form's default action). Part of the submit path, loaded with the first
 * login, never with the form (the size budgets).
 */
import type { LoginSubmitResult } from '@edu-portal/core/auth/controller.ts';
import type { FieldError, LoginField, LoginFormInternals } from './login-form.ts';

/** `conditional`: the answer of a passkey autofill (account field), which speaks only once a passkey was picked. */
export async function settleLogin(
  form: LoginFormInternals,
  result: LoginSubmitResult,
  conditional = false,
): Promise<void> {
  if (conditional && result.kind === 'passkey-failed') {
    // Before a pick the person asked for nothing: silent. A cancelled wait (the button or the form's end took over)
    // may start again; an autofill the browser refuses here does not. After a pick the server's refusal is shown.
    if (!result.status) {
      form.autofillStarted = result.reason !== 'cancelled';
      return;
    }
    form.autofillStarted = false;
  }
  switch (result.kind) {
    case 'ignored':
      break;
    case 'invalid':
      await form.showRequired(result.errors);
      break;
    case 'passkey-failed':
      form.passkeyMessage = result.message;
      form.emit('edu-login-failed', {
        status: result.status,
        code: result.code || result.reason,
        message: result.message,
        fields: [],
      });
      break;
    case 'failed': {
      // Old messages go first; the new ones appear under the field they concern.
      const errors: Partial<Record<LoginField, FieldError>> = {};
      if (result.errors.username) errors.username = { kind: 'text', text: result.errors.username };
      if (result.errors.password) errors.password = { kind: 'text', text: result.errors.password };
      if (!errors.username && !errors.password) errors.password = { kind: 'text', text: result.message };
      form.errors = errors;
      await form.updateComplete;
      const fields = Object.keys(errors) as LoginField[];
      form.emit('edu-login-failed', { status: result.status, code: result.code, message: result.message, fields });
      form.focusField(fields[0]!);
      form.input(fields[0]!)?.select();
      break;
    }
    default: {
      form.errors = {};
      form.passkeyMessage = '';
      if (form.emit('edu-login', { outcome: result }, { cancelable: true })) form.defaultLoginAction(result);
    }
  }
}

/**
 * What a login form shows once core's controller answered a submit or a passkey sign-in: the spec's empty-field
 * texts, a refusal under the field it concerns (focused and selected), a passkey failure under the passkey button,
 * or the login itself (`edu-login`, then the form's default action). Part of the submit path, loaded with the first
 * login, never with the form (the size budgets).
 */
import type { LoginSubmitResult } from '@edu-portal/core/auth/controller.ts';
import type { FieldError, LoginField, LoginFormInternals } from './login-form.ts';

export async function settleLogin(form: LoginFormInternals, result: LoginSubmitResult): Promise<void> {
  switch (result.kind) {
    case 'ignored':
      break;
    case 'invalid':
      await form.showRequired(result.errors);
      break;
    case 'passkey-failed':
      // The account field's autofill may offer the passkeys again.
      form.autofillStarted = false;
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

import { expect } from '@open-wc/testing';
import type { Envelope } from '../http/envelope.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { readLoginAnswer } from './result.ts';

function envelope(partial: Partial<Envelope<unknown>>): Envelope<unknown> {
  return { status: 200, code: 'ok', message: '', fieldErrors: [], data: null, ...partial };
}

describe('reading a login answer', () => {
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    session = createSessionStore();
  });

  afterEach(() => session.dispose());

  it('200 with the user the session now holds is a login', () => {
    const data = { userId: 7, loginName: 'u7', userType: 2 };
    session.login(data);
    const answer = readLoginAnswer(envelope({ data }), session, 'en');
    expect(answer.kind === 'ok' && answer.user.loginName).to.equal('u7');
  });

  it('200 whose data is not the stored user is not a login', () => {
    session.login({ userId: 1, loginName: 'before' });
    expect(readLoginAnswer(envelope({ data: { userId: 2 } }), session, 'en').kind).to.equal('refused');
    expect(readLoginAnswer(envelope({ data: null }), session, 'en').kind).to.equal('refused');
  });

  it('400 with a code other than invalid_grant and an identity: the bind page', () => {
    const data = { id: 'b1', openid: 'o1', unionid: 'u1' };
    expect(readLoginAnswer(envelope({ status: 400, code: 'unbound', data }), session, 'en')).to.deep.equal({
      kind: 'bind',
      identity: { id: 'b1', openid: 'o1', unionid: 'u1' },
    });
    // invalid_grant never binds, nor a 400 without anything to bind, nor the bind page's own form.
    expect(readLoginAnswer(envelope({ status: 400, code: 'invalid_grant', data }), session, 'en').kind).to.equal(
      'refused',
    );
    expect(readLoginAnswer(envelope({ status: 400, code: 'invalid_request' }), session, 'en').kind).to.equal('refused');
    expect(
      readLoginAnswer(envelope({ status: 400, code: 'unbound', data }), session, 'en', { bindable: false }).kind,
    ).to.equal('refused');
  });

  it('a refusal: the message in the language in force, field errors under their fields', () => {
    const bilingual = envelope({
      status: 400,
      code: 'invalid_grant',
      message: '用户名或密码错误|||Incorrect user name or password',
    });
    expect(readLoginAnswer(bilingual, session, 'en')).to.deep.equal({
      kind: 'refused',
      status: 400,
      code: 'invalid_grant',
      message: 'Incorrect user name or password',
      errors: { password: 'Incorrect user name or password' },
    });
    expect(readLoginAnswer(bilingual, session, 'zh-HK').kind === 'refused').to.equal(true);
    const fields = envelope({
      status: 400,
      code: 'invalid_grant',
      message: 'x|||x',
      fieldErrors: [
        { field: 'username', message: 'User name cannot be empty!' },
        { field: 'password', message: 'Password cannot be empty!' },
        { field: 'captcha', message: 'other' },
      ],
    });
    const answer = readLoginAnswer(fields, session, 'en');
    expect(answer).to.deep.include({
      message: 'User name cannot be empty!,Password cannot be empty!,other',
      errors: { username: 'User name cannot be empty!', password: 'Password cannot be empty!' },
    });
    expect(readLoginAnswer(envelope({ status: 500, message: '' }), session, 'en')).to.deep.include({
      message: 'Server internal error!',
    });
  });
});

import { expect } from '@open-wc/testing';
import { meetsPasswordCharset, meetsPasswordPolicy, validateLogin } from './validation.ts';
import { DEMO_PASSWORD } from '../test-support/server.ts';

describe('login validation', () => {
  it('trims both fields and requires them, with the spec texts in each language', () => {
    const en = validateLogin({ username: '   ', password: '\t' }, 'en');
    expect(en.valid).to.equal(false);
    expect(en.errors).to.deep.equal({
      username: 'User name cannot be empty!',
      password: 'Password cannot be empty!',
    });
    expect(validateLogin({ username: '', password: '' }, 'zh-CN').errors).to.deep.equal({
      username: '用户名不能为空！',
      password: '密码不能为空！',
    });
    expect(validateLogin({ username: '', password: '' }, 'zh-HK').errors).to.deep.equal({
      username: '用戶名不能為空！',
      password: '密碼不能為空！',
    });
  });

  it('reports only the empty field and hands back trimmed values', () => {
    const onlyPassword = validateLogin({ username: ' teacher1 ', password: '' }, 'en');
    expect(onlyPassword.valid).to.equal(false);
    expect(onlyPassword.errors).to.deep.equal({ password: 'Password cannot be empty!' });
    const ok = validateLogin({ username: ' teacher1 ', password: ` ${DEMO_PASSWORD} ` }, 'en');
    expect(ok).to.deep.equal({ valid: true, values: { username: 'teacher1', password: DEMO_PASSWORD }, errors: {} });
  });

  it('treats missing or non-string fields as empty', () => {
    const result = validateLogin({ username: 42 as unknown as string }, 'en');
    expect(result.values).to.deep.equal({ username: '', password: '' });
    expect(Object.keys(result.errors)).to.deep.equal(['username', 'password']);
  });
});

describe('password rules', () => {
  it('policy: 8 to 20 characters', () => {
    expect(meetsPasswordPolicy('Abc1234')).to.equal(false);
    expect(meetsPasswordPolicy('Abc12345')).to.equal(true);
    expect(meetsPasswordPolicy('Abc12345'.padEnd(20, 'x'))).to.equal(true);
    expect(meetsPasswordPolicy('Abc12345'.padEnd(21, 'x'))).to.equal(false);
  });

  it('policy: no whitespace and no Chinese characters', () => {
    expect(meetsPasswordPolicy('Abc 12345')).to.equal(false);
    expect(meetsPasswordPolicy('Abc\t12345')).to.equal(false);
    expect(meetsPasswordPolicy('Abc12345中')).to.equal(false);
  });

  it('policy: mixes digits with non-digits, or letters with non-letters', () => {
    expect(meetsPasswordPolicy('12345678')).to.equal(false);
    expect(meetsPasswordPolicy('abcdefgh')).to.equal(false);
    expect(meetsPasswordPolicy('ABCDEFGH')).to.equal(false);
    expect(meetsPasswordPolicy('!!!!!!!!')).to.equal(false);
    expect(meetsPasswordPolicy('1234567!')).to.equal(true);
    expect(meetsPasswordPolicy('abcdefg!')).to.equal(true);
    expect(meetsPasswordPolicy('abcd1234')).to.equal(true);
    expect(meetsPasswordPolicy(DEMO_PASSWORD)).to.equal(true);
  });

  it('charset: 8 to 20 of digits, letters, _ . @ -', () => {
    expect(meetsPasswordCharset('abc_.@-1')).to.equal(true);
    expect(meetsPasswordCharset('abcdefgh')).to.equal(true);
    expect(meetsPasswordCharset('abc_.@-')).to.equal(false);
    expect(meetsPasswordCharset('a'.repeat(20))).to.equal(true);
    expect(meetsPasswordCharset('a'.repeat(21))).to.equal(false);
    expect(meetsPasswordCharset('abcdefg!')).to.equal(false);
    expect(meetsPasswordCharset('abcd efgh')).to.equal(false);
    expect(meetsPasswordCharset('abcdefg中')).to.equal(false);
  });
});

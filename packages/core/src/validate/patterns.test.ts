import { expect } from '@open-wc/testing';
import * as loginRules from '../auth/validation.ts';
import {
  AUDIO_VIDEO_EXTENSIONS,
  IMAGE_EXTENSIONS,
  NOT_ALLOWED_UPLOAD_EXTENSIONS,
  REJECTED_EXTENSIONS,
  fileExtension,
  isAudioVideoFile,
  isContact,
  isEmail,
  isIdCardNumber,
  isImageFile,
  isPhoneNumber,
  isRejectedFile,
  isStrictIdCardNumber,
  isUploadAllowed,
  meetsPasswordCharset,
  meetsPasswordPolicy,
  stripLeadingZeros,
} from './patterns.ts';
import { fieldError } from './rules.ts';

describe('identity card number (part 2 §5)', () => {
  it('accepts 15 digits, 18 digits, and 17 digits followed by X', () => {
    for (const id of ['130503670401001', '110101199003074477', '11010519491231002X', '11010519491231002x']) {
      expect(isIdCardNumber(id), id).to.equal(true);
    }
  });

  it('refuses other lengths, letters elsewhere, spaces and non-strings', () => {
    for (const id of [
      '',
      '13050367040100',
      '1305036704010011',
      '11010119900307447',
      '1101011990030744777',
      'X10101199003074477',
      '1101011990030744X7',
      '13050367040100X',
      '11010119900307447Y',
      ' 110101199003074477',
      '110101199003074477\n',
      '１１０１０１１９９００３０７４４７７',
    ]) {
      expect(isIdCardNumber(id), JSON.stringify(id)).to.equal(false);
    }
    expect(isIdCardNumber(130503670401001)).to.equal(false);
    expect(isIdCardNumber(null)).to.equal(false);
  });

  it('strict: checks the GB 11643 check character and the birth date', () => {
    for (const id of [
      '110101199003074477',
      '440304200802291234',
      '320102199912310006',
      '110101200001010010',
      '11010519491231002X',
      '11010519491231002x',
      '130503670401001',
    ]) {
      expect(isStrictIdCardNumber(id, new Date('2026-01-01')), id).to.equal(true);
    }
    for (const id of [
      '110101199003074478', // wrong check digit
      '110105194912310021', // X expected
      '440304200702291234', // 29 February 2007 does not exist
      '110101199013074477', // month 13
      '130503671301001', // 15 digits, month 13
      '110101203001010010', // born in the future
      '110101189001010010', // before 1900
      '11010119900307447', // not the pattern at all
    ]) {
      expect(isStrictIdCardNumber(id, new Date('2026-01-01')), id).to.equal(false);
    }
  });
});

describe('phone, e-mail and contact (part 2 §5)', () => {
  it('phone: 11 digits starting with 1', () => {
    for (const phone of ['13800138000', '19912345678', '10000000000'])
      expect(isPhoneNumber(phone), phone).to.equal(true);
    for (const phone of [
      '23800138000',
      '1380013800',
      '138001380000',
      '138-0013-8000',
      '+8613800138000',
      '',
      ' 13800138000',
    ]) {
      expect(isPhoneNumber(phone), phone).to.equal(false);
    }
  });

  it('e-mail: a simple pattern', () => {
    for (const email of ['teacher1@school.edu.cn', 'a.b+c_d-e@x-y.com', 'Zhang.San@Example.ORG']) {
      expect(isEmail(email), email).to.equal(true);
    }
    for (const email of [
      '',
      'plain',
      'a@b',
      'a@b.c',
      '@school.cn',
      'a b@school.cn',
      'a@school..cn',
      'a@@school.cn',
      'a@school.cn ',
    ]) {
      expect(isEmail(email), email).to.equal(false);
    }
  });

  it('contact: empty, or only digits, dashes and whitespace', () => {
    for (const contact of ['', '0571-88886666', '138 0013 8000', '0571 - 8888\t6666', null, undefined]) {
      expect(isContact(contact), String(contact)).to.equal(true);
    }
    for (const contact of ['0571-8888x', '+86 13800138000', '(0571)88886666', '电话', '1.5']) {
      expect(isContact(contact), contact).to.equal(false);
    }
  });
});

describe('file extensions (part 1 §5, part 2 §5)', () => {
  it('lists exactly the spec extensions', () => {
    // The spec's lists as it writes them.
    expect(REJECTED_EXTENSIONS).to.deep.equal(
      'exe jar jsp asp dll php aspx bat sh html com cgi class txt jspx'.split(' '),
    );
    expect(NOT_ALLOWED_UPLOAD_EXTENSIONS).to.deep.equal(['jspx', 'jsp', 'exe']);
    expect(IMAGE_EXTENSIONS).to.deep.equal(['gif', 'jpg', 'jpeg', 'bmp', 'png', 'tif']);
    for (const ext of 'mp3 wma wav m4a flac 3gp avi flv rm rmvb mp4 mkv mov wmv'.split(' ')) {
      expect(AUDIO_VIDEO_EXTENSIONS).to.include(ext);
    }
  });

  it('reads the last extension, lower-case, ignoring trailing dots and spaces and the path', () => {
    const cases: [string, string][] = [
      ['photo.JPG', 'jpg'],
      ['archive.tar.gz', 'gz'],
      ['run.exe.', 'exe'],
      ['run.exe . ', 'exe'],
      ['C:\\dir.v2\\README', ''],
      ['/home/a.b/file', ''],
      ['.bashrc', ''],
      ['noext', ''],
    ];
    for (const [name, extension] of cases) expect(fileExtension(name), name).to.equal(extension);
    expect(fileExtension(undefined)).to.equal('');
  });

  it('rejects every listed extension in any case, and nothing else', () => {
    for (const ext of REJECTED_EXTENSIONS) {
      expect(isRejectedFile(`a.${ext}`), ext).to.equal(true);
      expect(isRejectedFile(`a.${ext.toUpperCase()}`), ext).to.equal(true);
    }
    for (const name of ['report.pdf', 'photo.png', 'notes.docx', 'exe', 'a.exe.pdf', 'a.htm', 'a.shtml']) {
      expect(isRejectedFile(name), name).to.equal(false);
    }
    expect(isRejectedFile('a.pdf', ['pdf'])).to.equal(true);
  });

  it('notAllowUpload: jspx, jsp and exe are refused, other files allowed', () => {
    for (const name of ['a.jspx', 'b.JSP', 'setup.exe', 'setup.exe.'])
      expect(isUploadAllowed(name), name).to.equal(false);
    for (const name of ['a.php', 'b.txt', 'c.png', 'noext']) expect(isUploadAllowed(name), name).to.equal(true);
    expect(isUploadAllowed('a.php', ['php'])).to.equal(false);
  });

  it('images and audio-video', () => {
    for (const name of ['a.gif', 'b.JPG', 'c.jpeg', 'd.bmp', 'e.png', 'f.tif'])
      expect(isImageFile(name), name).to.equal(true);
    for (const name of ['a.tiff', 'b.webp', 'c.svg', 'png']) expect(isImageFile(name), name).to.equal(false);
    for (const name of ['a.mp3', 'b.MP4', 'c.rmvb', 'd.3gp', 'e.mkv', 'f.flac']) {
      expect(isAudioVideoFile(name), name).to.equal(true);
    }
    for (const name of ['a.mp', 'b.png', 'c.ogg4', 'mp4']) expect(isAudioVideoFile(name), name).to.equal(false);
  });
});

describe('leading zeros (part 2 §5)', () => {
  it('strips leading zeros but keeps one zero before a point and a lone zero', () => {
    const cases: [string, string][] = [
      ['007', '7'],
      ['0', '0'],
      ['000', '0'],
      ['00.5', '0.5'],
      ['0.5', '0.5'],
      ['-007', '-7'],
      ['+0012', '+12'],
      ['100', '100'],
      ['', ''],
      ['abc', 'abc'],
      ['0a', '0a'],
    ];
    for (const [input, output] of cases) expect(stripLeadingZeros(input), input).to.equal(output);
  });
});

describe('password rules (part 1 §5) are the login module’s, re-exported', () => {
  it('is the same function, not a copy', () => {
    expect(meetsPasswordPolicy).to.equal(loginRules.meetsPasswordPolicy);
    expect(meetsPasswordCharset).to.equal(loginRules.meetsPasswordCharset);
    expect(meetsPasswordPolicy('Abc12345')).to.equal(true);
    expect(meetsPasswordPolicy('abcdefgh')).to.equal(false);
    expect(meetsPasswordCharset('abc_123.@-')).to.equal(true);
    expect(meetsPasswordCharset('abc 1234')).to.equal(false);
  });
});

describe('field rules with localised messages', () => {
  it('answers "" when valid or empty, and the message in each language when not', () => {
    expect(fieldError('phone', '13800138000', { lang: 'en' })).to.equal('');
    expect(fieldError('phone', '  13800138000 ', { lang: 'en' })).to.equal('');
    expect(fieldError('phone', '', { lang: 'en' })).to.equal('');
    expect(fieldError('phone', '1380', { lang: 'en' })).to.equal('Please enter a valid 11-digit mobile number');
    expect(fieldError('phone', '1380', { lang: 'zh-CN' })).to.equal('请输入正确的 11 位手机号码');
    expect(fieldError('phone', '1380', { lang: 'zh-HK' })).to.equal('請輸入正確的 11 位手機號碼');
    expect(fieldError('idCard', '123', { lang: 'zh-CN' })).to.equal('请输入正确的身份证号码');
    expect(fieldError('idCard', '110101199003074478', { lang: 'en' })).to.equal('');
    expect(fieldError('idCardStrict', '110101199003074478', { lang: 'en' })).to.equal(
      'Please enter a valid ID card number',
    );
    expect(fieldError('email', 'a@b', { lang: 'zh-HK' })).to.equal('請輸入正確的電郵地址');
    expect(fieldError('contact', 'x', { lang: 'en' })).to.equal(
      'A contact number may only contain digits, dashes and spaces',
    );
    expect(fieldError('email', ' ', { lang: 'zh-CN', required: true })).to.equal('此项为必填项');
    expect(fieldError('email', undefined, { lang: 'en', required: true })).to.equal('This field is required');
  });
});

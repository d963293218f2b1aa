import { expect } from '@open-wc/testing';
import { httpOrigin, safeUrl } from './safe-url.ts';

const base = 'https://school.example/portal/login.html';

/** Payloads that must never become an address, whatever the policy (the security review's URL payloads and their kin). */
const PAYLOADS = [
  'javascript:alert(1)',
  'javascript:alert(1)//',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u00a0javascript:alert(1)',
  '\ufeffjavascript:alert(1)',
  'java\u200bscript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javascript&#x3A;alert(1)',
  'javascript%3Aalert(1)',
  '&#106;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'blob:https://school.example/1234',
  'file:///etc/passwd',
  'ftp://files.example/x',
  '//evil.example/x',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https:\\\\evil.example',
  'https://school.example\\@evil.example',
  'https://user:pass@school.example/',
  'https://school.example@evil.example/',
  'https://evil@school.example/',
  'https://:@school.example/',
  'http://a b.example/',
  'https://area.example%40evil.example/',
  'https://[::1',
  '',
  '   ',
];

describe('safeUrl (one safe-URL rule)', () => {
  it(`refuses every payload (${PAYLOADS.length}) as a link, a picture and a redirect`, () => {
    const svg = 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+';
    expect(safeUrl(svg, { base })).to.equal(null);
    expect(safeUrl(svg, { base, origins: [] })).to.equal(null);
    for (const bad of PAYLOADS) {
      expect(safeUrl(bad, { base }), JSON.stringify(bad)).to.equal(null);
      expect(safeUrl(bad, { base, image: true }), JSON.stringify(bad)).to.equal(null);
      expect(safeUrl(bad, { base, origins: [] }), JSON.stringify(bad)).to.equal(null);
    }
    expect(PAYLOADS.length).to.be.greaterThan(20);
  });

  it('refuses what is not a string', () => {
    for (const bad of [null, undefined, 42, {}, ['https://a.example/'], { toString: () => 'https://a.example/' }]) {
      expect(safeUrl(bad, { base })).to.equal(null);
    }
  });

  it('answers http(s) addresses, absolute or relative, resolved against the base', () => {
    expect(safeUrl('https://open.weixin.qq.com/connect?x=1&y=2#z', { base })).to.equal(
      'https://open.weixin.qq.com/connect?x=1&y=2#z',
    );
    expect(safeUrl('http://a.example/x.zip', { base })).to.equal('http://a.example/x.zip');
    expect(safeUrl('/files/x.exe', { base })).to.equal('https://school.example/files/x.exe');
    expect(safeUrl('x.exe', { base })).to.equal('https://school.example/portal/x.exe');
    expect(safeUrl('  /desktop  ', { base })).to.equal('https://school.example/desktop');
    expect(safeUrl('?redirect_uri=%2Fx', { base })).to.equal(
      'https://school.example/portal/login.html?redirect_uri=%2Fx',
    );
    expect(safeUrl('#/desktop/home', { base })).to.equal('https://school.example/portal/login.html#/desktop/home');
    expect(safeUrl('HTTPS://A.Example:443/x', { base })).to.equal('https://a.example/x');
  });

  it('defaults the base to the document', () => {
    expect(safeUrl('/x')).to.equal(new URL('/x', document.baseURI).href);
    expect(safeUrl('javascript:alert(1)')).to.equal(null);
  });

  it('resolves nothing relative against a base that is not http(s)', () => {
    expect(safeUrl('/x', { base: 'about:blank' })).to.equal(null);
    expect(safeUrl('/x', { base: 'javascript:alert(1)' })).to.equal(null);
    expect(safeUrl('/x', { base: 'not a url' })).to.equal(null);
    expect(safeUrl('https://a.example/', { base: 'about:blank' })).to.equal('https://a.example/');
  });

  it('keeps to the own origin and the allow-list when origins are given', () => {
    const policy = { base, origins: ['https://area.example', 'https://x@y.example', 'ftp://x.y', 'nonsense'] };
    expect(safeUrl('/a', policy)).to.equal('https://school.example/a');
    expect(safeUrl('https://school.example/a', policy)).to.equal('https://school.example/a');
    expect(safeUrl('https://area.example/a', policy)).to.equal('https://area.example/a');
    expect(safeUrl('https://evil.example/a', policy)).to.equal(null);
    expect(safeUrl('https://y.example/a', policy)).to.equal(null);
    expect(safeUrl('http://school.example/a', policy)).to.equal(null);
    expect(safeUrl('https://school.example:8443/a', policy)).to.equal(null);
    expect(safeUrl('https://school.example.evil.example/', policy)).to.equal(null);
  });

  it('lets pictures be inline (data:image/…) only when asked, and never for navigation', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(safeUrl(png, { base, image: true })).to.equal(png);
    expect(safeUrl('data:image/jpeg;base64,/9j/4AAQ', { base, image: true })).to.equal(
      'data:image/jpeg;base64,/9j/4AAQ',
    );
    expect(safeUrl(png, { base })).to.equal(null);
    expect(safeUrl(png, { base, image: true, origins: [] })).to.equal(null);
    // An <img> runs no script, SVG included; a link to it is still refused.
    const svg = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    expect(safeUrl(svg, { base, image: true })).to.equal(svg);
    expect(safeUrl(svg, { base })).to.equal(null);
    expect(safeUrl('data:text/html;base64,PHNjcmlwdD4=', { base, image: true })).to.equal(null);
  });

  it('httpOrigin answers plain http(s) origins only', () => {
    expect(httpOrigin('https://School.example/x?y')).to.equal('https://school.example');
    expect(httpOrigin('https://u@school.example')).to.equal(null);
    expect(httpOrigin('javascript:alert(1)')).to.equal(null);
    expect(httpOrigin('null')).to.equal(null);
    expect(httpOrigin(undefined)).to.equal(null);
  });
});

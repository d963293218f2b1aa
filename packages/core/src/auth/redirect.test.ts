import { expect } from '@open-wc/testing';
import { safeRedirect } from './redirect.ts';

const policy = { origin: 'https://school.example', allowedOrigins: ['https://area.example', 'not a url', 'ftp://x.y'] };

describe('redirect_uri safety', () => {
  it('follows same-origin paths and URLs', () => {
    expect(safeRedirect('/portal/base/pc_desktop_all/index.html', policy)).to.equal(
      'https://school.example/portal/base/pc_desktop_all/index.html',
    );
    expect(safeRedirect('https://school.example/#/desktop/home?x=1', policy)).to.equal(
      'https://school.example/#/desktop/home?x=1',
    );
    expect(safeRedirect('  /desktop  ', policy)).to.equal('https://school.example/desktop');
    expect(safeRedirect('desktop/home', policy)).to.equal('https://school.example/desktop/home');
  });

  it('follows allow-listed origins only', () => {
    expect(safeRedirect('https://area.example/area/x', policy)).to.equal('https://area.example/area/x');
    expect(safeRedirect('https://AREA.example:443/', policy)).to.equal('https://area.example/');
    expect(safeRedirect('https://evil.example/', policy)).to.equal(null);
    expect(safeRedirect('http://school.example/', policy)).to.equal(null);
    expect(safeRedirect('https://school.example:8443/', policy)).to.equal(null);
    expect(safeRedirect('https://school.example.evil.example/', policy)).to.equal(null);
    expect(safeRedirect('ftp://x.y/', policy)).to.equal(null);
  });

  it('refuses javascript: and data: in any case or spacing', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'blob:https://school.example/1234',
    ]) {
      expect(safeRedirect(bad, policy), bad).to.equal(null);
    }
  });

  it('refuses protocol-relative and backslash tricks', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      'https:\\\\evil.example',
      'https://school.example\\@evil.example',
    ]) {
      expect(safeRedirect(bad, policy), bad).to.equal(null);
    }
  });

  it('refuses userinfo tricks', () => {
    expect(safeRedirect('https://school.example@evil.example/', policy)).to.equal(null);
    expect(safeRedirect('https://user:pass@school.example/', policy)).to.equal(null);
    expect(safeRedirect('https://evil.example@school.example/', policy)).to.equal(null);
    expect(safeRedirect('https://area.example%40evil.example/', policy)).to.equal(null);
  });

  it('refuses what is not a string, empty, or an unusable policy', () => {
    expect(safeRedirect(null, policy)).to.equal(null);
    expect(safeRedirect(42, policy)).to.equal(null);
    expect(safeRedirect('', policy)).to.equal(null);
    expect(safeRedirect('/x', { origin: 'null' })).to.equal(null);
    expect(safeRedirect('/x', { origin: 'javascript:alert(1)' })).to.equal(null);
  });
});

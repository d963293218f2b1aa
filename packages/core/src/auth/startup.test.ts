import { expect } from '@open-wc/testing';
import { captureNotices } from '../test-support/server.ts';
import {
  StartupError,
  assertAppStart,
  checkAppStart,
  internetExplorerVersion,
  isZoomOutOfRange,
  needsOldBrowserWarning,
  showSwitchAccount,
  warnIfZoomed,
  zoomPercent,
  zoomWarning,
} from './startup.ts';

const IE = {
  6: 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)',
  7: 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)',
  8: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
  9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  11: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
};

describe('startup checks', () => {
  it('code and appCode are required, with the spec texts', () => {
    expect(checkAppStart({ code: 'desktop', appCode: 'desktop' })).to.deep.equal([]);
    const problems = checkAppStart({ code: ' ', appCode: undefined });
    expect(problems.map((p) => p.message)).to.deep.equal(['code cannot be empty', 'appCode cannot be empty']);
    expect(problems.every((p) => p instanceof StartupError)).to.equal(true);
    expect(() => assertAppStart({ code: 'desktop' })).to.throw(StartupError, 'appCode cannot be empty');
    expect(() => assertAppStart({ appCode: 'desktop' })).to.throw(StartupError, 'code cannot be empty');
    expect(() => assertAppStart({ code: 'desktop', appCode: 'desktop' })).not.to.throw();
  });

  it('a missing global object is an error', () => {
    const scope = { EDU_CONFIG: {} };
    expect(checkAppStart({ code: 'a', appCode: 'b', requiredGlobals: ['EDU_CONFIG'], scope })).to.deep.equal([]);
    const [problem] = checkAppStart({ code: 'a', appCode: 'b', requiredGlobals: ['EDU_MISSING'], scope });
    expect(problem?.problem).to.equal('global');
    expect(problem?.message).to.contain('EDU_MISSING');
  });

  it('Internet Explorer 6 to 8 get the warning page, 9 and later and other browsers do not', () => {
    expect(needsOldBrowserWarning(IE[6])).to.equal(true);
    expect(needsOldBrowserWarning(IE[7])).to.equal(true);
    expect(needsOldBrowserWarning(IE[8])).to.equal(true);
    expect(needsOldBrowserWarning(IE[9])).to.equal(false);
    expect(needsOldBrowserWarning(IE[10])).to.equal(false);
    expect(needsOldBrowserWarning(IE[11])).to.equal(false);
    expect(internetExplorerVersion(IE[11])).to.equal(11);
    expect(needsOldBrowserWarning(navigator.userAgent)).to.equal(false);
    expect(needsOldBrowserWarning()).to.equal(false);
  });

  it('zoom: devicePixelRatio first, then outer over inner width', () => {
    expect(zoomPercent({ devicePixelRatio: 1 })).to.equal(100);
    expect(zoomPercent({ devicePixelRatio: 1.25, outerWidth: 1000, innerWidth: 1000 })).to.equal(125);
    expect(zoomPercent({ outerWidth: 1500, innerWidth: 2000 })).to.equal(75);
    expect(zoomPercent({ deviceXDPI: 144, logicalXDPI: 96 })).to.equal(150);
    expect(zoomPercent({ devicePixelRatio: 2, nativeRatio: 2 })).to.equal(100);
    expect(zoomPercent({})).to.equal(null);
    expect(zoomPercent()).to.be.a('number');
  });

  it('zoom outside 80 to 120 percent warns for 5 seconds, localised', () => {
    expect([79, 80, 100, 120, 121].map(isZoomOutOfRange)).to.deep.equal([true, false, false, false, true]);
    expect(isZoomOutOfRange(null)).to.equal(false);
    expect(zoomWarning({ devicePixelRatio: 1 }, 'en')).to.equal(null);
    const en = zoomWarning({ devicePixelRatio: 1.5 }, 'en')!;
    expect(en).to.contain('150%').and.contain('100%').and.contain('Ctrl+0');
    expect(zoomWarning({ devicePixelRatio: 0.5 }, 'zh-CN'))
      .to.contain('50%')
      .and.contain('Ctrl+0')
      .and.contain('缩放');
    expect(zoomWarning({ devicePixelRatio: 0.5 }, 'zh-HK')).to.contain('縮放');
    const { notices, restore } = captureNotices();
    try {
      expect(warnIfZoomed({ devicePixelRatio: 1.1 }, 'en')).to.equal(false);
      expect(warnIfZoomed({ devicePixelRatio: 1.3 }, 'en')).to.equal(true);
    } finally {
      restore();
    }
    expect(notices).to.have.length(1);
    expect(notices[0]).to.include({ type: 'warning', duration: 5000 });
    expect(notices[0]!.message).to.contain('130%');
  });

  it('the switch-account button shows in development only', () => {
    expect(showSwitchAccount(true)).to.equal(true);
    expect(showSwitchAccount(false)).to.equal(false);
  });
});

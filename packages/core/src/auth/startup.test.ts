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

  it('zoom: the browser zoom (outer over inner width), not the screen density', () => {
    // Windows 125–200 % scaling, Macs and phones at 100 %: devicePixelRatio is not the zoom.
    for (const devicePixelRatio of [1, 1.25, 1.5, 2]) {
      expect(zoomPercent({ devicePixelRatio, outerWidth: 1000, innerWidth: 1000 })).to.equal(100);
      expect(zoomWarning({ devicePixelRatio, outerWidth: 1366, innerWidth: 1366 }, 'en')).to.equal(null);
      expect(zoomPercent({ devicePixelRatio })).to.equal(null);
    }
    // Browser zoom 150 % on a 125 % screen: the viewport is two thirds of the window.
    expect(zoomPercent({ devicePixelRatio: 1.875, outerWidth: 1500, innerWidth: 1000 })).to.equal(150);
    expect(zoomPercent({ outerWidth: 1500, innerWidth: 2000 })).to.equal(75);
    // Window frames and scroll bars move the ratio a little around the level.
    expect(zoomPercent({ outerWidth: 1366, innerWidth: 1350 })).to.equal(100);
    expect(zoomPercent({ devicePixelRatio: 1.25, outerWidth: 1616, innerWidth: 1280 })).to.equal(125);
    // A side panel or docked developer tools narrow the viewport without any zoom: no warning (and none made up).
    // (On a 125 % screen a 128 % ratio reads as 125 % zoom: the two cannot be told apart, and that one warns.)
    for (const devicePixelRatio of [1, 2]) {
      expect(zoomPercent({ devicePixelRatio, outerWidth: 1920, innerWidth: 1500 }), `${devicePixelRatio}`).to.equal(
        null,
      );
    }
    for (const devicePixelRatio of [1, 1.25, 1.5, 2]) {
      expect(zoomWarning({ devicePixelRatio, outerWidth: 1920, innerWidth: 1200 }, 'en')).to.equal(null);
    }
    expect(zoomPercent({ deviceXDPI: 144, logicalXDPI: 96 })).to.equal(150);
    expect(zoomPercent({ devicePixelRatio: 2, nativeRatio: 2 })).to.equal(100);
    expect(zoomPercent({ devicePixelRatio: 3, nativeRatio: 2 })).to.equal(150);
    // A phone: its outer width is the screen's, its inner width the page's; no browser zoom to warn about.
    expect(zoomPercent({ devicePixelRatio: 3, outerWidth: 375, innerWidth: 981, touchOnly: true })).to.equal(null);
    expect(zoomPercent({})).to.equal(null);
    expect(zoomPercent()).to.be.a('number');
  });

  it('zoom outside 80 to 120 percent warns for 5 seconds, localised', () => {
    expect([79, 80, 100, 120, 121].map(isZoomOutOfRange)).to.deep.equal([true, false, false, false, true]);
    expect(isZoomOutOfRange(null)).to.equal(false);
    expect(zoomWarning({ outerWidth: 1000, innerWidth: 1000 }, 'en')).to.equal(null);
    const en = zoomWarning({ outerWidth: 1500, innerWidth: 1000 }, 'en')!;
    expect(en).to.contain('150%').and.contain('100%').and.contain('Ctrl+0');
    expect(zoomWarning({ outerWidth: 500, innerWidth: 1000 }, 'zh-CN'))
      .to.contain('50%')
      .and.contain('Ctrl+0')
      .and.contain('缩放');
    expect(zoomWarning({ outerWidth: 500, innerWidth: 1000 }, 'zh-HK')).to.contain('縮放');
    const { notices, restore } = captureNotices();
    try {
      expect(warnIfZoomed({ devicePixelRatio: 1.5, outerWidth: 1100, innerWidth: 1000 }, 'en')).to.equal(false);
      // Zoom 125 % on a 100 % screen: the device pixel ratio carries the zoom too.
      expect(warnIfZoomed({ devicePixelRatio: 1.25, outerWidth: 1250, innerWidth: 1000 }, 'en')).to.equal(true);
    } finally {
      restore();
    }
    expect(notices).to.have.length(1);
    expect(notices[0]).to.include({ type: 'warning', duration: 5000 });
    expect(notices[0]!.message).to.contain('125%');
  });

  it('the switch-account button shows in development only', () => {
    expect(showSwitchAccount(true)).to.equal(true);
    expect(showSwitchAccount(false)).to.equal(false);
  });
});

import { expect } from '@open-wc/testing';
import {
  CARRIED_NOTICE_KEY,
  notifyAcrossPages,
  setNotifier,
  showCarriedNotice,
  type Notice,
  type Notifier,
} from './notify.ts';

describe('notices carried to the next page ("login success" on the landing page)', () => {
  let shown: Notice[];
  let previous: Notifier;

  beforeEach(() => {
    sessionStorage.removeItem(CARRIED_NOTICE_KEY);
    shown = [];
    previous = setNotifier((notice) => shown.push(notice));
  });

  afterEach(() => {
    setNotifier(previous);
    sessionStorage.removeItem(CARRIED_NOTICE_KEY);
  });

  it('shows it now, and once more where the next page installs its notifier when this one is left', () => {
    notifyAcrossPages({ type: 'success', message: 'Login success' });
    expect(shown).to.deep.equal([{ type: 'success', message: 'Login success' }]);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sessionStorage.getItem(CARRIED_NOTICE_KEY)).to.contain('Login success');
    // The landing page: its notifier is installed and shows the carried notice once.
    const landing: Notice[] = [];
    setNotifier((notice) => landing.push(notice));
    expect(landing).to.deep.equal([{ type: 'success', message: 'Login success', duration: undefined }]);
    expect(sessionStorage.getItem(CARRIED_NOTICE_KEY)).to.equal(null);
    setNotifier((notice) => landing.push(notice));
    showCarriedNotice();
    expect(landing).to.have.length(1);
  });

  it('carries nothing when the page stays, and drops a stale or foreign entry', () => {
    notifyAcrossPages({ type: 'success', message: 'Login success' });
    showCarriedNotice();
    expect(shown).to.have.length(1);
    sessionStorage.setItem(
      CARRIED_NOTICE_KEY,
      JSON.stringify({ notice: { type: 'success', message: 'old' }, at: Date.now() - 60_000 }),
    );
    showCarriedNotice();
    sessionStorage.setItem(
      CARRIED_NOTICE_KEY,
      JSON.stringify({ notice: { type: 'html', message: 'x' }, at: Date.now() }),
    );
    showCarriedNotice();
    sessionStorage.setItem(CARRIED_NOTICE_KEY, '{bad');
    showCarriedNotice();
    expect(shown).to.have.length(1);
    expect(sessionStorage.getItem(CARRIED_NOTICE_KEY)).to.equal(null);
  });
});

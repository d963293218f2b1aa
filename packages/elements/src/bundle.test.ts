import { expect } from '@open-wc/testing';
import * as bundle from './bundle.ts';
import { closeAllNotices } from './notice/notice.ts';

describe('drop-in bundle entry', () => {
  after(() => closeAllNotices());

  it('defines every element and exposes the core and the notice API on window.EduPortal', async () => {
    expect(customElements.get('edu-dialog')).to.be.a('function');
    expect(customElements.get('edu-notice')).to.be.a('function');
    expect(window.EduPortal === undefined).to.equal(false);
    // Every field at once with the full bundle, and the same kit through \`ready\` as with the autoloader.
    const portal = await window.EduPortal.ready;
    expect(window.EduPortal.core).to.equal(portal.core);
    expect(portal.notice === bundle.notice).to.equal(true);
    expect(portal.core.getLanguage()).to.equal('zh-CN');
    expect(typeof portal.core.notify).to.equal('function');
    expect(typeof portal.setLanguage).to.equal('function');
    // The core's notifier is the notice stack.
    portal.core.notify({ type: 'success', message: '来自核心' });
    const host = document.querySelector('edu-notice')!;
    await (host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const messages = [...host.shadowRoot!.querySelectorAll('.message')].map((m) => m.textContent);
    expect(messages).to.include('来自核心');
  });
});

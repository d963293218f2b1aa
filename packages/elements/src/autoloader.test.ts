import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { elementLoaders } from './autoloader.ts';
import { elementClasses } from './define.ts';
import { closeAllNotices } from './notice/notice.ts';

describe('edu-autoloader', () => {
  after(() => closeAllNotices());

  it('has a loader for every element of the package, giving the same class', async () => {
    expect(Object.keys(elementLoaders).sort()).to.deep.equal(Object.keys(elementClasses).sort());
    for (const [tag, load] of Object.entries(elementLoaders))
      expect(await load(), tag).to.equal(elementClasses[tag as keyof typeof elementClasses]);
  });

  it('defines an element when it first appears in the document, and only then', async () => {
    // Nothing on this page has defined <edu-empty> or <edu-footer> yet.
    expect(customElements.get('edu-empty')).to.equal(undefined);
    const el = await fixture(html`<div><edu-empty></edu-empty></div>`);
    await waitUntil(() => customElements.get('edu-empty') !== undefined, 'edu-empty defined on first use');
    expect(el.querySelector('edu-empty')!.shadowRoot).to.not.equal(null);
    expect(customElements.get('edu-footer')).to.equal(undefined);
  });

  it('finds elements added inside the shadow root of an element of the kit', async () => {
    const dialog = await fixture<HTMLElement & { updateComplete: Promise<unknown> }>(
      html`<edu-dialog open title="t"></edu-dialog>`,
    );
    await waitUntil(() => customElements.get('edu-dialog') !== undefined);
    await dialog.updateComplete;
    expect(customElements.get('edu-color-picker')).to.equal(undefined);
    dialog.shadowRoot!.append(document.createElement('edu-color-picker'));
    await waitUntil(() => customElements.get('edu-color-picker') !== undefined, 'found in a shadow root');
  });

  it('gives the kit to inline scripts through EduPortal.ready', async () => {
    const { core, notice } = await window.EduPortal.ready;
    expect(typeof core.client.get).to.equal('function');
    notice.info('ready');
    await waitUntil(() => document.querySelector('edu-notice')?.shadowRoot?.textContent?.includes('ready') === true);
  });

  it("gives the core's essentials at once and the whole core through loadCore (size budgets)", async () => {
    const { core, loadCore } = await window.EduPortal.ready;
    expect(typeof core.getLanguage).to.equal('function');
    expect(typeof core.session.getSnapshot).to.equal('function');
    // The upload service is not part of what `ready` loads…
    expect('createUpload' in core).to.equal(false);
    // …but of the whole core, which has every essential too.
    const whole = await loadCore();
    expect(typeof whole.createUpload).to.equal('function');
    expect(whole.client).to.equal(core.client);
  });
});

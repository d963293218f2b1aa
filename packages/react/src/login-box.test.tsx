import { expect } from '@open-wc/testing';
import { act } from 'react';
import { useReactRoot } from './test-utils.ts';
import type { EduLoginFailedEvent } from '@edu-portal/elements/internal/login-form.ts';
import { EduLoginBox } from './wrappers/edu-login-box.ts';

describe('React <EduLoginBox>: passkeys', () => {
  const view = useReactRoot();

  const box = () => view.container.querySelector('edu-login-box')!;
  const passkeyButton = () => box().shadowRoot!.querySelector<HTMLButtonElement>('[part="passkey"]');

  it('offers the passkey button unless noPasskey is set', async () => {
    await act(async () => view.root.render(<EduLoginBox noSocial />));
    await box().updateComplete;
    expect(passkeyButton()).to.not.equal(null);
    await act(async () => view.root.render(<EduLoginBox noSocial noPasskey />));
    await box().updateComplete;
    expect(passkeyButton()).to.equal(null);
  });

  it('hands a passkey sign-in that did not happen to onEduLoginFailed, with no fields', async () => {
    const failures: EduLoginFailedEvent[] = [];
    await act(async () => view.root.render(<EduLoginBox noSocial onEduLoginFailed={(e) => failures.push(e)} />));
    await box().updateComplete;
    // This test page's origin is not the relying party the server names, so the browser refuses the ceremony.
    const result = await box().signInWithPasskey();
    expect(result.kind).to.equal('passkey-failed');
    expect(failures).to.have.length(1);
    expect(failures[0]!.detail.fields).to.deep.equal([]);
    expect(failures[0]!.detail.message).to.not.equal('');
    await box().updateComplete;
    expect(box().shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(failures[0]!.detail.message);
  });
});

import { expect } from '@open-wc/testing';
import { createSessionRecovery } from './session-recovery.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('session recovery coordination', () => {
  it('shares one refresh among requests that fail together', async () => {
    let refreshes = 0;
    const recovery = createSessionRecovery({
      refresh: async () => {
        refreshes++;
        await tick();
        return true;
      },
      relogin: async () => false,
    });
    const epoch = recovery.epoch;
    const results = await Promise.all(Array.from({ length: 20 }, () => recovery.recover(epoch)));
    expect(results.every(Boolean)).to.equal(true);
    expect(refreshes).to.equal(1);
  });

  it('a request sent before a finished recovery reuses its outcome instead of refreshing again', async () => {
    let refreshes = 0;
    const recovery = createSessionRecovery({ refresh: async () => (refreshes++, true), relogin: async () => false });
    const sentAt = recovery.epoch;
    expect(await recovery.recover(sentAt)).to.equal(true);
    expect(await recovery.recover(sentAt)).to.equal(true);
    expect(refreshes).to.equal(1);
    // A request sent after that recovery starts a new one.
    expect(await recovery.recover(recovery.epoch)).to.equal(true);
    expect(refreshes).to.equal(2);
  });

  it('a failed refresh runs relogin once, and late requests share the failure', async () => {
    let relogins = 0;
    const recovery = createSessionRecovery({
      refresh: async () => false,
      relogin: async () => {
        relogins++;
        await tick();
        return false;
      },
    });
    const sentAt = recovery.epoch;
    const together = await Promise.all(Array.from({ length: 5 }, () => recovery.recover(sentAt)));
    const late = await recovery.recover(sentAt);
    expect([...together, late].some(Boolean)).to.equal(false);
    expect(relogins).to.equal(1);
  });

  it('a throwing step counts as failure, and relogin alone is shared too', async () => {
    let relogins = 0;
    const recovery = createSessionRecovery({
      refresh: async () => {
        throw new Error('boom');
      },
      relogin: async () => {
        relogins++;
        await tick();
        return true;
      },
    });
    expect(await recovery.recover(recovery.epoch)).to.equal(true);
    expect(relogins).to.equal(1);
    const sentAt = recovery.epoch;
    await Promise.all([recovery.relogin(sentAt), recovery.relogin(sentAt), recovery.relogin(sentAt)]);
    expect(relogins).to.equal(2);
    // Answers that arrive after that relogin finished share its outcome.
    expect(await recovery.relogin(sentAt)).to.equal(true);
    expect(relogins).to.equal(2);
  });
});

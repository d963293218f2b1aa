import { expect } from '@open-wc/testing';
import { createSessionRecovery, shareRefreshAcrossTabs } from './session-recovery.ts';

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

describe('one refresh across tabs', () => {
  /** What the tabs share, as the cookie jar: whether a refresh has made the session valid again. */
  let shared = { refreshed: false };
  let name = '';
  beforeEach(() => {
    shared = { refreshed: false };
    name = Math.random().toString(36).slice(2);
  });

  /**
   * A "tab" on the real Web Locks and BroadcastChannel of this page, with a refresh that takes a while. Its probe
   * finds the session valid once any tab refreshed, unless `probeFinds` says otherwise.
   */
  function tab(probeFinds: () => boolean = () => shared.refreshed) {
    const record = { refreshes: 0, probes: 0, adopted: [] as unknown[] };
    const channel = new BroadcastChannel(`edu-session-test-${name}`);
    const refresh = shareRefreshAcrossTabs(
      async () => {
        record.refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        shared.refreshed = true;
        return { ok: true, data: { accessToken: `t${record.refreshes}` } };
      },
      {
        locks: navigator.locks,
        channel,
        probe: async () => (record.probes++, probeFinds()),
        adopt: (data) => record.adopted.push(data),
      },
    );
    return { record, refresh, channel };
  }

  it('a tab that waited on the lock does not refresh again, and adopts the announced answer', async () => {
    const a = tab();
    const b = tab();
    try {
      const [okA, okB] = await Promise.all([a.refresh(), b.refresh()]);
      expect([okA, okB]).to.deep.equal([true, true]);
      expect(a.record.refreshes + b.record.refreshes).to.equal(1);
      const [refresher, other] = a.record.refreshes ? [a, b] : [b, a];
      // The announcement may arrive after the lock changed hands (then the probe answered); it does arrive.
      for (let i = 0; i < 100 && other.record.adopted.length === 0; i++) await tick();
      expect(other.record.adopted).to.deep.equal([{ accessToken: 't1' }]);
      expect(refresher.record.adopted).to.deep.equal([]);
    } finally {
      a.channel.close();
      b.channel.close();
    }
  });

  it('without the announcement, the waiting tab probes: a valid session means no second refresh', async () => {
    const a = tab();
    const b = tab();
    // Neither hears the other.
    b.channel.close();
    a.channel.close();
    const [okA, okB] = await Promise.all([a.refresh(), b.refresh()]);
    expect([okA, okB]).to.deep.equal([true, true]);
    expect(a.record.refreshes + b.record.refreshes).to.equal(1);
    expect(a.record.probes + b.record.probes).to.equal(1);
  });

  it('a waiting tab whose probe finds no session refreshes itself; without locks each tab refreshes', async () => {
    const a = tab(() => false);
    const b = tab(() => false);
    a.channel.close();
    b.channel.close();
    await Promise.all([a.refresh(), b.refresh()]);
    expect(a.record.refreshes + b.record.refreshes).to.equal(2);

    let plain = 0;
    const noLocks = shareRefreshAcrossTabs(async () => (plain++, { ok: false }), {
      locks: null,
      channel: null,
      probe: async () => true,
      adopt: () => undefined,
    });
    expect(await noLocks()).to.equal(false);
    expect(plain).to.equal(1);
  });
});

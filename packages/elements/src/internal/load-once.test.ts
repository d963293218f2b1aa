import { expect } from '@open-wc/testing';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for every caller, keeps the value, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls++;
      if (fail) throw new TypeError('Failed to fetch');
      return { name: 'module' };
    });
    expect(load.loaded()).to.equal(null);
    const [a, b] = await Promise.allSettled([load(), load()]);
    expect([a.status, b.status, calls]).to.deep.equal(['rejected', 'rejected', 1]);
    expect(load.loaded()).to.equal(null);
    fail = false;
    const [c, d] = await Promise.all([load(), load()]);
    expect(c).to.equal(d);
    expect(calls).to.equal(2);
    expect(load.loaded()).to.equal(c);
    await load();
    expect(calls).to.equal(2);
  });
});

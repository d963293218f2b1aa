import { expect } from '@open-wc/testing';
import { isPlainObject, toFormData, toSearchParams } from './payload.ts';

describe('payload encoding', () => {
  it('recognises plain objects only', () => {
    expect(isPlainObject({ a: 1 })).to.equal(true);
    expect(isPlainObject(Object.create(null))).to.equal(true);
    for (const value of [null, [1], new FormData(), new Blob(['x']), 'text', 3, new Date()]) {
      expect(isPlainObject(value)).to.equal(false);
    }
  });

  it('builds url-encoded forms: arrays repeat, objects become JSON, null and undefined are left out', () => {
    const params = toSearchParams({
      a: 1,
      list: ['x', 'y'],
      obj: { k: 'v' },
      none: null,
      missing: undefined,
      zh: '中',
    });
    expect(params.toString()).to.equal('a=1&list=x&list=y&obj=%7B%22k%22%3A%22v%22%7D&zh=%E4%B8%AD');
  });

  it('builds multipart forms with files as parts', async () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const form = toFormData({ serverid: 'base', file, chunk: 1, tags: ['a', 'b'], none: null });
    expect(form.get('serverid')).to.equal('base');
    expect(form.get('chunk')).to.equal('1');
    expect(form.getAll('tags')).to.deep.equal(['a', 'b']);
    expect(form.has('none')).to.equal(false);
    const part = form.get('file') as File;
    expect(part.name).to.equal('hello.txt');
    expect(await part.text()).to.equal('hello');
  });
});

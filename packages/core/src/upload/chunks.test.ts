import { expect } from '@open-wc/testing';
import { chunkAt, chunkCount, isSingleUpload, planChunks } from './chunks.ts';

const MB2 = 2 * 1024 * 1024;

describe('upload chunk maths', () => {
  it('counts chunks on the boundary sizes (an empty file is one empty chunk)', () => {
    expect(chunkCount(0)).to.equal(1);
    expect(chunkCount(1)).to.equal(1);
    expect(chunkCount(MB2 - 1)).to.equal(1);
    expect(chunkCount(MB2)).to.equal(1);
    expect(chunkCount(MB2 + 1)).to.equal(2);
    expect(chunkCount(2 * MB2)).to.equal(2);
    expect(chunkCount(2 * MB2 + 1)).to.equal(3);
    expect(chunkCount(1024 ** 3)).to.equal(512);
    expect(chunkCount(10, 3)).to.equal(4);
  });

  it('sends at or under the chunk size in one request', () => {
    expect(isSingleUpload(0)).to.equal(true);
    expect(isSingleUpload(MB2)).to.equal(true);
    expect(isSingleUpload(MB2 + 1)).to.equal(false);
  });

  it('gives 1-based chunks that tile the file, the last never larger than the chunk size', () => {
    for (const size of [0, 1, MB2 - 1, MB2, MB2 + 1, 2 * MB2, 2 * MB2 + 1, 5 * MB2 + 12345]) {
      const plan = planChunks(size);
      expect(plan[0]!.index).to.equal(1);
      expect(plan[0]!.start).to.equal(0);
      expect(plan.at(-1)!.end).to.equal(size);
      let next = 0;
      for (const chunk of plan) {
        expect(chunk.start, `size ${size} chunk ${chunk.index}`).to.equal(next);
        expect(chunk.size).to.equal(chunk.end - chunk.start);
        expect(chunk.size).to.be.at.most(MB2);
        next = chunk.end;
      }
      for (const chunk of plan.slice(0, -1)) expect(chunk.size).to.equal(MB2);
      if (size > 0) expect(plan.at(-1)!.size).to.be.greaterThan(0);
    }
    expect(planChunks(MB2 + 1).map((c) => c.size)).to.deep.equal([MB2, 1]);
    expect(planChunks(0)).to.deep.equal([{ index: 1, start: 0, end: 0, size: 0 }]);
  });

  it('refuses chunks outside the file and nonsense sizes', () => {
    expect(() => chunkAt(MB2 + 1, 0)).to.throw(RangeError);
    expect(() => chunkAt(MB2 + 1, 3)).to.throw(RangeError);
    expect(() => chunkCount(10, 0)).to.throw(RangeError);
    expect(() => chunkCount(-1)).to.throw(RangeError);
    expect(() => chunkCount(1.5)).to.throw(RangeError);
    expect(chunkAt(MB2 + 1, 2)).to.deep.equal({ index: 2, start: MB2, end: MB2 + 1, size: 1 });
  });
});

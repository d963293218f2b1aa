import { expect } from '@open-wc/testing';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import {
  clearResumeRecords,
  findResumeRecord,
  listResumeRecords,
  removeResumeRecord,
  RESUME_RECORD_LIMIT,
  saveResumeRecord,
} from './resume.ts';

const file = (name: string, size = 10, lastModified = 5) => ({ name, size, lastModified });

describe('upload resume records', () => {
  let session: SessionStore;
  beforeEach(() => {
    localStorage.clear();
    session = createSessionStore();
    session.login({ userId: 'U1', userName: 'teacher1' });
  });
  afterEach(() => session.dispose());

  it('remembers name, size, lastModified and md5 of an unfinished upload, never content', () => {
    saveResumeRecord(file('a.mp4'), 'abc', { session, now: () => 42 });
    expect(findResumeRecord(file('a.mp4'), { session })).to.deep.equal({
      name: 'a.mp4',
      size: 10,
      lastModified: 5,
      md5: 'abc',
      savedAt: 42,
    });
    expect(findResumeRecord(file('a.mp4', 11), { session })).to.equal(null);
    expect(findResumeRecord(file('a.mp4', 10, 6), { session })).to.equal(null);
    expect(JSON.parse(localStorage.getItem('EDU_UPLOAD_RESUME')!)).to.deep.equal({
      userId: 'U1',
      records: [{ name: 'a.mp4', size: 10, lastModified: 5, md5: 'abc', savedAt: 42 }],
    });
  });

  it('belongs to the signed-in user', () => {
    saveResumeRecord(file('a.mp4'), 'abc', { session });
    const other = createSessionStore();
    other.login({ userId: 'U2', userName: 'student1' });
    try {
      expect(listResumeRecords({ session: other })).to.deep.equal([]);
      expect(findResumeRecord(file('a.mp4'), { session: other })).to.equal(null);
    } finally {
      other.dispose();
    }
  });

  it('is cleared at logout', () => {
    saveResumeRecord(file('a.mp4'), 'abc', { session });
    session.logout();
    expect(localStorage.getItem('EDU_UPLOAD_RESUME')).to.equal(null);
  });

  it('replaces a file’s record, keeps the newest ones, and forgets on request', () => {
    saveResumeRecord(file('a.mp4'), 'one', { session });
    saveResumeRecord(file('a.mp4'), 'two', { session });
    expect(listResumeRecords({ session }).map((r) => r.md5)).to.deep.equal(['two']);
    for (let i = 0; i < RESUME_RECORD_LIMIT + 5; i++) saveResumeRecord(file(`f${i}.mov`), `m${i}`, { session });
    const records = listResumeRecords({ session });
    expect(records).to.have.length(RESUME_RECORD_LIMIT);
    expect(records[0]!.name).to.equal(`f${RESUME_RECORD_LIMIT + 4}.mov`);
    removeResumeRecord(file(`f${RESUME_RECORD_LIMIT + 4}.mov`), { session });
    expect(listResumeRecords({ session })).to.have.length(RESUME_RECORD_LIMIT - 1);
    clearResumeRecords();
    expect(listResumeRecords({ session })).to.deep.equal([]);
  });

  it('reads corrupt storage as no records', () => {
    localStorage.setItem('EDU_UPLOAD_RESUME', '{not json');
    expect(listResumeRecords({ session })).to.deep.equal([]);
    localStorage.setItem('EDU_UPLOAD_RESUME', JSON.stringify({ userId: 'U1', records: [{ name: 1 }, null] }));
    expect(listResumeRecords({ session })).to.deep.equal([]);
  });
});

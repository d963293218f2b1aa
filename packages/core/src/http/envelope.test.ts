import { expect } from '@open-wc/testing';
import { MALFORMED, decodeEnvelope, envelopeMessage, parseJson } from './envelope.ts';

describe('envelope decoding', () => {
  it('decodes the five fields once', () => {
    const env = decodeEnvelope({ status: 200, code: 'ok', message: '', fieldErrors: null, data: { a: 1 } });
    expect(env).to.deep.equal({ status: 200, code: 'ok', message: '', fieldErrors: [], data: { a: 1 } });
  });

  it("keeps the body's other top-level fields apart, only when there are some", () => {
    const env = decodeEnvelope({ status: 200, code: 'ok', message: '', data: true, chunks: [1, 3] });
    expect(env!.data).to.equal(true);
    expect(env!.extra).to.deep.equal({ chunks: [1, 3] });
    expect(decodeEnvelope({ status: 200, data: 1 })).to.not.have.property('extra');
  });

  it('accepts a numeric string status and treats a missing status as success', () => {
    expect(decodeEnvelope({ status: '401' })!.status).to.equal(401);
    expect(decodeEnvelope({ data: [1] })).to.deep.include({ status: 200, data: [1] });
  });

  it('refuses what is not an envelope', () => {
    expect(decodeEnvelope(null)).to.equal(null);
    expect(decodeEnvelope([1, 2])).to.equal(null);
    expect(decodeEnvelope('text')).to.equal(null);
    expect(decodeEnvelope(42)).to.equal(null);
    expect(decodeEnvelope({ status: 'weird' })).to.equal(null);
  });

  it('parses JSON without throwing', () => {
    expect(parseJson('{"a":1}')).to.deep.equal({ a: 1 });
    expect(parseJson('<html>')).to.equal(MALFORMED);
    expect(parseJson('')).to.equal(MALFORMED);
    expect(parseJson(undefined)).to.equal(MALFORMED);
  });
});

describe('envelope message', () => {
  it('joins field errors with commas, picking each bilingual part', () => {
    const env = decodeEnvelope({
      status: 400,
      message: '提交有误|||Invalid input',
      fieldErrors: [{ field: 'a', message: '必填|||Required' }, { field: 'b', message: 'Too long' }, { nope: 1 }],
    })!;
    expect(env.fieldErrors).to.have.length(2);
    expect(envelopeMessage(env, 'en')).to.equal('Required,Too long');
    expect(envelopeMessage(env, 'zh-CN')).to.equal('必填,Too long');
  });

  it('shows the message by language, else Server internal error!', () => {
    expect(envelopeMessage({ message: '拒绝|||Refused', fieldErrors: [] }, 'en')).to.equal('Refused');
    expect(envelopeMessage({ message: '拒绝|||Refused', fieldErrors: [] }, 'zh-HK')).to.equal('拒绝');
    expect(envelopeMessage({ message: '', fieldErrors: [] }, 'en')).to.equal('Server internal error!');
    expect(envelopeMessage({ message: '', fieldErrors: [] }, 'zh-CN')).to.equal('服务器内部错误！');
  });
});

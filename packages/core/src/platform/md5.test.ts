import { expect } from '@open-wc/testing';
import { md5Hex } from './md5.ts';

describe('md5Hex', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5Hex('')).to.equal('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('a')).to.equal('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex('abc')).to.equal('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).to.equal('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex('abcdefghijklmnopqrstuvwxyz')).to.equal('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5Hex('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).to.equal(
      'd174ab98d277d9f5a5611c2c9f419d9f',
    );
    expect(md5Hex('1234567890'.repeat(8))).to.equal('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('hashes the UTF-8 bytes of non-ASCII text, across block boundaries', () => {
    expect(md5Hex('中文')).to.equal('a7bac2239fcdcb3a067903d8077c4a07');
    // 55, 56 and 64 bytes sit on the padding edges.
    expect(md5Hex('x'.repeat(55))).to.equal('04364420e25c512fd958a70738aa8f72');
    expect(md5Hex('x'.repeat(56))).to.equal('668a72d5ba17f08e62dabcafad6db14b');
    expect(md5Hex('x'.repeat(64))).to.equal('c1bb4f81d892b2d57947682aeb252456');
  });
});

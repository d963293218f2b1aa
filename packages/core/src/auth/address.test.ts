import { expect } from '@open-wc/testing';
import { cleanAddressBar, readParam, routePath, stripParams, type AddressBar } from './address.ts';

describe('address parameters', () => {
  it('reads the query first, then the hash query', () => {
    expect(readParam('https://s.example/?ticket=a#/login?ticket=b', 'ticket')).to.equal('a');
    expect(readParam('https://s.example/#/login?ticket=b&x=1', 'ticket')).to.equal('b');
    expect(readParam('https://s.example/#/login', 'ticket')).to.equal(null);
    expect(readParam('https://s.example/?ticket=', 'ticket')).to.equal(null);
    expect(readParam('not a url', 'ticket')).to.equal(null);
  });

  it('route path: the hash route under hash routing, else the path', () => {
    expect(routePath('https://s.example/#/redirect/notice?x=1')).to.equal('/redirect/notice');
    expect(routePath('https://s.example/redirect/notice')).to.equal('/redirect/notice');
    expect(routePath('https://s.example/page#section')).to.equal('/page');
  });

  it('strips keys from the query and from the hash query, keeping the rest', () => {
    expect(
      stripParams('https://s.example/p?ticket=t&a=1&accessToken=z#/home?code=c&state=s&b=2', [
        'ticket',
        'accessToken',
        'code',
        'state',
      ]),
    ).to.equal('https://s.example/p?a=1#/home?b=2');
    expect(stripParams('https://s.example/?ticket=t#/login?ticket=u', ['ticket'])).to.equal(
      'https://s.example/#/login',
    );
    expect(stripParams('https://s.example/p?a=1#frag', ['ticket'])).to.equal('https://s.example/p?a=1#frag');
    expect(stripParams('https://s.example/p?ticket=a&ticket=b', ['ticket'])).to.equal('https://s.example/p');
  });

  it('cleans the address bar with replaceState, only when something changed', () => {
    const replaced: string[] = [];
    let href = 'https://s.example/?ticket=t&x=1#/login?accessToken=z';
    const bar: AddressBar = { href: () => href, replaceState: (url) => replaced.push((href = url)) };
    expect(cleanAddressBar(['ticket', 'accessToken'], bar)).to.equal('https://s.example/?x=1#/login');
    expect(replaced).to.deep.equal(['https://s.example/?x=1#/login']);
    cleanAddressBar(['ticket'], bar);
    expect(replaced.length).to.equal(1);
  });

  it('cleans the real address bar without reloading or adding history', () => {
    const before = location.href;
    const length = history.length;
    history.replaceState(history.state, '', `${location.pathname}${location.search}#/login?ticket=secret&keep=1`);
    try {
      cleanAddressBar(['ticket']);
      expect(location.hash).to.equal('#/login?keep=1');
      expect(history.length).to.equal(length);
    } finally {
      history.replaceState(history.state, '', before);
    }
  });
});

/** The social login calls against the reference server. */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { getSocialInfo, getSocialProviders, getWeChatLoginInfo, socialIdentity } from './api.ts';

describe('social login calls', () => {
  let client: Client;
  const host = location.host;
  useReferenceServer((parts) => ({ client } = parts), { session: true });

  it("lists the unit's providers; an unknown host has none", async () => {
    const providers = await getSocialProviders(host, client);
    expect(providers.map((p) => p.providerId)).to.have.members(['dingtalk', 'weixin', 'work-weixin']);
    expect(providers[0]).to.have.all.keys(
      'providerId',
      'providerAppId',
      'providerApplicationId',
      'providerAppLoginUrl',
      'logo',
    );
    expect(await getSocialProviders('nowhere.example', client)).to.deep.equal([]);
  });

  it('WeChat and WeChat Work info: the provider app id, a fresh state and the login URL', async () => {
    const mp = await getWeChatLoginInfo('mp', { unitHost: host, redirectUri: '/#/login' }, client);
    expect(mp?.providerAppId).to.equal('wx5e1f0c3a9b7d2468');
    expect(mp?.state).to.match(/^weixin\./);
    expect(mp?.loginUrl).to.contain('provider=weixin');
    const qy = await getWeChatLoginInfo('qy', { unitHost: host }, client);
    expect(qy?.providerAppId).to.equal('ww3c8d1e5f7a9b2c40');
    expect(await getWeChatLoginInfo('mp', { unitHost: 'nowhere.example' }, client)).to.equal(null);
  });

  it('the login dialog info comes back as the server sends it', async () => {
    const envelope = await getSocialInfo({ unitHost: host, redirectUri: '/#/login' }, client);
    expect(envelope.status).to.equal(200);
    expect(envelope.data).to.have.property('qrLogin');
  });

  it('socialIdentity reads what a bind page needs, empty strings for the rest', () => {
    expect(socialIdentity({ id: 5, openid: 'o', extra: true })).to.deep.equal({ id: '5', openid: 'o', unionid: '' });
    expect(socialIdentity(null)).to.deep.equal({ id: '', openid: '', unionid: '' });
  });
});

import { expect } from '@open-wc/testing';
import { detectDevice, detectMessagingClient } from './device.ts';

describe('device and messaging client', () => {
  it('tells WeChat from WeChat Work (whose agent says MicroMessenger too)', () => {
    const weChat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47 NetType/WIFI';
    const work = `${weChat} wxwork/4.1.16 MicroMessenger/7.0.1`;
    expect(detectMessagingClient(weChat)).to.deep.equal({ weChat: true, weChatWork: false });
    expect(detectMessagingClient(work)).to.deep.equal({ weChat: false, weChatWork: true });
    expect(detectMessagingClient(navigator.userAgent)).to.deep.equal({ weChat: false, weChatWork: false });
    expect(detectDevice(weChat)).to.equal('mobile');
  });
});

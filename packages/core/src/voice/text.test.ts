/** The §5 text rules: trailing punctuation, empty text, the skill look-up and where its address may lead. */
import { expect } from '@open-wc/testing';
import { fakeClient } from '../test-support/fake-client.ts';
import { VOICE_PATHS } from './api.ts';
import { cleanRecognizedText, resolveVoiceText } from './text.ts';

describe('voice text rules', () => {
  it('removes a trailing full stop, comma or exclamation mark, full or half width', () => {
    const cases: [string, string][] = [
      ['打开作业管理。', '打开作业管理'],
      ['打开作业管理，', '打开作业管理'],
      ['打开作业管理！', '打开作业管理'],
      ['Open Homework.', 'Open Homework'],
      ['Open Homework!', 'Open Homework'],
      ['open homework, ', 'open homework'],
      ['好的。。！', '好的'],
      // Only at the end, and only those marks.
      ['你好，世界', '你好，世界'],
      ['在吗？', '在吗？'],
      [' 。！ ', ''],
    ];
    for (const [heard, clean] of cases) expect(cleanRecognizedText(heard), heard).to.equal(clean);
  });

  it('gives "didn\'t catch that" for empty text in each language, without a call', async () => {
    const { client, calls } = fakeClient();
    for (const [lang, message] of [
      ['en', "I didn't quite catch that. Can you say it again?"],
      ['zh-CN', '我没有听清，请再说一遍好吗？'],
      ['zh-HK', '我沒有聽清，請再說一遍好嗎？'],
    ] as const) {
      expect(await resolveVoiceText('。', { client, lang })).to.deep.equal({ kind: 'empty', text: '', message });
    }
    expect(calls).to.deep.equal([]);
  });

  it('sends the cleaned text and opens only same-origin or allowed addresses', async () => {
    const answers: Record<string, string> = {
      打开作业管理: '/pages/homework/pc_homework_tm/index.html',
      打开外站: 'https://evil.example/phish',
      打开区域: 'https://area.example/desktop',
      打开脚本: 'javascript:alert(1)',
      打开空: '',
    };
    const { client, calls } = fakeClient({
      [VOICE_PATHS.vocabulary]: (payload: unknown) => ({
        url: answers[(payload as { vocabulary: string }).vocabulary] ?? '',
      }),
    });
    const origin = 'https://school.example';
    const options = { client, origin, allowedOrigins: ['https://area.example'], lang: 'en' as const };
    expect(await resolveVoiceText('打开作业管理。', options)).to.deep.equal({
      kind: 'open',
      text: '打开作业管理',
      url: 'https://school.example/pages/homework/pc_homework_tm/index.html',
    });
    expect(calls[0]).to.deep.include({ method: 'post', url: '/api/base/find_by_vocabulary' });
    expect(calls[0]!.payload).to.deep.equal({ vocabulary: '打开作业管理' });
    expect((await resolveVoiceText('打开区域', options)).kind).to.equal('open');
    const noSkill = {
      kind: 'no-skill',
      message: "Oops, I haven't learned that skill yet, try another way of saying it!",
    };
    for (const phrase of ['打开外站', '打开脚本', '打开空', '没有这个']) {
      expect(await resolveVoiceText(phrase, options)).to.deep.equal({ ...noSkill, text: phrase }, phrase);
    }
    expect((await resolveVoiceText('没有这个', { ...options, lang: 'zh-CN' })).kind).to.equal('no-skill');
  });
});

/** Voice command texts (spec part 2 §5, §8). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const VOICE_TEXTS = {
  voiceTokenFailed: {
    'zh-CN': '请检查服务器配置！',
    en: 'check server configuration!',
    'zh-HK': '請檢查伺服器配置！',
  },
  voiceNotCaught: {
    'zh-CN': '我没有听清，请再说一遍好吗？',
    en: "I didn't quite catch that. Can you say it again?",
    'zh-HK': '我沒有聽清，請再說一遍好嗎？',
  },
  voiceNoSkill: {
    'zh-CN': '哎呀，这个技能我还没学会，换个说法试试吧！',
    en: "Oops, I haven't learned that skill yet, try another way of saying it!",
    'zh-HK': '哎呀，這個技能我還沒學會，換個說法試試吧！',
  },
  voiceFailed: {
    'zh-CN': '语音识别失败（{status}），请再试一次',
    en: 'Speech recognition failed ({status}), please try again',
    'zh-HK': '語音識別失敗（{status}），請再試一次',
  },
  voiceClosed: {
    'zh-CN': '语音服务连接已断开，请再试一次',
    en: 'The connection to the speech service was lost, please try again',
    'zh-HK': '語音服務連線已中斷，請再試一次',
  },
  voiceTimeout: {
    'zh-CN': '语音服务没有响应，请稍后再试',
    en: 'The speech service did not answer, please try again later',
    'zh-HK': '語音服務沒有回應，請稍後再試',
  },
  voiceConnect: {
    'zh-CN': '无法连接语音服务，请检查网络',
    en: 'Could not reach the speech service, please check the network',
    'zh-HK': '無法連接語音服務，請檢查網絡',
  },
} satisfies TextTable;

export const voiceText = defineTexts(VOICE_TEXTS);

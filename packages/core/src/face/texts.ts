/** Face screen texts (spec part 2 §2, §4, §5, §8). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const FACE_TEXTS = {
  faceInitialising: {
    'zh-CN': '人脸识别初始化中，请稍候…',
    en: 'Initialising face recognition, please wait…',
    'zh-HK': '人臉識別初始化中，請稍候…',
  },
  faceTimeout: {
    'zh-CN': '人脸检测超时，点击重试',
    en: 'Face detection timed out, click to retry',
    'zh-HK': '人臉檢測逾時，點擊重試',
  },
  faceTimeoutHint: {
    'zh-CN': '请在 15 秒内正对识别区域 2 秒以上',
    en: 'Face the area for over 2 seconds within 15 seconds',
    'zh-HK': '請在 15 秒內正對識別區域 2 秒以上',
  },
  faceRetry: { 'zh-CN': '点击重试', en: 'Click to retry', 'zh-HK': '點擊重試' },
  faceNoCamera: {
    'zh-CN': '该设备未检测到摄像头',
    en: 'No camera device detected on this device',
    'zh-HK': '該裝置未檢測到攝影機',
  },
  faceNoUserId: { 'zh-CN': '未找到 userId', en: 'userId is not find', 'zh-HK': '未找到 userId' },
  faceCollected: { 'zh-CN': '人脸采集完成', en: 'Face collection complete', 'zh-HK': '人臉採集完成' },
  faceInsecure: {
    'zh-CN': '当前页面不是 https 或 localhost，无法使用摄像头，请上传照片',
    en: 'The camera can only be used over https or from localhost; please upload a photo instead',
    'zh-HK': '目前頁面不是 https 或 localhost，無法使用攝影機，請上傳照片',
  },
  faceLastCollected: {
    'zh-CN': '最近采集时间：{time}',
    en: 'Last collected: {time}',
    'zh-HK': '最近採集時間：{time}',
  },
} satisfies TextTable;

export const faceText = defineTexts(FACE_TEXTS);

/**
 * Core's own user-visible texts in the three languages. Core imports no UI framework, so it cannot use
 * `@lit/localize`; this small table is the whole of core's wording. `{name}` placeholders are filled by `coreText`.
 */
import { getLanguage, type Lang } from './language.ts';

const texts = {
  serverError: {
    'zh-CN': '服务器内部错误！',
    en: 'Server internal error!',
    'zh-HK': '伺服器內部錯誤！',
  },
  timeout: {
    'zh-CN': '请求超时（超过 {ms} 毫秒）',
    en: 'Timeout of {ms}ms exceeded',
    'zh-HK': '請求逾時（超過 {ms} 毫秒）',
  },
  network: {
    'zh-CN': '网络错误',
    en: 'Network Error',
    'zh-HK': '網絡錯誤',
  },
  aborted: {
    'zh-CN': '请求已中止',
    en: 'Request aborted',
    'zh-HK': '請求已中止',
  },
  malformed: {
    'zh-CN': '服务器返回的数据无法识别',
    en: 'The server sent a response that could not be read',
    'zh-HK': '伺服器返回的資料無法識別',
  },
  methodUnsupported: {
    'zh-CN': '不支持的请求方式：{method}',
    en: 'Unsupported request method: {method}',
    'zh-HK': '不支援的請求方式：{method}',
  },
  methodRefused: {
    'zh-CN': '请求助手不允许直接使用 {method}',
    en: 'The request helper does not allow {method} directly',
    'zh-HK': '請求助手不允許直接使用 {method}',
  },
  fileTypeError: {
    'zh-CN': '文件类型错误',
    en: 'file type error',
    'zh-HK': '檔案類型錯誤',
  },
  signatureInvalid: {
    'zh-CN': '登录信息校验失败，请重新登录',
    en: 'Your sign-in could not be verified, please sign in again',
    'zh-HK': '登入資料校驗失敗，請重新登入',
  },
  sessionExpired: {
    'zh-CN': '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
    'zh-HK': '登入已過期，請重新登入',
  },
  // Login (part 1 §4, §5, §8; part 2 §5, §8).
  usernameRequired: {
    'zh-CN': '用户名不能为空！',
    en: 'User name cannot be empty!',
    'zh-HK': '用戶名不能為空！',
  },
  passwordRequired: {
    'zh-CN': '密码不能为空！',
    en: 'Password cannot be empty!',
    'zh-HK': '密碼不能為空！',
  },
  loginSuccess: {
    'zh-CN': '登录成功',
    en: 'Login success',
    'zh-HK': '登入成功',
  },
  ticketPathMissing: {
    'zh-CN': '未配置票据登录地址，无法使用票据登录',
    en: 'No ticket path is configured: the ticket cannot be used to sign in',
    'zh-HK': '未配置票據登入地址，無法使用票據登入',
  },
  socialStateMismatch: {
    'zh-CN': '登录请求已失效或并非从本页发起，请重新登录',
    en: 'This sign-in was not started from this page or has expired, please sign in again',
    'zh-HK': '登入請求已失效或並非從本頁發起，請重新登入',
  },
  missingClientId: {
    'zh-CN': '缺少 client_id，请返回重试！',
    en: 'Missing client_id, please go back and try again!',
    'zh-HK': '缺少 client_id，請返回重試！',
  },
  zoomWarning: {
    'zh-CN': '您的浏览器目前处于缩放状态（{percent}%），页面可能显示异常，建议将缩放比例恢复为 100%（可按 Ctrl+0）。',
    en: 'Your browser is zoomed to {percent}%, so pages may not display correctly. We recommend 100% (press Ctrl+0).',
    'zh-HK': '您的瀏覽器目前處於縮放狀態（{percent}%），頁面可能顯示異常，建議將縮放比例恢復為 100%（可按 Ctrl+0）。',
  },
  // Validation, file pick, formatting and export (part 2 §5, §8, §9).
  fileNotFound: { 'zh-CN': '未找到文件', en: 'Not find file', 'zh-HK': '未找到檔案' },
  fileTooLarge: { 'zh-CN': '文件大小超出限制', en: 'Size exceeds limit', 'zh-HK': '檔案大小超出限制' },
  fileTypeNotAllowed: {
    'zh-CN': '不允许选择该类型的文件（.{ext}）',
    en: 'Files of this type are not allowed (.{ext})',
    'zh-HK': '不允許選擇該類型的檔案（.{ext}）',
  },
  // Uploads (part 2 §8): one text per error kind of the catalogue.
  uploadCheckError: {
    'zh-CN': '文件校验失败，请重试',
    en: 'The file could not be checked on the server, please try again',
    'zh-HK': '檔案校驗失敗，請重試',
  },
  uploadError: { 'zh-CN': '文件上传失败', en: 'The file could not be uploaded', 'zh-HK': '檔案上傳失敗' },
  uploadChunkError: {
    'zh-CN': '文件分片上传失败',
    en: 'A part of the file could not be uploaded',
    'zh-HK': '檔案分片上傳失敗',
  },
  uploadChunkCheckError: {
    'zh-CN': '文件分片校验失败',
    en: 'A part of the file could not be checked on the server',
    'zh-HK': '檔案分片校驗失敗',
  },
  uploadMergeError: {
    'zh-CN': '文件合并失败',
    en: 'The server could not assemble the file',
    'zh-HK': '檔案合併失敗',
  },
  uploadChunkCount: {
    'zh-CN': '文件分片数量异常',
    en: 'chunk count abnormal',
    'zh-HK': '檔案分片數量異常',
  },
  uploadFailed: { 'zh-CN': '上传失败', en: 'upload failed', 'zh-HK': '上傳失敗' },
  uploadNoAnswer: {
    'zh-CN': '无法连接服务器，文件尚未传完，请稍后重试',
    en: 'The server cannot be reached and the file is not uploaded yet, please try again later',
    'zh-HK': '無法連接伺服器，檔案尚未傳完，請稍後重試',
  },
  uploadReadError: {
    'zh-CN': '无法读取文件，请重新选择',
    en: 'The file could not be read, please pick it again',
    'zh-HK': '無法讀取檔案，請重新選擇',
  },
  fieldRequired: { 'zh-CN': '此项为必填项', en: 'This field is required', 'zh-HK': '此項為必填項' },
  invalidIdCard: {
    'zh-CN': '请输入正确的身份证号码',
    en: 'Please enter a valid ID card number',
    'zh-HK': '請輸入正確的身份證號碼',
  },
  invalidPhone: {
    'zh-CN': '请输入正确的 11 位手机号码',
    en: 'Please enter a valid 11-digit mobile number',
    'zh-HK': '請輸入正確的 11 位手機號碼',
  },
  invalidEmail: {
    'zh-CN': '请输入正确的电子邮箱',
    en: 'Please enter a valid e-mail address',
    'zh-HK': '請輸入正確的電郵地址',
  },
  invalidContact: {
    'zh-CN': '联系方式只能包含数字、短横线和空格',
    en: 'A contact number may only contain digits, dashes and spaces',
    'zh-HK': '聯絡方式只能包含數字、短橫線和空格',
  },
  justNow: { 'zh-CN': '刚刚', en: 'just now', 'zh-HK': '剛剛' },
  minuteAgo: { 'zh-CN': '1分钟前', en: '1 minute ago', 'zh-HK': '1分鐘前' },
  minutesAgo: { 'zh-CN': '{n}分钟前', en: '{n} minutes ago', 'zh-HK': '{n}分鐘前' },
  hourAgo: { 'zh-CN': '1小时前', en: '1 hour ago', 'zh-HK': '1小時前' },
  hoursAgo: { 'zh-CN': '{n}小时前', en: '{n} hours ago', 'zh-HK': '{n}小時前' },
  dayAgo: { 'zh-CN': '1天前', en: '1 day ago', 'zh-HK': '1天前' },
  exportNoTable: {
    'zh-CN': '请指定要下载的表格',
    en: 'Please specify the table to download',
    'zh-HK': '請指定要下載的表格',
  },
  downloadFailed: { 'zh-CN': '下载失败', en: 'Download failed', 'zh-HK': '下載失敗' },
  // Voice commands (part 2 §5, §8).
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
  // Face screen (part 2 §2, §4, §5, §8).
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
  // Portal shell (part 1 §2, §8).
  moduleExpired: {
    'zh-CN': '该模块已过期，请联系管理员！',
    en: 'This module has expired, please contact the administrator!',
    'zh-HK': '該模組已過期，請聯絡管理員！',
  },
} satisfies Record<string, Record<Lang, string>>;

export type CoreTextKey = keyof typeof texts;

/** Core's text for `key` in `lang` (default: the language in force), with `{name}` placeholders filled. */
export function coreText(
  key: CoreTextKey,
  vars: Record<string, string | number> = {},
  lang: Lang = getLanguage(),
): string {
  const template = texts[key][lang] ?? texts[key].en;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

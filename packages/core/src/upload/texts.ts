/** The upload catalogue's texts (spec part 2 §8): one per error kind; the file refusals come from validation. */
import { defineTexts, type TextTable } from '../i18n/messages.ts';
import { FILE_TEXTS } from '../validate/texts.ts';

export const UPLOAD_TEXTS = {
  ...FILE_TEXTS,
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
    'zh-CN': '文件已被修改或移走，无法读取，请重新选择',
    en: 'The file changed or was moved since it was picked: pick it again',
    'zh-HK': '檔案已被修改或移走，無法讀取，請重新選擇',
  },
  uploadQuotaExceeded: {
    'zh-CN': '存储空间已达上限（或同时上传的文件过多），请删除不用的文件或稍后再试',
    en: 'Your storage is full (or too many uploads are in progress): delete files you no longer need or try again later',
    'zh-HK': '儲存空間已達上限（或同時上傳的檔案過多），請刪除不用的檔案或稍後再試',
  },
} satisfies TextTable;

export const uploadText = defineTexts(UPLOAD_TEXTS);

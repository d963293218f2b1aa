/** Platform: the one notifier hook, safe storage, device, MD5. */
export { setNotifier, notify, type Notice, type NoticeType, type Notifier } from './notify.ts';
export { readString, writeString, removeKey, clearArea, readJson, writeJson, type StorageArea } from './storage.ts';
export { detectDevice, detectMessagingClient, type Device } from './device.ts';
export { md5Hex } from './md5.ts';
export { safeUrl, httpOrigin, type SafeUrlPolicy } from './safe-url.ts';

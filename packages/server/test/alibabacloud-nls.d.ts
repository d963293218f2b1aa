// Types of the part of Alibaba's Node.js speech SDK the gateway tests use (the package ships none).
declare module 'alibabacloud-nls' {
  export default class SpeechRecognition {
    constructor(config: { url: string; appkey: string; token: string });
    defaultStartParams(): Record<string, unknown>;
    on(event: 'started' | 'changed' | 'completed' | 'failed' | 'closed', handler: (message: string) => void): void;
    /** Resolves with the RecognitionStarted event's text. */
    start(params: Record<string, unknown>, enablePing?: boolean, pingInterval?: number): Promise<string>;
    /** Sends StopRecognition; resolves with the RecognitionCompleted event's text. */
    close(params?: Record<string, unknown>): Promise<string>;
    sendAudio(data: Uint8Array): boolean;
    shutdown(): void;
  }
}

export declare function ensureSpeechTools(): void;
export declare function speechPcm(text: string, options?: { voice?: string; padMs?: number }): Buffer;

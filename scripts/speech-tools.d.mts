export declare function ensureSpeechTools(): void;
export declare function speechPcm(text: string, options?: { voice?: string; padMs?: number }): Buffer;
/** A 16-bit PCM WAV file's bytes: `samples` (−1…1, interleaved when `channels` > 1) at `rate`. */
export declare function wavBytes(samples: ArrayLike<number>, options?: { rate?: number; channels?: number }): Buffer;

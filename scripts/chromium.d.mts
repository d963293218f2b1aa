export declare const chromiumArgs: string[];
export declare function findChromium(): string | undefined;
export declare function ensureChromium(): string;
export declare function fakeMediaArgs(files?: { video?: string; audio?: string }): string[];

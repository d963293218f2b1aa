export declare const faceAssets: Readonly<Record<string, string>>;
export declare const FACE_ASSETS_PATH: string;
export declare function faceAssetFile(pathname: string, prefix?: string): string | null;
export declare function faceAssetType(file: string): string;
export declare function copyFaceAssets(dir: string): void;

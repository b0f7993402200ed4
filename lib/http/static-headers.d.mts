export declare const STATIC_HEADERS: { key: string; value: string }[];
export declare const CAMERA_PAGES: string[];
export declare const CAMERA_PERMISSIONS: string;

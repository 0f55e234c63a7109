// Types for scripts/seed-installer.mjs (imported by tests/unit/tracking.test.ts and the e2e spec).
export declare const INSTALLER_KEY: string;
export declare const INSTALLER_BUCKET: string;
export declare const INSTALLER_SIZE: number;
export declare function installerBytes(size?: number): Uint8Array;

// Types of productionBuild.mjs (plain JavaScript so `npm start` runs it without tsx).
export declare const BUILD_SOURCES: readonly string[];
export declare const BUILD_STAMP: string;
export declare const BUILD_MODE: 'production';
export declare const BUILD_ARGS: readonly string[];
export declare function rebuildReason(root?: string, distDir?: string): string | null;
export declare function productionBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function writeBuildStamp(root?: string, distDir?: string): void;

export declare const SERVER_ENTRY: string;
export declare const SERVER_DIR: string;
export declare const SERVER_FILE: string;
export declare function buildServer(outDir?: string): Promise<{ outDir: string; inputs: string[] }>;
export declare function serverIsFresh(outDir?: string, dir?: string): boolean;
export declare function main(): Promise<void>;

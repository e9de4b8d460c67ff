export declare const ENTRY: string;
export declare function inputsHash(inputs: string[], dir?: string): string;
export declare function isFresh(outDir?: string, dir?: string, entryFile?: string): boolean;
export declare function buildEngineWorker(outDir?: string): Promise<{ outDir: string; inputs: string[] }>;
export declare function buildBundle(options: {
  outDir: string;
  [esbuildOption: string]: unknown;
}): Promise<{ outDir: string; inputs: string[] }>;
export declare function main(): Promise<void>;

export function sourceHash(dir?: string): string;

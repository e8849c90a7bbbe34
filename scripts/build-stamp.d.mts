export declare const root: string;
export declare const stampFile: string;
export declare function computeStamp(): string;
export declare function builtStamp(): string | null;

// Types of compare.mjs for test/fidelity (the bench itself is plain ESM).
export interface StockError { line: number; column: number; message: string }
export interface EngineDiagnostic { range: { start: { line: number; character: number } }; severity: string; message: string }
export interface FileDiff { verdict: "identical" | "dedup" | "different"; onlyStock: string[]; onlyEngine: string[] }
export function compilerOffset(text: string, line1: number, column1: number): number;
export function position(text: string, offset: number): { line: number; character: number };
export function stockKeys(text: string, errors: StockError[]): string[];
export function engineKeys(result: { diagnostics: EngineDiagnostic[] }): string[];
export function compareFile(stock: string[], engine: string[]): FileDiff;
export function classGap(fqn: string): string | undefined;
export function categorise(text: string, diff: FileDiff, failures?: { engineFailure?: string; stockCrash?: string }): string;
export function annotateClasses(text: string, positions: Array<[number, number]>, annotation: string): string;
